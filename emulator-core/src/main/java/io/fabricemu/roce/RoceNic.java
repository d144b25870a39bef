package io.fabricemu.roce;

import io.fabricemu.engine.Element;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.SampleSink;
import io.fabricemu.engine.Signal;
import io.fabricemu.host.CommonTransport;
import io.fabricemu.host.ControlQueue;
import io.fabricemu.host.FlowIndex;
import io.fabricemu.host.NicFlow;
import io.fabricemu.net.Arrival;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.PfcArrival;
import io.fabricemu.net.RoceHeader;
import io.fabricemu.net.Transmitter;
import io.fabricemu.net.TxDone;
import io.fabricemu.pfc.PfcPauses;
import io.fabricemu.stats.FlowReceiverStats;
import io.fabricemu.stats.FlowSenderStats;
import io.fabricemu.stats.PortStats;
import io.fabricemu.time.Ps;
import io.fabricemu.wreb.NoticeCounts;
import io.fabricemu.wreb.SenderNotices;
import java.util.ArrayList;
import java.util.List;

/**
 * A host's NIC running RoCEv2 reliable connections: a requester QP ({@link RcRequester}) per flow it sends,
 * a responder QP ({@link RcResponder}) per flow it receives, and one transmitter.
 *
 * <h2>Transmitter</h2>
 * Control packets (ACKs, NAKs, CNPs) go first, in the order they were made. Then data: QPs in round-robin
 * order, each offering its next PSN if it may send now ({@link #mayGoAtPs}). A QP may not send while an RNR
 * NAK pauses it, nor, under DCQCN, before its previous data packet's start plus that packet's serialization
 * at the QP's current rate RC (the rate as of that packet's start). When nothing may go now but a QP may
 * later, one pacing wake-up is pending for the earliest such time. Without DCQCN QPs send at line rate,
 * bounded only by the plan's maximum outstanding bytes. Data packets are ECN-capable (ECT(0)). While the
 * switch pauses the data class (PFC, {@link PfcPauses}) no data packet starts; control packets keep going.
 *
 * <h2>Feedback</h2>
 * The responder answers every data packet as {@link RcResponder} says (ACK, one NAK per out-of-order
 * episode, or nothing). Under DCQCN, a data packet that arrives marked CE also makes a CNP for its QP unless
 * the QP's notification point sent one within the CNP interval; the CNP is queued before the packet's
 * ACK. A CNP cuts the requester's rate ({@link DcqcnReactionPoint}); every ACK also hands it the round trip
 * of the packet it acknowledges, which only its optional path-not-congested test uses. Trimmed packets (RoCE has no trimming)
 * count as lost. Each requester has at most one pending transport timer event, re-armed lazily.
 *
 * <h2>Back-to-sender notices</h2>
 * A switch's notice (WREB, {@link SenderNotices}) for a QP's packet: the first one for a packet cuts the
 * rate as a CNP would ({@link DcqcnReactionPoint#onCnp}), a round trip before the responder's CNP could;
 * that CNP, which names the PSN of the CE-marked packet that caused it, is then not counted again. Like
 * CNPs, notice-driven cuts are at most one per CNP interval per QP: the requester keeps its own notification
 * point ({@link DcqcnNotificationPoint}) for them, since switches, unlike the responder, do not space their
 * notices. A drop
 * notice makes the requester go back to the dropped PSN at once ({@link RcRequester#onDropNotice}), without a
 * second cut when an early notice for it came first.
 *
 * <h2>Failure</h2>
 * A QP whose RNR NAKs exceed {@code rnr_retry} enters the error state: it leaves the round robin, its flow is
 * reported failed ({@link FlowSenderStats#failed()}), and the run does not wait for it.
 */
public final class RoceNic implements Element {
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
    private final RocePlan roce;
    private final long rateBps;
    private final Transmitter tx;
    private final PfcPauses pauses;
    private final NicFlow[] outFlows;
    private final RcRequester[] requesters;
    private final DcqcnReactionPoint[] reactionPoints;
    private final SenderNotices[] notices;
    private final DcqcnNotificationPoint[] noticeCuts;
    private long firstCutPs = -1;
    private final long[] pacedUntilPs;
    private final boolean[] timerPending;
    private final FlowIndex outIndex;
    private final RcResponder[] responders;
    private final DcqcnNotificationPoint[] notificationPoints;
    private final FlowIndex inIndex;
    private final ControlQueue controlQueue = new ControlQueue();
    private final List<Integer> active = new ArrayList<>();
    private int roundRobin;
    private long pacingWakePs = Ps.NEVER;

