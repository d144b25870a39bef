package io.fabricemu.switching;

import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.Signal;
import io.fabricemu.fault.CableChanges;
import io.fabricemu.fault.FailoverRoutes;
import io.fabricemu.fault.RouteNotice;
import io.fabricemu.fault.RouteNotice.Hop;
import io.fabricemu.net.Ecmp;
import io.fabricemu.net.Packet;

/**
 * A switch port's part in routing around failed cables: it detects its own cable's changes, floods the routing
 * updates ({@link RouteNotice}) and chooses routes by what it has installed ({@link FailoverRoutes}).
 *
 * <p>Detection: at each detected change of its cable ({@link CableChanges}) the port installs it at once and tells
 * the other ports of its switch, which install it on arrival, one pipeline latency later (the switch's hardware
 * failover). Flooding: every port of a switch that installs or schedules an update sends it over its own link to
 * the neighbouring switch; the port there, the first time it sees it, tells the other ports of its switch, and
 * each of them installs it at the update's install time (detection plus convergence) and sends it on over its own
 * link. Every message takes positive virtual time (a link's flight, a switch's latency), so the engine's
 * lookahead holds. A port facing a host sends nothing over its link: hosts do not route.
 */
final class FailoverPort {
    /** The port's timer: its cable's change {@code index} is detected now. */
    private record Detected(int index) implements Signal {
    }

    /** The port's timer: install {@code notice} now. */
    private record Install(RouteNotice notice) implements Signal {
    }

    private final FailoverRoutes routes;
    private final int cable;
    private final CableChanges changes;
    private final int[] switchPorts;
    private final int portNumber;
    private final int linkId;
    private final long handoffPs;
    private final long latencyPs;
    private final long convergePs;
    private final boolean hostFacing;

    /**
     * @param routes      the port's routes
     * @param cable       its cable
     * @param changes     its cable's detected changes
     * @param switchPorts element ids of its switch's ports, by port number
     * @param portNumber  its number
     * @param linkId      its outgoing link
     * @param handoffPs   its outgoing link's handoff time
     * @param latencyPs   its switch's pipeline latency
     * @param convergePs  from detection to every switch's routes agreeing
     * @param hostFacing  its link leads to a host
     */
    FailoverPort(FailoverRoutes routes, int cable, CableChanges changes, int[] switchPorts, int portNumber,
                 int linkId, long handoffPs, long latencyPs, long convergePs, boolean hostFacing) {
        this.routes = routes;
        this.cable = cable;
        this.changes = changes;
        this.switchPorts = switchPorts.clone();
        this.portNumber = portNumber;
        this.linkId = linkId;
        this.handoffPs = handoffPs;
        this.latencyPs = latencyPs;
        this.convergePs = convergePs;
        this.hostFacing = hostFacing;
    }

    void start(EventContext ctx) {
        for (int i = 0; i < changes.count(); i++) {
            ctx.schedule(changes.detectedPs(i), new Detected(i));
        }
    }

    FailoverRoutes routes() {
        return routes;
    }

    /**
     * The egress port {@code p} leaves by: ECMP over the routes around the failures this port knows of (the
     * switch's own when it knows of none), or -1 when there is no route to its destination.
     */
    int route(Packet p, SwitchPlan plan) {
        if (routes.allUp()) {
            return plan.nextPort(p);
        }
        int[] candidates = routes.nextPorts(p.dst());
        return candidates.length == 0 ? -1 : candidates[Ecmp.select(p, plan.ecmpSalt(), candidates.length)];
    }

    /** Handles {@code signal} if it is about routing; returns whether it was. */
    boolean handle(Signal signal, EventContext ctx) {
        if (signal instanceof Detected d) {
            long now = ctx.nowPs();
            RouteNotice n = new RouteNotice(cable, d.index() + 1, changes.down(d.index()), changes.fault(d.index()),
                    now + convergePs, Hop.DETECTED);
            routes.firstSight(n);
            routes.install(n);
            tellSwitch(n, ctx);
            sendOut(n, ctx);
            return true;
        }
        if (signal instanceof Install i) {
            routes.install(i.notice());
            return true;
        }
        if (!(signal instanceof RouteNotice n)) {
            return false;
        }
        if (!routes.firstSight(n)) {
            return true;
        }
        switch (n.hop()) {
            case DETECTED -> routes.install(n);
            case FROM_NEIGHBOUR -> {
                installAt(n, ctx);
                tellSwitch(n.by(Hop.WITHIN_SWITCH), ctx);
            }
            case WITHIN_SWITCH -> installAt(n, ctx);
        }
        sendOut(n, ctx);
        return true;
    }

    private void installAt(RouteNotice n, EventContext ctx) {
        if (n.installAtPs() <= ctx.nowPs()) {
            routes.install(n);
        } else {
            ctx.schedule(n.installAtPs(), new Install(n));
        }
    }

    /** Tells the other ports of this switch, one pipeline latency from now. */
    private void tellSwitch(RouteNotice n, EventContext ctx) {
        for (int p = 0; p < switchPorts.length; p++) {
            if (p != portNumber) {
                ctx.send(switchPorts[p], ctx.nowPs() + latencyPs, n);
            }
        }
    }

    /** Sends {@code n} over this port's link to the neighbouring switch (its link drops it while down). */
    private void sendOut(RouteNotice n, EventContext ctx) {
        if (!hostFacing) {
            ctx.send(linkId, ctx.nowPs() + handoffPs, n.by(Hop.FROM_NEIGHBOUR));
        }
    }
}
