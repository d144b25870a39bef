package io.fabricemu.roce;

import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.SampleSink;
import io.fabricemu.host.CommonTransport;
import io.fabricemu.host.FlowIndex;
import io.fabricemu.host.NicActions;
import io.fabricemu.host.NicFlow;
import io.fabricemu.host.NicProtocol;
import io.fabricemu.host.NicSetup;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.RoceHeader;
import io.fabricemu.stats.BtsCounters;
import io.fabricemu.stats.FlowReceiverStats;
import io.fabricemu.stats.FlowSenderStats;
import io.fabricemu.time.Ps;
import io.fabricemu.wreb.NoticeCounts;
import io.fabricemu.wreb.SenderNotices;
import java.util.List;

/**
 * RoCEv2 reliable connections on a {@link RoceNic} (see there for the rules): the requester QPs with their
 * DCQCN reaction points and back-to-sender notices, and the responder QPs with their notification points.
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
    private final DcqcnReactionPoint[] reactionPoints;
    private final SenderNotices[] notices;
    private final DcqcnNotificationPoint[] noticeCuts;
    private long firstCutPs = -1;
    private final long[] pacedUntilPs;
    private final FlowIndex outIndex;
    private final RcResponder[] responders;
    private final DcqcnNotificationPoint[] notificationPoints;
    private final FlowIndex inIndex;

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
        this.reactionPoints = new DcqcnReactionPoint[n];
        this.notices = new SenderNotices[n];
        this.noticeCuts = new DcqcnNotificationPoint[n];
        this.pacedUntilPs = new long[n];
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
    }

    @Override
    public void start(int i, long nowPs) {
        DcqcnParams dcqcn = roce.dcqcn();
        if (dcqcn != null) {
            reactionPoints[i] = new DcqcnReactionPoint(dcqcn, rateBps, nowPs, roce.dcqcnCompanions());
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
        switch (p.kind()) {
            case ACK -> {
                if (reactionPoints[i] != null) {
                    reactionPoints[i].onRttSample(now - p.timestampPs(), now);
                }
                if (notices[i] != null) {
                    notices[i].acknowledgedBelow(p.psn() + 1);
                }
                if (r.onAck(p.psn(), p.roce().msn(), now)) {
                    nic.completed(i, ctx);
                }
            }
            case NAK_SEQUENCE -> r.onSequenceNak(p.psn(), now);
            case NAK_RNR -> {
                if (r.onRnrNak(p.psn(), p.roce().rnrPausePs(), now)) {
                    nic.failed(i);
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
        int i = inIndex.of(p);
        if (p.congestionExperienced() && notificationPoints[i] != null && notificationPoints[i].onCeMarked(nowPs)) {
            nic.reply(reply(p, PacketKind.CNP, p.psn(), new RoceHeader(p.flowId(), RoceHeader.Opcode.CNP, 0, 0)));
        }
        if (p.trimmed()) {
            return;
        }
        RcResponder r = responders[i];
        switch (r.onData(p.psn(), p.payloadBytes(), p.roce().opcode().endsMessage(), nowPs)) {
            case ACK -> nic.reply(reply(p, PacketKind.ACK, r.ackPsn(),
                    new RoceHeader(p.flowId(), RoceHeader.Opcode.ACKNOWLEDGE, r.msn(), 0)));
            case NAK_SEQUENCE -> nic.reply(reply(p, PacketKind.NAK_SEQUENCE, r.expectedPsn(),
                    new RoceHeader(p.flowId(), RoceHeader.Opcode.ACKNOWLEDGE, r.msn(), 0)));
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
        return readyPs == Ps.NEVER ? Ps.NEVER : Math.max(readyPs, pacedUntilPs[i]);
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
        Packet data = new Packet(PacketKind.DATA, f.flowId(), host, f.peer(), wire, payload,
                transport.dataClass(), Packet.ECN_ECT0, f.entropy(), psn, nowPs, 0, null,
                new RoceHeader(f.flowId(), RoceHeader.Opcode.send(r.firstOfMessage(psn), r.lastOfMessage(psn)),
                        0, 0));
        r.sent(psn, nowPs);
        DcqcnReactionPoint rp = reactionPoints[i];
        if (rp != null) {
            rp.onSent(wire, nowPs);
            pacedUntilPs[i] = rp.nextStartPs(nowPs, wire);
        }
        return data;
    }

    @Override
    public long timerDeadlinePs(int i, long nowPs) {
        return requesters[i].rtoDeadlinePs();
    }

    /** Each QP's window and, under DCQCN, its current rate. */
    @Override
    public void sample(SampleSink sink) {
        for (int i = 0; i < requesters.length; i++) {
            DcqcnReactionPoint rp = reactionPoints[i];
            sink.sender(requesters[i].flowId(), roce.maxOutstandingBytes(), -1, rp == null ? -1 : rp.rateBps());
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
            received.add(new FlowReceiverStats(r.flowId(), r.deliveredBytes(), r.finishPs(), 0));
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