    /**
     * @param host      this NIC's host id
     * @param name      stable name for results
     * @param linkId    element id of the NIC's outgoing link
     * @param rateBps   the NIC's line rate
     * @param handoffPs the outgoing link's handoff time
     * @param outgoing  flows this NIC sends
     * @param incoming  flows this NIC receives (peer is the sender)
     * @param transport what the transport shares with every protocol
     * @param roce      the RoCEv2 transport's settings
     */
    public RoceNic(int host, String name, int linkId, long rateBps, long handoffPs, List<NicFlow> outgoing,
                   List<NicFlow> incoming, CommonTransport transport, RocePlan roce) {
        this.host = host;
        this.name = name;
        this.transport = transport;
        this.roce = roce;
        this.rateBps = rateBps;
        this.tx = new Transmitter(linkId, rateBps, handoffPs);
        this.pauses = new PfcPauses(transport.controlClass() + 1, rateBps);
        this.outFlows = outgoing.toArray(new NicFlow[0]);
        int n = outFlows.length;
        this.requesters = new RcRequester[n];
        this.reactionPoints = new DcqcnReactionPoint[n];
        this.notices = new SenderNotices[n];
        this.noticeCuts = new DcqcnNotificationPoint[n];
        this.pacedUntilPs = new long[n];
        this.timerPending = new boolean[n];
        int[] outIds = new int[n];
        for (int i = 0; i < n; i++) {
            NicFlow f = outFlows[i];
            requesters[i] = new RcRequester(f.flowId(), f.bytes(), roce.messageBytes(), transport.payloadBytes(),
                    transport.rtoPs(), roce.rnrRetry(), roce.maxOutstandingBytes());
            outIds[i] = f.flowId();
        }
        this.outIndex = new FlowIndex(outIds);
        this.responders = new RcResponder[incoming.size()];
        this.notificationPoints = new DcqcnNotificationPoint[responders.length];
        int[] inIds = new int[responders.length];
        for (int i = 0; i < responders.length; i++) {
            NicFlow f = incoming.get(i);
            responders[i] = new RcResponder(f.flowId(), f.bytes());
            if (roce.dcqcn() != null) {
                notificationPoints[i] = new DcqcnNotificationPoint(roce.dcqcn().cnpIntervalPs());
            }
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
            startFlow(s.index(), ctx.nowPs());
        } else if (signal == PacingWake.INSTANCE) {
            if (ctx.nowPs() >= pacingWakePs) {
                pacingWakePs = Ps.NEVER;
            }
        } else if (signal instanceof PfcArrival a) {
            pauses.received(a.frame(), ctx.nowPs());
        } else if (pauses.onWake(signal, ctx.nowPs())) {
            // a pause may have expired: pump below tries again
        } else {
            throw new IllegalArgumentException("NIC " + name + " cannot handle " + signal);
        }
        pump(ctx);
    }

    private void startFlow(int i, long nowPs) {
        DcqcnParams dcqcn = roce.dcqcn();
        if (dcqcn != null) {
            reactionPoints[i] = new DcqcnReactionPoint(dcqcn, rateBps, nowPs, roce.dcqcnCompanions());
        }
        active.add(i);
    }

