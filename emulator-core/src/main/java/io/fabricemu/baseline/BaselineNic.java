package io.fabricemu.baseline;

import io.fabricemu.engine.Element;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.SampleSink;
import io.fabricemu.engine.Signal;
import io.fabricemu.host.CommonTransport;
import io.fabricemu.host.ControlQueue;
import io.fabricemu.host.FlowIndex;
import io.fabricemu.host.FlowReceiver;
import io.fabricemu.host.NicFlow;
import io.fabricemu.net.Arrival;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.PfcArrival;
import io.fabricemu.net.Transmitter;
import io.fabricemu.net.TxDone;
import io.fabricemu.pfc.PfcPauses;
import io.fabricemu.stats.FlowReceiverStats;
import io.fabricemu.stats.FlowSenderStats;
import io.fabricemu.stats.PortStats;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * A host's NIC: one port, the baseline reliable transport for the flows it sends and receives.
 *
 * <p>Its transmitter serves ACKs first (control class), then data packets, taking flows in round-robin
 * order among those whose window (and pacing) lets a packet go. Every data packet is acknowledged with
 * the cumulative PSN as soon as its last bit has arrived. Each flow has at most one pending
 * retransmission timer event, re-armed lazily when its deadline moves.
 *
 * <p>PFC: the NIC honours the pause frames its switch sends ({@link PfcPauses}): while the data class is
 * paused it starts no data packet; ACKs, in the control class, keep going.
 */
public final class BaselineNic implements Element {
    private record FlowStart(int index) implements Signal {
    }

    private record RtoTimer(int index) implements Signal {
    }

    private enum PacingWake implements Signal {
        INSTANCE
    }

    private final int host;
    private final String name;
    private final CommonTransport transport;
    private final Transmitter tx;
    private final PfcPauses pauses;
    private final NicFlow[] outFlows;
    private final FlowSender[] senders;
    private final boolean[] timerPending;
    private final FlowIndex outIndex;
    private final FlowReceiver[] receivers;
    private final FlowIndex inIndex;
    private final ControlQueue controlQueue = new ControlQueue();
    private final List<Integer> active = new ArrayList<>();
    private int roundRobin;
    private long pacingWakePs = Long.MAX_VALUE;

    /**
     * @param host      this NIC's host id
     * @param name      stable name for results
     * @param linkId    element id of the NIC's outgoing link
     * @param rateBps   the NIC's line rate
     * @param handoffPs the outgoing link's handoff time
     * @param outgoing  flows this NIC sends
     * @param incoming  flows this NIC receives (peer is the sender)
     * @param transport what the transport shares with every protocol
     * @param ccFactory a new congestion controller for the flow with the given id
     */
    public BaselineNic(int host, String name, int linkId, long rateBps, long handoffPs, List<NicFlow> outgoing,
               List<NicFlow> incoming, CommonTransport transport,
               IntFunction<CongestionControl> ccFactory) {
        this.host = host;
        this.name = name;
        this.transport = transport;
        this.tx = new Transmitter(linkId, rateBps, handoffPs);
        this.pauses = new PfcPauses(transport.controlClass() + 1, rateBps);
        this.outFlows = outgoing.toArray(new NicFlow[0]);
        this.senders = new FlowSender[outFlows.length];
        this.timerPending = new boolean[outFlows.length];
        int[] outIds = new int[outFlows.length];
        for (int i = 0; i < outFlows.length; i++) {
            NicFlow f = outFlows[i];
            senders[i] = new FlowSender(f.flowId(), f.bytes(), transport.payloadBytes(), transport.rtoPs(),
                    ccFactory.apply(f.flowId()));
            outIds[i] = f.flowId();
        }
        this.outIndex = new FlowIndex(outIds);
        this.receivers = new FlowReceiver[incoming.size()];
        int[] inIds = new int[receivers.length];
        for (int i = 0; i < receivers.length; i++) {
            NicFlow f = incoming.get(i);
            receivers[i] = new FlowReceiver(f.flowId(), f.bytes(), transport.payloadBytes());
            inIds[i] = f.flowId();
        }
        this.inIndex = new FlowIndex(inIds);
    }

    @Override
    public void start(EventContext ctx) {
        for (int i = 0; i < outFlows.length; i++) {
            ctx.schedule(outFlows[i].startPs(), new FlowStart(i));
        }
    }

    @Override
    public void onEvent(Signal signal, EventContext ctx) {
        if (signal instanceof Arrival a) {
            receive(a.packet(), ctx);
        } else if (signal == TxDone.INSTANCE) {
            tx.done();
        } else if (signal instanceof RtoTimer t) {
            onTimer(t.index(), ctx);
        } else if (signal instanceof FlowStart s) {
            active.add(s.index());
        } else if (signal == PacingWake.INSTANCE) {
            pacingWakePs = Long.MAX_VALUE;
        } else if (signal instanceof PfcArrival a) {
            pauses.received(a.frame(), ctx.nowPs());
        } else if (pauses.onWake(signal, ctx.nowPs())) {
            // a pause may have expired: pump below tries again
        } else {
            throw new IllegalArgumentException("NIC " + name + " cannot handle " + signal);
        }
        pump(ctx);
    }

