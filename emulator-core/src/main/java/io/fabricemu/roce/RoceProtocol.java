package io.fabricemu.roce;

import io.fabricemu.cc.CongestionController;
import io.fabricemu.cc.Decision;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.SampleSink;
import io.fabricemu.host.CommonTransport;
import io.fabricemu.host.FlowIndex;
import io.fabricemu.host.NicActions;
import io.fabricemu.host.NicFlow;
import io.fabricemu.host.NicProtocol;
import io.fabricemu.host.NicSetup;
import io.fabricemu.net.BtsHeader;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.RoceHeader;
import io.fabricemu.stats.BtsCounters;
import io.fabricemu.stats.FlowReceiverStats;
import io.fabricemu.stats.FlowSenderStats;
import io.fabricemu.stats.MessageWaits;
import io.fabricemu.time.Ps;
import io.fabricemu.wreb.NoticeCounts;
import io.fabricemu.wreb.SenderNotices;
import java.util.List;

/**
 * RoCEv2 reliable connections on a {@link RoceNic} (see there for the rules): the requester QPs with their
 * DCQCN rate controllers ({@link DcqcnControl}, each a {@link CongestionController}) and back-to-sender notices,
 * and the responder QPs with their notification points.
 */
final class RoceProtocol implements NicProtocol {
    private final int host;
    private final String name;
    private final CommonTransport transport;
    private final RocePlan roce;
    private final long rateBps;
    private final NicActions nic;
    private final NicFlow[] outFlows;
    private final RcRequester[] requesters;
    /** Each requester's DCQCN once it started, or null: before its start, or without DCQCN (line rate). */
    private final DcqcnControl[] rateControls;
    /** Each QP's latest round trip: an ACK's arrival less the send time it echoes, -1 before the first. */
    private final long[] lastRttPs;
    /** The wire size of the data packet each QP's latest round trip timed (the one its ACK acknowledges). */
    private final int[] lastRttBytes;
    private final SenderNotices[] notices;
    private final DcqcnNotificationPoint[] noticeCuts;
    private long firstCutPs = -1;
    private final FlowIndex outIndex;
    private final RcResponder[] responders;
    private final DcqcnNotificationPoint[] notificationPoints;
    private final FlowIndex inIndex;
    private final ResponderPosts posts;

    RoceProtocol(NicSetup setup, RocePlan roce, NicActions nic) {
        this.host = setup.host();
        this.name = setup.name();
        this.transport = setup.transport();
        this.roce = roce;
        this.rateBps = setup.rateBps();
        this.nic = nic;
        this.outFlows = setup.outgoing().toArray(new NicFlow[0]);
        int n = outFlows.length;
        this.requesters = new RcRequester[n];
        this.rateControls = new DcqcnControl[n];
        this.lastRttPs = new long[n];
        java.util.Arrays.fill(lastRttPs, -1);
        this.lastRttBytes = new int[n];
        this.notices = new SenderNotices[n];
        this.noticeCuts = new DcqcnNotificationPoint[n];
        for (int i = 0; i < n; i++) {
            NicFlow f = outFlows[i];
            requesters[i] = new RcRequester(f.flowId(), f.bytes(), roce.messageBytes(), transport.payloadBytes(),
                    transport.rtoPs(), roce.rnrRetry(), roce.maxOutstandingBytes());
        }
        this.outIndex = new FlowIndex(setup.outgoing(), name);
        List<NicFlow> incoming = setup.incoming();
        this.responders = new RcResponder[incoming.size()];
        this.notificationPoints = new DcqcnNotificationPoint[responders.length];
        for (int i = 0; i < responders.length; i++) {
            NicFlow f = incoming.get(i);
            responders[i] = new RcResponder(f.flowId(), f.bytes(), nic::delivered);
            if (roce.dcqcn() != null) {
                notificationPoints[i] = new DcqcnNotificationPoint(roce.dcqcn().cnpIntervalPs());
            }
        }
        this.inIndex = new FlowIndex(incoming, name);
        this.posts = new ResponderPosts(incoming, responders);
    }

    @Override
    public void start(int i, long nowPs) {
        posts.onOwnStart(outFlows[i].flowId(), nowPs);
        DcqcnParams dcqcn = roce.dcqcn();
        if (dcqcn != null) {
            rateControls[i] = new DcqcnControl(new DcqcnReactionPoint(dcqcn, rateBps, nowPs, roce.dcqcnCompanions()),
                    transport.headerBytes());
        }
    }

