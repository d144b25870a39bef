package io.fabricemu.switching;

import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.Signal;
import io.fabricemu.fault.FailoverRoutes;
import io.fabricemu.net.Ecmp;
import io.fabricemu.net.Packet;
import io.fabricemu.time.Ps;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A switch port's part in adaptive routing ({@link AdaptiveRouting}), as the last of its egress stages. As an
 * egress, it tells the switch's other ports its queue level when the level changes (at most once per update
 * period; a change within it goes out when the period ends). As an ingress, it keeps the levels the other ports
 * told it and chooses a data packet's egress among the shortest-path ports: one of those with the lowest level, at
 * random among them as the reference does ({@code FatTreeSwitch::adaptive_route}), from a generator seeded by the
 * switch and the port, so a run repeats. Per flow, a flow keeps its port until it has been idle for the sticky time and another port is
 * strictly less loaded. The flows map is only looked up, never iterated.
 */
final class AdaptivePort implements EgressStage {
    /** Salt that keeps the pick among the least loaded ports apart from the ECMP hash and the ECN draws. */
    private static final long PICK_SALT = 0xADA9_7001L;

    private final AdaptiveRouting settings;
    private final SwitchPlan plan;
    private final int portNumber;
    private final EgressPort port;
    private final int[] levels;
    private final int[] scratch;
    private final Map<Integer, long[]> flows;
    /** Picks among equally loaded ports, as the reference's {@code random()} does; seeded, so runs repeat. */
    private final SplittableRandom random;
    private int published;
    private long nextPublishPs;
    private boolean publishArmed;

    private enum PublishDue implements Signal {
        INSTANCE
    }

    /** Time to look at the bandwidth level again: it falls while the port is idle. */
    private enum Decay implements Signal {
        INSTANCE
    }

    /** The transmitter's recent busy time, or null when the method does not read it. */
    private final BusyWindow busy;
    private boolean decayArmed;

    AdaptivePort(AdaptiveRouting settings, SwitchPlan plan, int portNumber, EgressPort port) {
        this.settings = settings;
        this.plan = plan;
        this.portNumber = portNumber;
        this.port = port;
        this.levels = new int[plan.portCount()];
        this.scratch = new int[plan.portCount()];
        this.flows = settings.granularity() == AdaptiveRouting.Granularity.FLOW ? new HashMap<>() : null;
        this.random = new SplittableRandom(Ecmp.mix(plan.ecmpSalt() ^ PICK_SALT ^ portNumber));
        this.busy = settings.method().readsBandwidth() ? new BusyWindow() : null;
    }

    @Override
    public void departed(Packet p, int ingressPort, EventContext ctx) {
        if (busy != null) {
            busy.sent(ctx.nowPs(), Ps.serializationPs(p.sizeBytes(), plan.portRatesBps()[portNumber]));
        }
    }

    @Override
    public void occupancyChanged(EventContext ctx) {
        long nowPs = ctx.nowPs();
        int level = settings.method().word(port.paused(nowPs),
                AdaptiveRouting.level(port.queuedBytes(), plan.settings().queueBytes()),
                busy == null ? 0 : busy.level(nowPs));
        levels[portNumber] = level;
        if (busy != null && busy.counting() && !decayArmed) {
            decayArmed = true;
            ctx.schedule((nowPs / BusyWindow.SLOT_PS + 1) * BusyWindow.SLOT_PS, Decay.INSTANCE);
        }
        if (level == published) {
            return;
        }
        long now = ctx.nowPs();
        if (now >= nextPublishPs) {
            publish(level, ctx);
        } else if (!publishArmed) {
            publishArmed = true;
            ctx.schedule(nextPublishPs, PublishDue.INSTANCE);
        }
    }

    private void publish(int level, EventContext ctx) {
        published = level;
        long now = ctx.nowPs();
        nextPublishPs = now + settings.updatePeriodPs();
        PortLoad load = new PortLoad(portNumber, level);
        int[] ids = plan.portElementIds();
        for (int p = 0; p < ids.length; p++) {
            if (p != portNumber) {
                ctx.send(ids[p], now + plan.latencyPs(), load);
            }
        }
    }

    @Override
    public boolean handle(Signal signal, EventContext ctx) {
        if (signal instanceof PortLoad load) {
            levels[load.port()] = load.level();
            return true;
        }
        if (signal == Decay.INSTANCE) {
            decayArmed = false;
            occupancyChanged(ctx);
            return true;
        }
        if (signal == PublishDue.INSTANCE) {
            publishArmed = false;
            if (levels[portNumber] != published) {
                publish(levels[portNumber], ctx);
            }
            return true;
        }
        return false;
    }

    /**
     * The egress of {@code p}, whose ECMP choice is {@code hashed}; {@code routes}: the routes around failures this
     * port knows of, or null.
     */
    int choose(Packet p, int hashed, FailoverRoutes routes, long nowPs) {
        if (p.sizeBytes() < AdaptiveRouting.SMALL_BYTES) {
            return hashed;
        }
        int[] candidates = routes == null || routes.allUp() ? plan.routes().nextPorts(plan.node(), p.dst())
                : routes.nextPorts(p.dst());
        if (candidates.length < 2) {
            return hashed;
        }
        if (flows == null) {
            return leastLoaded(candidates);
        }
        long[] flow = flows.get(p.flowId());
        if (flow == null) {
            int chosen = leastLoaded(candidates);
            flows.put(p.flowId(), new long[] {chosen, nowPs});
            return chosen;
        }
        int kept = (int) flow[0];
        if (nowPs - flow[1] > settings.stickyDeltaPs() || !contains(candidates, kept)) {
            int better = leastLoaded(candidates);
            if (!contains(candidates, kept) || levels[better] < levels[kept]) {
                kept = better;
            }
        }
        flow[0] = kept;
        flow[1] = nowPs;
        return kept;
    }

    private int leastLoaded(int[] candidates) {
        int least = Integer.MAX_VALUE;
        for (int c : candidates) {
            least = Math.min(least, levels[c]);
        }
        int count = 0;
        for (int c : candidates) {
            if (levels[c] == least) {
                scratch[count++] = c;
            }
        }
        return count == 1 ? scratch[0] : scratch[random.nextInt(count)];
    }

    private static boolean contains(int[] ports, int port) {
        for (int q : ports) {
            if (q == port) {
                return true;
            }
        }
        return false;
    }
}