    private void receive(Packet p, EventContext ctx) {
        if (p.kind() == PacketKind.DATA) {
            respond(p, ctx.nowPs());
            return;
        }
        long now = ctx.nowPs();
        int i = outIndex.indexOf(p.flowId());
        if (i < 0) {
            throw new IllegalStateException("NIC " + name + " received a " + p.kind() + " of unknown flow "
                    + p.flowId());
        }
        RcRequester r = requesters[i];
        switch (p.kind()) {
            case ACK -> {
                if (reactionPoints[i] != null) {
                    reactionPoints[i].onRttSample(now - p.timestampPs(), now);
                }
                if (notices[i] != null) {
                    notices[i].acknowledgedBelow(p.psn() + 1);
                }
                if (r.onAck(p.psn(), p.roce().msn(), now)) {
                    ctx.flowCompleted();
                    active.remove(Integer.valueOf(i));
                }
            }
            case NAK_SEQUENCE -> r.onSequenceNak(p.psn(), now);
            case NAK_RNR -> {
                if (r.onRnrNak(p.psn(), p.roce().rnrPausePs(), now)) {
                    active.remove(Integer.valueOf(i));
                }
            }
            case CNP -> {
                if (reactionPoints[i] == null) {
                    throw new IllegalStateException("NIC " + name + " received a CNP for flow " + p.flowId()
                            + " but runs no DCQCN");
                }
                if (notices[i] == null || !notices[i].echoCovered(p.psn(), true)) {
                    cut(i, now);
                }
            }
            case BTS -> onNotice(i, p, now);
            default -> throw new IllegalStateException("NIC " + name + " cannot take a " + p.kind() + " as control");
        }
    }

    /** A switch's back-to-sender notice for QP {@code i}'s packet {@code p.psn()}. */
    private void onNotice(int i, Packet p, long now) {
        if (notices[i] == null) {
            notices[i] = new SenderNotices();
        }
        switch (notices[i].onNotice(p.psn(), p.bts().ecnBit(), p.bts().cause())) {
            case DECREASE -> noticeCut(i, now);
            case RETRANSMIT -> goBack(i, p.psn(), now);
            case DECREASE_AND_RETRANSMIT -> {
                noticeCut(i, now);
                goBack(i, p.psn(), now);
            }
            case IGNORE -> {
            }
        }
    }

    /** A notice's DCQCN cut, at most one per CNP interval per QP (as the responder spaces its CNPs). */
    private void noticeCut(int i, long now) {
        if (reactionPoints[i] == null) {
            return;
        }
        if (noticeCuts[i] == null) {
            noticeCuts[i] = new DcqcnNotificationPoint(roce.dcqcn().cnpIntervalPs());
        }
        if (noticeCuts[i].onCeMarked(now)) {
            cut(i, now);
        }
    }

    /** A drop notice: go back to {@code psn} now, unless that is stale. */
    private void goBack(int i, long psn, long now) {
        if (!requesters[i].onDropNotice(psn, now)) {
            notices[i].retransmitStale(psn);
        }
    }

    /** QP {@code i}'s DCQCN rate cut, on a CNP or a notice. */
    private void cut(int i, long now) {
        reactionPoints[i].onCnp(now);
        if (firstCutPs < 0) {
            firstCutPs = now;
        }
    }

    /** The responder's side of data packet {@code p}: a CNP if DCQCN asks for one, then the ACK or NAK. */
    private void respond(Packet p, long nowPs) {
        int i = inIndex.indexOf(p.flowId());
        if (i < 0) {
            throw new IllegalStateException("NIC " + name + " received data of unknown flow " + p.flowId());
        }
        if (p.congestionExperienced() && notificationPoints[i] != null && notificationPoints[i].onCeMarked(nowPs)) {
            queue(reply(p, PacketKind.CNP, p.psn(), new RoceHeader(p.flowId(), RoceHeader.Opcode.CNP, 0, 0)));
        }
        if (p.trimmed()) {
            return;
        }
        RcResponder r = responders[i];
        switch (r.onData(p.psn(), p.payloadBytes(), p.roce().opcode().endsMessage(), nowPs)) {
            case ACK -> queue(reply(p, PacketKind.ACK, r.ackPsn(),
                    new RoceHeader(p.flowId(), RoceHeader.Opcode.ACKNOWLEDGE, r.msn(), 0)));
            case NAK_SEQUENCE -> queue(reply(p, PacketKind.NAK_SEQUENCE, r.expectedPsn(),
                    new RoceHeader(p.flowId(), RoceHeader.Opcode.ACKNOWLEDGE, r.msn(), 0)));
            case NONE -> {
            }
        }
    }

    /** A header-only control packet back to the sender of {@code data}, echoing its timestamp. */
    private Packet reply(Packet data, PacketKind kind, long psn, RoceHeader header) {
        return new Packet(kind, data.flowId(), host, data.src(), transport.headerBytes(), 0, transport.controlClass(),
                0, data.entropy(), psn, data.timestampPs(), 0, null, header);
    }