    @Override
    public void onArrival(Packet p, EventContext ctx) {
        if (p.kind() == PacketKind.DATA) {
            respond(p, ctx.nowPs());
            return;
        }
        long now = ctx.nowPs();
        int i = outIndex.of(p);
        RcRequester r = requesters[i];
        if (p.header() instanceof BtsHeader notice) {
            onNotice(i, p, notice, now);
            return;
        }
        switch (p.kind()) {
            case ACK -> {
                lastRttPs[i] = now - p.timestampPs();
                lastRttBytes[i] = p.psn() >= 0 ? r.payloadOf(p.psn()) + transport.headerBytes() : -1;
                if (rateControls[i] != null) {
                    rateControls[i].onRoundTrip(now - p.timestampPs(), now);
                }
                if (notices[i] != null) {
                    notices[i].acknowledgedBelow(p.psn() + 1);
                }
                if (r.onAck(p.psn(), roceOf(p).msn(), now)) {
                    nic.completed(i, ctx);
                }
            }
            case NAK_SEQUENCE -> r.onSequenceNak(p.psn(), now);
            case NAK_RNR -> {
                if (r.onRnrNak(p.psn(), roceOf(p).rnrPausePs(), now)) {
                    nic.failed(i);
                }
            }
            case CNP -> {
                if (rateControls[i] == null) {
                    throw new IllegalStateException("NIC " + name + " received a CNP for flow " + p.flowId()
                            + " but runs no DCQCN");
                }
                if (notices[i] == null || !notices[i].echoCovered(p.psn(), true)) {
                    cut(i, p.timestampPs(), 0, now);
                }
            }
            default -> throw new IllegalStateException("NIC " + name + " cannot take a " + p.kind() + " as control");
        }
    }

    /** The RoCEv2 header of {@code p}, which every packet of a queue pair but a notice carries. */
    private RoceHeader roceOf(Packet p) {
        if (p.header() instanceof RoceHeader h) {
            return h;
        }
        throw new IllegalStateException("NIC " + name + ": a " + p.kind() + " of flow " + p.flowId()
                + " without a RoCEv2 header");
    }

    /** A switch's back-to-sender notice for QP {@code i}'s packet {@code p.psn()}. */
    private void onNotice(int i, Packet p, BtsHeader h, long now) {
        if (notices[i] == null) {
            notices[i] = new SenderNotices();
        }
        switch (notices[i].onNotice(p.psn(), h.ecnBit(), h.cause())) {
            case DECREASE -> noticeCut(i, p, h, now);
            case RETRANSMIT -> goBack(i, p.psn(), now);
            case DECREASE_AND_RETRANSMIT -> {
                noticeCut(i, p, h, now);
                goBack(i, p.psn(), now);
            }
            case IGNORE -> {
            }
        }
    }

    /** A notice's DCQCN cut, at most one per CNP interval per QP (as the responder spaces its CNPs). */
    private void noticeCut(int i, Packet p, BtsHeader h, long now) {
        if (rateControls[i] == null) {
            return;
        }
        if (noticeCuts[i] == null) {
            noticeCuts[i] = new DcqcnNotificationPoint(roce.dcqcn().cnpIntervalPs());
        }
        if (noticeCuts[i].onCeMarked(now)) {
            cut(i, p.timestampPs(), h.queueDelayPs(), now);
        }
    }

    /** A drop notice: go back to {@code psn} now, unless that is stale. */
    private void goBack(int i, long psn, long now) {
        if (!requesters[i].onDropNotice(psn, now)) {
            notices[i].retransmitStale(psn);
        }
    }

    /** QP {@code i}'s DCQCN rate cut, on a CNP or a notice about a packet sent at {@code pktTxPs}. */
    private void cut(int i, long pktTxPs, long queuingDelayPs, long now) {
        Decision decision = rateControls[i].onCongestionNotice(now, pktTxPs, queuingDelayPs);
        if (decision == Decision.MULTIPLICATIVE_DECREASE && firstCutPs < 0) {
            firstCutPs = now;
        }
    }

    /** The responder's side of data packet {@code p}: a CNP if DCQCN asks for one, then the ACK or NAK. */
    private void respond(Packet p, long nowPs) {
        int i = inIndex.of(p);
        if (p.congestionExperienced() && notificationPoints[i] != null && notificationPoints[i].onCeMarked(nowPs)) {
            nic.reply(reply(p, PacketKind.CNP, p.psn(), new RoceHeader(p.flowId(), RoceHeader.Opcode.CNP, 0, 0)));
        }
        if (p.trimmed()) {
            return;
        }
        RcResponder r = responders[i];
        RoceHeader.Opcode opcode = roceOf(p).opcode();
        switch (r.onData(p.psn(), p.payloadBytes(), opcode.beginsMessage(), opcode.endsMessage(), nowPs)) {
            case ACK -> nic.reply(reply(p, PacketKind.ACK, r.ackPsn(),
                    new RoceHeader(p.flowId(), RoceHeader.Opcode.ACKNOWLEDGE, r.msn(), 0)));
            case NAK_SEQUENCE -> nic.reply(reply(p, PacketKind.NAK_SEQUENCE, r.expectedPsn(),
                    new RoceHeader(p.flowId(), RoceHeader.Opcode.ACKNOWLEDGE, r.msn(), 0)));
            case NAK_RNR -> nic.reply(reply(p, PacketKind.NAK_RNR, p.psn(),
                    new RoceHeader(p.flowId(), RoceHeader.Opcode.ACKNOWLEDGE, r.msn(), roce.rnrTimerPs())));
            case NONE -> {
            }
        }
    }