    private void receive(Packet p, EventContext ctx) {
        long now = ctx.nowPs();
        if (p.kind() == PacketKind.DATA) {
            int i = inIndex.indexOf(p.flowId());
            if (i < 0) {
                throw new IllegalStateException("NIC " + name + " received data of unknown flow " + p.flowId());
            }
            if (p.trimmed()) {
                reply(p, PacketKind.NACK, p.psn(), 0);
                return;
            }
            long cumulative = receivers[i].onData(p.psn(), p.payloadBytes(), now);
            reply(p, PacketKind.ACK, cumulative, p.congestionExperienced() ? Packet.FLAG_ECN_ECHO : 0);
            return;
        }
        int i = outIndex.indexOf(p.flowId());
        if (i < 0) {
            throw new IllegalStateException("NIC " + name + " received a " + p.kind() + " of unknown flow " + p.flowId());
        }
        if (p.kind() == PacketKind.NACK) {
            senders[i].nacked(p.psn(), now);
            return;
        }
        boolean finished = senders[i].acked(p.psn(), now, p.timestampPs(), (p.flags() & Packet.FLAG_ECN_ECHO) != 0);
        if (finished) {
            ctx.flowCompleted();
            active.remove(Integer.valueOf(i));
        }
    }

    /** Queues a header-only control packet back to the sender of {@code data}. */
    private void reply(Packet data, PacketKind kind, long psn, int flags) {
        Packet p = new Packet(kind, data.flowId(), host, data.src(), transport.headerBytes(), 0,
                transport.controlClass(), 0, data.entropy(), psn, data.timestampPs(), flags);
        controlQueue.add(p);
    }

    private void onTimer(int i, EventContext ctx) {
        timerPending[i] = false;
        FlowSender s = senders[i];
        if (!s.timerFired(ctx.nowPs())) {
            armTimer(i, s.rtoDeadlinePs(), ctx);
        }
    }

    private void armTimer(int i, long deadlinePs, EventContext ctx) {
        if (!timerPending[i] && deadlinePs != Long.MAX_VALUE) {
            timerPending[i] = true;
            ctx.schedule(deadlinePs, new RtoTimer(i));
        }
    }

    /** Starts the next packet if the transmitter is free and something may go. */
    private void pump(EventContext ctx) {
        if (tx.busy()) {
            return;
        }
        Packet control = controlQueue.poll();
        if (control != null) {
            tx.start(control, ctx);
            return;
        }
        long now = ctx.nowPs();
        if (pauses.paused(transport.dataClass(), now)) {
            pauses.armWake(transport.dataClass(), ctx);
            return;
        }
        int n = active.size();
        long pacedUntil = Long.MAX_VALUE;
        for (int k = 0; k < n; k++) {
            int slot = (roundRobin + k) % n;
            int i = active.get(slot);
            FlowSender s = senders[i];
            long psn = s.nextSendablePsn(now);
            if (psn < 0) {
                pacedUntil = Math.min(pacedUntil, s.pacedUntilPs(now));
                continue;
            }
            NicFlow f = outFlows[i];
            int payload = s.payloadOf(psn);
            Packet data = new Packet(PacketKind.DATA, f.flowId(), host, f.peer(),
                    payload + transport.headerBytes(), payload, transport.dataClass(), Packet.ECN_ECT0,
                    f.entropy(), psn, now, 0);
            armTimer(i, s.sent(psn, now), ctx);
            roundRobin = slot + 1;
            tx.start(data, ctx);
            return;
        }
        if (pacedUntil < pacingWakePs) {
            pacingWakePs = pacedUntil;
            ctx.schedule(pacedUntil, PacingWake.INSTANCE);
        }
    }

    @Override
    public void sample(SampleSink sink) {
        sink.port(name, 0, controlQueue.bytes(), 0, 0, 0, 0, 0, 0, tx.txBytes());
        for (FlowSender s : senders) {
            sink.sender(s.flowId(), s.windowBytes(), -1, -1);
        }
        for (FlowReceiver r : receivers) {
            sink.receiver(r.flowId(), r.deliveredBytes());
        }
    }

    @Override
    public ElementReport report() {
        List<FlowSenderStats> sent = new ArrayList<>();
        for (FlowSender s : senders) {
            sent.add(new FlowSenderStats(s.flowId(), s.retransmittedBytes(), s.ackedAllPs()));
        }
        List<FlowReceiverStats> received = new ArrayList<>();
        for (FlowReceiver r : receivers) {
            received.add(new FlowReceiverStats(r.flowId(), r.deliveredBytes(), r.finishPs(),
                    r.outOfOrderDeliveries()));
        }
        PortStats port = new PortStats(name, 0, controlQueue.peakBytes(), 0, 0, 0, tx.txBytes(), pauses.counters());
        return new ElementReport(sent, received, List.of(port));
    }
}