    private void queue(Packet p) {
        controlQueue.add(p);
    }

    private void onTimer(int i, EventContext ctx) {
        timerPending[i] = false;
        RcRequester r = requesters[i];
        if (!r.timerFired(ctx.nowPs())) {
            armTimer(i, r.rtoDeadlinePs(), ctx);
        }
    }

    private void armTimer(int i, long deadlinePs, EventContext ctx) {
        if (!timerPending[i] && deadlinePs != Ps.NEVER) {
            timerPending[i] = true;
            ctx.schedule(deadlinePs, new RtoTimer(i));
        }
    }

    /**
     * The earliest time QP {@code i} may put a data packet on the wire: {@code nowPs} if now, {@link Ps#NEVER}
     * if only an event can release it. This is the one place that decides it: the QP's own state (an RNR
     * pause, done, error) and the DCQCN rate limiter. A PFC pause of the data class holds every QP alike and
     * is checked once, before the round robin ({@link #pump}).
     */
    private long mayGoAtPs(int i, long nowPs) {
        long readyPs = requesters[i].readyAtPs(nowPs);
        return readyPs == Ps.NEVER ? Ps.NEVER : Math.max(readyPs, pacedUntilPs[i]);
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
        long wakePs = Ps.NEVER;
        for (int k = 0; k < n; k++) {
            int slot = (roundRobin + k) % n;
            int i = active.get(slot);
            long atPs = mayGoAtPs(i, now);
            if (atPs > now) {
                wakePs = Math.min(wakePs, atPs);
                continue;
            }
            RcRequester r = requesters[i];
            long psn = r.nextPsn();
            if (psn < 0) {
                continue;
            }
            NicFlow f = outFlows[i];
            int payload = r.payloadOf(psn);
            int wire = payload + transport.headerBytes();
            Packet data = new Packet(PacketKind.DATA, f.flowId(), host, f.peer(), wire, payload,
                    transport.dataClass(), Packet.ECN_ECT0, f.entropy(), psn, now, 0, null,
                    new RoceHeader(f.flowId(), RoceHeader.Opcode.send(r.firstOfMessage(psn), r.lastOfMessage(psn)),
                            0, 0));
            r.sent(psn, now);
            DcqcnReactionPoint rp = reactionPoints[i];
            if (rp != null) {
                rp.onSent(wire, now);
                pacedUntilPs[i] = rp.nextStartPs(now, wire);
            }
            armTimer(i, r.rtoDeadlinePs(), ctx);
            roundRobin = slot + 1;
            tx.start(data, ctx);
            return;
        }
        if (wakePs < pacingWakePs) {
            pacingWakePs = wakePs;
            ctx.schedule(wakePs, PacingWake.INSTANCE);
        }
    }

    /** Each QP's window and, under DCQCN, its current rate. */
    @Override
    public void sample(SampleSink sink) {
        sink.port(name, 0, controlQueue.bytes(), 0, 0, 0, 0, 0, 0, tx.txBytes());
        for (int i = 0; i < requesters.length; i++) {
            DcqcnReactionPoint rp = reactionPoints[i];
            sink.sender(requesters[i].flowId(), roce.maxOutstandingBytes(), -1, rp == null ? -1 : rp.rateBps());
        }
        for (RcResponder r : responders) {
            sink.receiver(r.flowId(), r.deliveredBytes());
        }
    }

    @Override
    public ElementReport report() {
        List<FlowSenderStats> sent = new ArrayList<>();
        for (RcRequester r : requesters) {
            sent.add(new FlowSenderStats(r.flowId(), r.retransmittedBytes(), r.completedPs(), r.failed()));
        }
        List<FlowReceiverStats> received = new ArrayList<>();
        for (RcResponder r : responders) {
            received.add(new FlowReceiverStats(r.flowId(), r.deliveredBytes(), r.finishPs(), 0));
        }
        PortStats port = new PortStats(name, 0, controlQueue.peakBytes(), 0, 0, 0, tx.txBytes(), pauses.counters(),
                NoticeCounts.of(notices), firstCutPs);
        return new ElementReport(sent, received, List.of(port));
    }
}