    /** A header-only control packet back to the sender of {@code data}, echoing its timestamp. */
    private Packet reply(Packet data, PacketKind kind, long psn, RoceHeader header) {
        return transport.answer(host, data, kind, psn, 0, header);
    }

    @Override
    public long onTimer(int i, long nowPs) {
        RcRequester r = requesters[i];
        return r.timerFired(nowPs) ? Ps.NEVER : r.rtoDeadlinePs();
    }

    /**
     * The earliest time QP {@code i} may put a data packet on the wire: {@code nowPs} if now, {@link Ps#NEVER}
     * if only an event can release it. This is the one place that decides it: the QP's own state (an RNR
     * pause, done, error) and the DCQCN rate limiter. A PFC pause of the data class holds every QP alike and
     * is the NIC's to check, before the round robin.
     */
    long mayGoAtPs(int i, long nowPs) {
        long readyPs = requesters[i].readyAtPs(nowPs);
        CongestionController rate = rateControls[i];
        return readyPs == Ps.NEVER || rate == null ? readyPs : Math.max(readyPs, rate.nextSendPs(nowPs));
    }

    /** RoCEv2 cuts a flow into messages and each message into packets ({@link MessageLayout}). */
    @Override
    public long packetCount(int i, long bytes, int payloadBytes) {
        return requesters[i].packetCount();
    }

    @Override
    public long nextPsn(int i, long nowPs) {
        return mayGoAtPs(i, nowPs) > nowPs ? -1 : requesters[i].nextPsn();
    }

    @Override
    public long heldUntilPs(int i, long nowPs) {
        long atPs = mayGoAtPs(i, nowPs);
        return atPs > nowPs ? atPs : Ps.NEVER;
    }

    @Override
    public Packet send(int i, long psn, long nowPs) {
        RcRequester r = requesters[i];
        NicFlow f = outFlows[i];
        int payload = r.payloadOf(psn);
        int wire = payload + transport.headerBytes();
        RoceHeader.Opcode opcode = RoceHeader.Opcode.send(r.firstOfMessage(psn), r.lastOfMessage(psn));
        Packet data = Packet.data(f.flowId(), host, f.peer(), wire, payload, transport.dataClass(), f.entropy(), psn,
                nowPs, new RoceHeader(f.flowId(), opcode, 0, 0));
        r.sent(psn, nowPs);
        if (rateControls[i] != null) {
            rateControls[i].onSent(nowPs, payload);
        }
        return data;
    }

    @Override
    public long timerDeadlinePs(int i, long nowPs) {
        return requesters[i].rtoDeadlinePs();
    }

    /**
     * Under DCQCN each QP's current rate once it has started, what DCQCN controls (its outstanding-bytes bound is not a
     * congestion window and would plot as a flat line); without it, that bound, the only limit the QP has.
     */
    @Override
    public void sample(SampleSink sink) {
        for (int i = 0; i < requesters.length; i++) {
            CongestionController rate = rateControls[i];
            if (roce.dcqcn() == null) {
                sink.sender(requesters[i].flowId(), roce.maxOutstandingBytes(), -1, -1);
            } else {
                sink.sender(requesters[i].flowId(), -1, -1, rate == null ? -1 : rate.rateBps());
            }
            if (lastRttPs[i] >= 0) {
                sink.senderRtt(requesters[i].flowId(), lastRttPs[i], lastRttBytes[i]);
            }
        }
        for (RcResponder r : responders) {
            sink.receiver(r.flowId(), r.deliveredBytes());
        }
    }

    @Override
    public void report(List<FlowSenderStats> sent, List<FlowReceiverStats> received) {
        for (RcRequester r : requesters) {
            sent.add(new FlowSenderStats(r.flowId(), r.retransmittedBytes(), r.completedPs(), r.failed()));
        }
        for (RcResponder r : responders) {
            MessageWaits waits = r.rnrNaks() == 0 ? MessageWaits.NONE
                    : MessageWaits.rnr(r.rnrNaks(), r.rnrDroppedBytes(), r.rnrWaitedPs());
            received.add(new FlowReceiverStats(r.flowId(), r.deliveredBytes(), r.finishPs(), 0, waits));
        }
    }

    @Override
    public BtsCounters noticeCounters() {
        return NoticeCounts.of(notices);
    }

    @Override
    public long firstCutPs() {
        return firstCutPs;
    }
}
