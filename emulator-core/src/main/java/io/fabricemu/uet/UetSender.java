package io.fabricemu.uet;

import io.fabricemu.cc.AckCc;
import io.fabricemu.cc.CongestionController;
import io.fabricemu.cc.Decision;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.SampleSink;
import io.fabricemu.host.CommonTransport;
import io.fabricemu.host.FlowIndex;
import io.fabricemu.host.NicActions;
import io.fabricemu.host.NicFlow;
import io.fabricemu.host.NicSetup;
import io.fabricemu.lb.Feedback;
import io.fabricemu.lb.LoadBalancer;
import io.fabricemu.net.BtsHeader;
import io.fabricemu.net.DeliveryMode;
import io.fabricemu.net.Ecmp;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.PdsAck;
import io.fabricemu.net.PdsRequest;
import io.fabricemu.stats.BtsCounters;
import io.fabricemu.stats.FlowSenderStats;
import io.fabricemu.time.Ps;
import io.fabricemu.uet.cc.CreditSender;
import io.fabricemu.uet.cc.NsccParams;
import io.fabricemu.wreb.NoticeCounts;
import io.fabricemu.wreb.SenderNotices;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The initiator half of a UET NIC: a PDC per outgoing flow, a congestion control context per destination
 * shared by the PDCs open towards it, a load balancer per PDC, and what its retransmission timers mean.
 *
 * <p>The NIC offers the started PDCs in round-robin order: each PDC's next packet (a
 * retransmission first) leaves if its context allows it ({@link SenderCcc#mayGo}), with the entropy value
 * its load balancer picks. ACK_CCs feed the context (NSCC, credit), the PDC (selective and cumulative
 * acknowledgement) and the load balancer (ECN or clean, by entropy value); NACKs and timeouts give the
 * packet up for retransmission and tell all three.
 *
 * <p>Every PDC runs the plan's delivery mode: RUD ({@link PdcSender}: selective acknowledgement, each lost
 * packet resent alone) or ROD ({@link RodPdcSender}: cumulative acknowledgement, go-back-N, its go-backs
 * reported to the context as one loss and discards). UET finds or allocates a PDC per (job, destination,
 * traffic class, mode); here each flow is its own job, so no two flows share a PDC and none is looked up:
 * each flow's PDC is allocated with the plan's mode, and its requests name that mode.
 *
 * <p>Back-to-sender notices from switches (WREB, {@link SenderNotices}): an early notice for a packet cuts
 * NSCC's window at once ({@link SenderCcc#onCongestionNotice}, on the queue delay the notice reports) and the
 * packet's later ACK_CC echo is then not counted as ECN. A drop notice queues the packet for resending at
 * once, like a trim NACK: after an early notice it only takes the packet out of flight, without a second cut
 * ({@link SenderCcc#onDiscarded}); without one it is the packet's first congestion signal and cuts as the
 * NACK would ({@link SenderCcc#onNack}).
 *
 * <p>Each context's NSCC window is made by the plan's loop ({@link UetPlan#nsccLoop()}), so every context of a
 * run holds the same class of {@link CongestionController}.
 */
final class UetSender {
    private final int host;
    private final String name;
    private final long rateBps;
    private final long portRateBps;
    private final CommonTransport transport;
    private final UetPlan uet;
    private final NicActions nic;
    private final NicFlow[] flows;
    private final Pdc[] pdcs;
    private final LoadBalancer[] balancers;
    private final SenderCcc[] cccOf;
    private final SenderNotices[] notices;
    /** Per RUD PDC, what an ACK_CC that cancels one of its resends tells its context; made when it starts. */
    private final PdcSender.Cancelled[] cancelled;
    /** Each PDC's latest round trip: an ACK's arrival less the send time it echoes, -1 before the first. */
    private final long[] lastRttPs;
    /** The wire size of the data packet each flow's latest RTT sample timed. */
    private final int[] lastRttBytes;
    /** Per flow, its message's state towards a receiver that may not be ready (RTW, or a rendezvous). */
    private final SenderMessages messages;
    /** Per flow, whether a target's full PDC table holds its PDC back (US 12,388,756 FIG. 2D); null: no limit. */
    private final PdcHolds holds;
    /** Which planes each PDC's packets get through on (a no-op with one NIC port). */
    private final PdcPlanes planes;
    private long firstCutPs = -1;
    private final FlowIndex index;
    private final Map<Integer, SenderCcc> openByDestination = new HashMap<>();
    private int cccCount;

    UetSender(NicSetup setup, UetPlan uet, long seed, NicActions nic, PdcPlanes planes) {
        this.planes = planes;
        this.host = setup.host();
        this.name = setup.name();
        this.rateBps = setup.totalRateBps();
        this.portRateBps = setup.rateBps();
        this.transport = setup.transport();
        this.uet = uet;
        this.nic = nic;
        this.flows = setup.outgoing().toArray(new NicFlow[0]);
        int n = flows.length;
        this.pdcs = new Pdc[n];
        this.balancers = new LoadBalancer[n];
        this.cccOf = new SenderCcc[n];
        this.notices = new SenderNotices[n];
        this.cancelled = new PdcSender.Cancelled[n];
        this.lastRttPs = new long[n];
        java.util.Arrays.fill(lastRttPs, -1);
        this.lastRttBytes = new int[n];
        for (int i = 0; i < n; i++) {
            NicFlow f = flows[i];
            pdcs[i] = uet.deliveryMode() == DeliveryMode.ROD
                    ? new RodPdcSender(f.flowId(), f.bytes(), transport.payloadBytes(), transport.headerBytes(),
                            transport.rtoPs())
                    : new PdcSender(f.flowId(), f.bytes(), transport.payloadBytes(), transport.headerBytes(),
                            transport.rtoPs());
            balancers[i] = uet.loadBalancing().create(f.entropy(),
                    new SplittableRandom(Ecmp.mix(seed ^ (0x1B00_0000_0000L + f.flowId()))), uet.trimming());
        }
        this.index = new FlowIndex(setup.outgoing(), name);
        this.messages = new SenderMessages(host, flows, pdcs, uet, transport.payloadBytes());
        this.holds = uet.pdcLimit().limited() ? new PdcHolds(n, uet.pdcLimit().retryPs(transport.rtoPs())) : null;
    }

    /**
     * Flow {@code i} starts at {@code nowPs}: it opens a PDC on the destination's context, making one if none is
     * open. A PDC that joins a context whose RCCC credit cannot cover its first packet asks for credit at once
     * ({@link #requestCredit}): the context's other PDCs may have nothing left to send, so no request would
     * carry the new backlog, and the receiver would never grant it.
     */
    void start(int i, long nowPs) {
        NicFlow f = flows[i];
        SenderCcc ccc = openByDestination.get(f.peer());
        if (ccc == null || ccc.state() == SenderCcc.State.CLOSED) {
            ccc = newContext(f.peer());
            openByDestination.put(f.peer(), ccc);
        }
        ccc.open(pdcs[i].wireBytes());
        cccOf[i] = ccc;
        SenderCcc context = ccc;
        cancelled[i] = (psn, payloadBytes, wireBytes) -> context.onResendCancelled(payloadBytes, wireBytes);
        Pdc s = pdcs[i];
        if (ccc.credit() != null && !ccc.credit().canSend(s.wireBytesOf(s.nextPsn()))) {
            requestCredit(i, nowPs);
        }
    }

    /**
     * A header-only credit request for flow {@code i}'s PDC, in the control class, reporting its context's credit
     * target: what lets a receiver that has no data of this context coming learn of its backlog.
     */
    private void requestCredit(int i, long nowPs) {
        NicFlow f = flows[i];
        Pdc s = pdcs[i];
        SenderCcc ccc = cccOf[i];
        nic.request(Packet.control(PacketKind.CREDIT_REQUEST, f.flowId(), host, f.peer(), transport.headerBytes(),
                transport.controlClass(), f.entropy(), -1, nowPs, 0,
                new PdsRequest(ccc.id(), s.syn(), s.dpdcid(), ccc.creditTargetBytes(), s.mode())));
    }

    private SenderCcc newContext(int peer) {
        SenderCcc ccc = new SenderCcc(((long) host << 24) | ++cccCount);
        CongestionController window = null;
        if (uet.nscc()) {
            long nicRateBps = uet.windowForPort() ? portRateBps : rateBps;
            long pathRateBps = Math.min(nicRateBps, uet.hostRateBps().applyAsLong(peer));
            NsccParams params = NsccParams.defaults(pathRateBps, uet.baseRttPs(),
                    transport.payloadBytes() + transport.headerBytes()).withTrimming(uet.trimming());
            if (uet.initialWindowBytes() > 0) {
                params = params.withInitialWindowBytes(Math.min(uet.initialWindowBytes(), params.maxWndBytes()));
            }
            window = uet.nsccLoop().create(params, uet.nsccCompanions());
        }
        ccc.configure(window, uet.rccc() ? new CreditSender(uet.initialCreditBytes()) : null);
        return ccc;
    }

    /** The global id of outgoing flow {@code i}. */
    int flowId(int i) {
        return flows[i].flowId();
    }

    /**
     * The PSN flow {@code i}'s PDC would send next, if its message is not waiting and its context lets it go now;
     * -1 otherwise.
     */
    int nextPsn(int i) {
        Pdc s = pdcs[i];
        int psn = s.nextPsn();
        return psn >= 0 && (holds == null || holds.mayGo(i)) && messages.mayGo(i, psn)
                && cccOf[i].mayGo(s.payloadOf(psn), s.wireBytesOf(psn)) ? psn : -1;
    }

    /** Flow {@code i}'s packet {@code psn}, as {@link #nextPsn} gave it, leaves at {@code nowPs}: recorded, made. */
    Packet send(int i, int psn, long nowPs) {
        Pdc s = pdcs[i];
        SenderCcc ccc = cccOf[i];
        int wire = s.wireBytesOf(psn);
        int payload = s.payloadOf(psn);
        int ev = balancers[i].nextEntropy(nowPs);
        boolean syn = s.syn();
        boolean again = s.sent(psn, ev, nowPs);
        ccc.onSent(nowPs, payload, wire);
        messages.sent(i, psn, nowPs);
        // AR: a resend, the last packet the PDC has to send now, or one after which the context cannot send a
        // packet of the same size until an ACK_CC arrives (htsim UecSrc::sendNewPacket, sendRtxPacket).
        boolean ackRequest = again || s.nextPsn() < 0 || ccc.full(payload, wire);
        NicFlow f = flows[i];
        return Packet.data(f.flowId(), host, f.peer(), wire, payload, transport.dataClass(), ev, psn, nowPs,
                new PdsRequest(ccc.id(), syn, s.dpdcid(), ccc.creditTargetBytes(), s.mode(), ackRequest));
    }

    /** The deadline of flow {@code i}'s timer after a packet left at {@code nowPs}. */
    long timerDeadlinePs(int i, long nowPs) {
        return pdcs[i].deadlineAfterSend(nowPs);
    }

    /** An ACK_CC, credit-only ACK_CC or NACK for one of this NIC's PDCs arrived. */
    void onControl(Packet p, EventContext ctx) {
        long now = ctx.nowPs();
        int i = index.of(p);
        SenderCcc ccc = cccOf[i];
        if (p.header() instanceof BtsHeader notice) {
            onNotice(i, p, notice, now);
            return;
        }
        if (pdcs[i] instanceof RodPdcSender rod) {
            if (p.kind() == PacketKind.NACK) {
                if (rod.onNack(p.psn(), p.timestampPs(), rodListener(i, true, now))) {
                    balancers[i].onFeedback(p.entropy(), Feedback.NACKED, now);
                }
                return;
            }
        }
        switch (p.kind()) {
            case NACK -> {
                PdcSender s = (PdcSender) pdcs[i];
                if (s.onNack(p.psn(), p.timestampPs())) {
                    int psn = (int) p.psn();
                    ccc.onNack(now, s.payloadOf(psn), s.wireBytesOf(psn), p.entropy(), now - p.timestampPs());
                    balancers[i].onFeedback(p.entropy(), Feedback.NACKED, now);
                }
            }
            case CREDIT -> ccc.onCredit(ackOf(p).creditBytes());
            case ACK -> onAck(i, p, ctx);
            case RTW -> onRequestToWait(i, p, now);
            case RTS -> onRequestToSend(i, now);
            case PDC_RNR -> onPdcNotReady(i, p, ctx);
            default -> throw new IllegalStateException("NIC " + name + " cannot take a " + p.kind() + " as control");
        }
    }

    /**
     * The target found no posted receive for flow {@code i}'s packet {@code p.psn()} and discarded it (US
     * 12,388,756 ¶(59)): the packet is queued to go again and leaves flight without a congestion signal
     * ({@link SenderCcc#onDiscarded}): the path delivered it, and a window cut would only slow the restart. The
     * message stops ({@link MessageSend}) unless the RTW is about a copy of an attempt the RTS already ended.
     */
    private void onRequestToWait(int i, Packet p, long now) {
        PdcSender s = rudOf(i, "a request-to-wait");
        int psn = (int) p.psn();
        if (s.onRequestToWait(psn, p.timestampPs())) {
            cccOf[i].onDiscarded(s.payloadOf(psn), s.wireBytesOf(psn));
        }
        messages.onRtw(i, p.timestampPs(), s.payloadOf(psn), now);
    }

    /**
     * The target had no PDC entry for flow {@code i}'s packet {@code p.psn()} and no slot free (US 12,388,756 FIG.
     * 2D, operation 233): as for a request-to-wait, the packet is queued to go again and leaves flight without a
     * congestion signal; the PDC is held until its retry ({@link PdcHolds}).
     */
    private void onPdcNotReady(int i, Packet p, EventContext ctx) {
        PdcSender s = rudOf(i, "a PDC receiver-not-ready");
        if (holds == null) {
            throw new IllegalStateException("NIC " + name + ": flow " + flows[i].flowId() + " got a PDC RNR, no limit");
        }
        int psn = (int) p.psn();
        if (s.onRequestToWait(psn, p.timestampPs())) {
            cccOf[i].onDiscarded(s.payloadOf(psn), s.wireBytesOf(psn));
        }
        holds.onNotReady(i, p.timestampPs(), ctx);
    }

    /** A PDC's retry timer fired at {@code now}: unless stale, the PDC sends its packets again, lowest first. */
    void onPdcRetry(PdcHolds.Retry r, long now) {
        int i = holds.onRetry(r, now);
        if (i >= 0) {
            rudOf(i, "a PDC retry").restartFromFirst();
        }
    }

    /**
     * The target posted the receive flow {@code i}'s message waited for: it restarts from its first packet; or, for
     * a rendezvous send, the target fetches the rest ({@link RendezvousSend}).
     */
    private void onRequestToSend(int i, long now) {
        if (messages.onRts(i, now)) {
            rudOf(i, "a request-to-send").restartFromFirst();
        }
    }

    /** Flow {@code i}'s PDC, which runs RUD: receives posted late are refused with ROD when the scenario loads. */
    private PdcSender rudOf(int i, String what) {
        if (pdcs[i] instanceof PdcSender s) {
            return s;
        }
        throw new IllegalStateException("NIC " + name + ": flow " + flows[i].flowId() + " runs ROD and got " + what);
    }

    /** A switch's back-to-sender notice for flow {@code i}'s packet {@code p.psn()}. */
    private void onNotice(int i, Packet p, BtsHeader h, long now) {
        if (notices[i] == null) {
            notices[i] = new SenderNotices();
        }
        switch (notices[i].onNotice(p.psn(), h.ecnBit(), h.cause())) {
            case DECREASE -> decrease(i, p, h, now);
            case RETRANSMIT -> resend(i, p, h, false, now);
            case DECREASE_AND_RETRANSMIT -> resend(i, p, h, true, now);
            case IGNORE -> {
            }
        }
    }

    /** Records when NSCC first made a multiplicative decrease ({@code decision}), on an echo or a notice. */
    private void cut(Decision decision, long now) {
        if (decision == Decision.MULTIPLICATIVE_DECREASE && firstCutPs < 0) {
            firstCutPs = now;
        }
    }

    /** When NSCC first cut a window on a congestion signal, or -1. */
    long firstCutPs() {
        return firstCutPs;
    }

    /** NSCC's multiplicative decrease on the queue delay the notice reports. */
    private void decrease(int i, Packet p, BtsHeader h, long now) {
        if (cccOf[i].state() == SenderCcc.State.READY) {
            cut(cccOf[i].onCongestionNotice(now, p.timestampPs(), h.queueDelayPs()), now);
        }
    }

    /**
     * Queues the noticed packet for resending at once. {@code lossCut}: a drop with no early notice before
     * it, whose congestion is counted as a trim NACK's is (out of flight and off the window); otherwise it only
     * leaves flight. A notice about a packet already acknowledged or queued (or sent again since) resends nothing; a
     * drop's congestion then still counts, as an early notice's would.
     */
    private void resend(int i, Packet p, BtsHeader h, boolean lossCut, long now) {
        int psn = (int) p.psn();
        SenderCcc ccc = cccOf[i];
        boolean queued = pdcs[i] instanceof RodPdcSender rod
                ? rod.onNack(psn, p.timestampPs(), rodListener(i, true, lossCut, now))
                : ((PdcSender) pdcs[i]).onDropNotice(psn, p.timestampPs());
        if (!queued) {
            notices[i].retransmitStale(psn);
            if (lossCut) {
                decrease(i, p, h, now);
            }
            return;
        }
        if (pdcs[i] instanceof PdcSender s) {
            if (lossCut) {
                ccc.onNack(now, s.payloadOf(psn), s.wireBytesOf(psn), CongestionController.NO_ENTROPY, 0);
            } else {
                ccc.onDiscarded(s.payloadOf(psn), s.wireBytesOf(psn));
            }
        }
        balancers[i].onFeedback(p.entropy(), Feedback.NACKED, now);
    }

    /** The ACK_CC fields of acknowledgement or credit grant {@code p}. */
    private PdsAck ackOf(Packet p) {
        if (p.header() instanceof PdsAck a) {
            return a;
        }
        throw new IllegalStateException("NIC " + name + " got a " + p.kind() + " without an ACK_CC: " + p);
    }

    private void onAck(int i, Packet p, EventContext ctx) {
        long now = ctx.nowPs();
        PdsAck a = ackOf(p);
        Pdc s = pdcs[i];
        SenderCcc ccc = cccOf[i];
        boolean wasClosed = s.closed();
        if (s instanceof RodPdcSender rod) {
            rod.onAck(p.psn(), a.spdcid(), now, rodListener(i, false, now));
        } else {
            ((PdcSender) s).onAck(a.ackPsn(), p.psn(), a.sackBasePsn(), a.sackBitmap(), a.spdcid(), now,
                    cancelled[i]);
            planes.acked(i, a.ackPsn(), now);
            if (holds != null && holds.onEstablished(i, now)) {
                ((PdcSender) s).restartFromFirst(); // the target made an entry after all
            }
        }
        if (p.timestampPs() >= 0 && now >= p.timestampPs()) {
            lastRttPs[i] = now - p.timestampPs();
            lastRttBytes[i] = a.ackPsn() >= 0 ? s.wireBytesOf(a.ackPsn()) : -1;
        }
        boolean ecn = (p.flags() & Packet.FLAG_ECN_ECHO) != 0;
        balancers[i].onFeedback(p.entropy(), ecn ? Feedback.ACKED_ECN : Feedback.ACKED_CLEAN, now);
        boolean ccEcn = ecn;
        SenderNotices n = notices[i];
        if (n != null) {
            // The congestion an early notice already reported for this packet is not counted again.
            if (s instanceof PdcSender && a.ackPsn() >= 0 && n.echoCovered(a.ackPsn(), ecn)) {
                ccEcn = false;
            }
            n.acknowledgedBelow(p.psn());
        }
        if (ccc.state() == SenderCcc.State.READY) {
            cut(ccc.onAck(new AckCc(now, p.timestampPs(), a.serviceTimePs(), a.rcvdBytes(), ccEcn, a.rcvCwndPend(),
                    a.restoreCwnd()), a.creditBytes(), p.entropy()), now);
        }
        if (!wasClosed && s.closed()) {
            messages.done(i);
            nic.completed(i, ctx);
            ccc.pdcClosed();
        }
    }

    /**
     * Flow {@code i}'s retransmission timer fired at {@code now}.
     *
     * @return the deadline to arm it again for, or {@link Ps#NEVER}
     */
    long onTimer(int i, long now) {
        Pdc s = pdcs[i];
        SenderCcc ccc = cccOf[i];
        LoadBalancer lb = balancers[i];
        long timeoutsBefore = s.timeouts();
        long next = s instanceof RodPdcSender rod
                ? rod.expire(now, rodListener(i, false, now))
                : ((PdcSender) s).expire(now, (psn, payload, ev) -> {
                    ccc.onTimeout(now, payload, payload + transport.headerBytes());
                    lb.onFeedback(ev, Feedback.TIMED_OUT, now);
                    planes.timedOut(i, psn, now);
                });
        if (s.timeouts() == timeoutsBefore) {
            return next;
        }
        int waiting = s.nextPsn();
        if (waiting >= 0 && ccc.credit() != null && !ccc.credit().canSend(s.wireBytesOf(waiting))) {
            requestCredit(i, now); // the receiver may have dropped this context: data cannot carry the target now
        }
        return next;
    }

    /**
     * Tells flow {@code i}'s context (and, for a timeout, its load balancer) what a ROD go-back or
     * acknowledgement did: the lost packet was NACKed ({@code nacked}) or timed out.
     */
    private RodPdcSender.Listener rodListener(int i, boolean nacked, long nowPs) {
        return rodListener(i, nacked, true, nowPs);
    }

    /**
     * As above; {@code cut} false: the lost packet's congestion was already counted (a drop notice after an
     * early one), so it only leaves flight.
     */
    private RodPdcSender.Listener rodListener(int i, boolean nacked, boolean cut, long nowPs) {
        return new RodLosses(cccOf[i], balancers[i], transport.headerBytes(), nacked, cut, nowPs);
    }

    /** The back-to-sender counters of every flow, summed. */
    BtsCounters noticeCounters() {
        return NoticeCounts.of(notices);
    }

    /**
     * Every PDC's window and credit: those of the context it shares with the other PDCs to its destination
     * (NSCC's cwnd, RCCC's unspent credit), -1 for what the context does not run or before the PDC opened.
     */
    void sample(SampleSink sink) {
        for (int i = 0; i < pdcs.length; i++) {
            SenderCcc ccc = cccOf[i];
            long window = ccc == null || ccc.window() == null ? -1 : ccc.window().windowBytes();
            long credit = ccc == null || ccc.credit() == null ? -1 : ccc.credit().availableCreditBytes();
            sink.sender(pdcs[i].flowId(), window, credit, -1);
            if (lastRttPs[i] >= 0) {
                sink.senderRtt(pdcs[i].flowId(), lastRttPs[i], lastRttBytes[i]);
            }
        }
    }

    void report(List<FlowSenderStats> into) {
        for (int i = 0; i < pdcs.length; i++) {
            Pdc s = pdcs[i];
            into.add(new FlowSenderStats(s.flowId(), s.retransmittedBytes(), s.closedPs(), false,
                    holds == null ? messages.waits(i) : messages.waits(i).withPdc(holds.waits(i))));
        }
    }
}
