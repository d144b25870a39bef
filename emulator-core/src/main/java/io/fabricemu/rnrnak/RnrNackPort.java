package io.fabricemu.rnrnak;

import io.fabricemu.engine.EventContext;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.RoceHeader;
import io.fabricemu.stats.RnrCounters;
import io.fabricemu.stats.RnrNakRecord;
import io.fabricemu.switching.EgressCounts;
import io.fabricemu.switching.EgressOffer;
import io.fabricemu.switching.EgressPort;
import io.fabricemu.switching.EgressStage;
import io.fabricemu.time.Ps;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Switch-generated RNR NAKs for incast at one output port (US 2025/0365235, as described in the article "Smart
 * Traffic Control for Data Centers: Preventing Network Slowdowns Without Disrupting Unrelated Flows" on
 * inventiv.org; the defaults are ours), an egress stage of the port: it snoops the acknowledgements coming in,
 * sees every lossy packet before it is queued (and may turn it into an RNR NAK, sent back through the switch, or
 * drop it), and follows the queue's occupancy; otherwise the port runs as before.
 *
 * <h2>Detect, identify, NAK</h2>
 * An {@link IncastDetector} declares incast when the port's queued bytes exceed the threshold and clears it
 * below the clear threshold. While in incast, a RoCEv2 data packet of a QP that has not been NACKed in this
 * episode is turned into an RNR NAK ({@link RnrNak}) instead of being queued: in mode
 * {@link TriggerMode#AT_OVERFLOW} only when it would be tail-dropped, in {@link TriggerMode#AT_THRESHOLD}
 * whether or not it fits. The NAK carries the packet's PSN, the requester's QPN and the responder's MSN as
 * snooped ({@link SnoopTable}), and a pause from {@link PauseStagger}; the port sends it back toward the
 * requester through its switch. With no usable snooped state the packet takes the normal path and counts as
 * unresolved.
 *
 * <h2>Per QP: ACTIVE, NACKED</h2>
 * A NACKed QP has its NAK's PSN recorded (the packet's own PSN, or the lowest PSN of the QP this port
 * tail-dropped and has not forwarded since, if lower: the NAK acknowledges everything below its PSN).
 * Until the packet with that PSN arrives again (the requester has resumed) or a guard time (pause + k x
 * RTT after the NAK) has passed, every packet of the QP with a PSN at or after it is dropped: the requester
 * sent it before the NAK reached it and will send it again. Packets before that PSN are never dropped by
 * this rule: the NAK acknowledged them implicitly, so they must reach the responder. The guard is checked
 * when the QP's next packet arrives (only a packet can need it), so it needs no timer; a QP released by the
 * guard has its NAK's PSN counted as lost here (the port dropped it and the requester did not come back
 * for it), so a later NAK does not pass over it.
 *
 * <p>One NAK per QP per pause: a NACKed QP gets no second NAK until it is ACTIVE again. A literal reading of the
 * article gives one NAK per QP per episode; we depart from it when a QP resumes while the port is still in the same
 * episode (the queue never fell below the clear threshold). Held to one NAK per episode, such a QP's
 * packets would meet a full queue as plain tail drops, and a line-rate requester whose every remaining
 * packet is tail-dropped hears nothing back and recovers only by its transport timeout: the very loss the
 * scheme exists to avoid. So a QP that has resumed may be NACKed again, with the next rank of the episode.
 *
 * <h2>Where the state lives</h2>
 * Per port, not per switch: the engine lets one element own a piece of state,
 * and a table shared by the ports of a switch would make results depend on the order the ports run within a
 * window. For a host-facing port nothing is lost: the responder's acknowledgements come back in through the
 * ingress side of the same port, which is where the table learns them. For a port toward the fabric core the
 * acknowledgements may return through another port (ECMP picks the reverse path independently), and the
 * port then lacks state for those QPs: they are counted as unresolved and handled as plain drops.
 *
 * <h2>Which ports</h2>
 * By default only host-facing ports run the scheme ({@link RnrNackSettings#lastHopOnly()}): the last hop
 * is where an incast converges, and nothing but a link lies between it and the responder. A NAK
 * acknowledges every PSN below its own, and a port sees only the losses at itself and upstream of it (a
 * gap in the PSNs it sees, {@link SnoopTable#dataSeen}); a port further up the path cannot know that a
 * packet it forwarded is dropped later, nor that a port downstream NACKed the QP at an earlier PSN, so
 * its NAK can acknowledge a packet the responder never gets, which no one then resends. Scenarios may
 * still put the scheme on every port.
 */
public final class RnrNackPort implements EgressStage {
    @Override
    public boolean touchesIngress() {
        return true; // it sees arrivals and sends forged NAKs from the switch
    }

    /** A NACKed QP: the PSN it resumes from and until when the port waits for that. */
    private record Nacked(long nackPsn, long guardUntilPs) {
    }

    private final RnrNackSettings settings;
    private final int controlClass;
    private final IncastDetector detector;
    private final SnoopTable table;
    private final PauseStagger stagger;
    private final EgressPort port;
    private final Map<Integer, Nacked> nacked = new HashMap<>();
    private final List<RnrNakRecord> log = new ArrayList<>();
    private Packet pendingNak;
    private long naksSent;
    private long unresolved;
    private long nackedDrops;
    private long firstResumePs = Long.MAX_VALUE;
    private long resumePeakBytes;

    /**
     * @param settings     the scheme's settings, enabled
     * @param rateBps      the port's line rate
     * @param controlClass the switch's control class, which NAKs travel in
     * @param port         the port: its queued bytes, and the way a NAK goes back toward the requester
     */
    public RnrNackPort(RnrNackSettings settings, long rateBps, int controlClass, EgressPort port) {
        if (!settings.enabled()) {
            throw new IllegalArgumentException("RNR NAK settings are not enabled");
        }
        this.settings = settings;
        this.controlClass = controlClass;
        this.detector = new IncastDetector(settings.thresholdBytes(), settings.clearBytes());
        this.table = new SnoopTable(settings.tableEntries(), settings.agingPs());
        this.stagger = new PauseStagger(settings.pauseBasePs(), settings.staggerPercent(), settings.encoding(),
                rateBps);
        this.port = port;
    }

    @Override
    public void arrived(Packet p, long nowPs) {
        snoopIngress(p, nowPs);
    }

    /**
     * A lossy packet the port would queue: turned into a NAK, sent back at once, or dropped because its QP is
     * NACKed ({@link #intercept}); a lossless packet is never the scheme's.
     */
    @Override
    public Packet beforeEnqueue(Packet p, EgressOffer offer, EventContext ctx) {
        if (offer.lossless() || !intercept(p, offer.fits(p), port.queuedBytes(), ctx.nowPs())) {
            return p;
        }
        Packet nak = takeNak();
        if (nak != null) {
            port.sendFromSwitch(nak, ctx);
        }
        return null;
    }

    @Override
    public void occupancyChanged(EventContext ctx) {
        occupancyChanged(port.queuedBytes(), ctx.nowPs());
    }

    /** Packets discarded on the scheme's account, NAKs sent, and (for a report) the counters and their log. */
    @Override
    public void count(EgressCounts counts) {
        counts.addDrops(discarded());
        counts.addNaks(naksSent);
        if (counts.forReport()) {
            counts.rnr(counters());
        }
    }

    /**
     * A packet came in through the port from its link: an acknowledgement of a RoCEv2 connection teaches the
     * snoop table the requester's QPN and the responder's MSN. An ACK acknowledges through its PSN, a NAK
     * through the PSN before its own.
     */
    void snoopIngress(Packet p, long nowPs) {
        if (!(p.header() instanceof RoceHeader roce)) {
            return;
        }
        switch (p.kind()) {
            case ACK -> table.acknowledged(p.flowId(), roce.destQpn(), p.psn(), roce.msn(), nowPs);
            case NAK_SEQUENCE, NAK_RNR -> table.acknowledged(p.flowId(), roce.destQpn(), p.psn() - 1, roce.msn(),
                    nowPs);
            default -> {
            }
        }
    }

    /**
     * Packet {@code p} is about to be offered to the port's queue, which holds {@code occupancyBytes} and would
     * ({@code fits}) or would not take it.
     *
     * @return true when the port must not queue it: it was turned into a NAK ({@link #takeNak()}) or dropped
     *         because its QP is NACKed
     */
    boolean intercept(Packet p, boolean fits, long occupancyBytes, long nowPs) {
        if (p.kind() != PacketKind.DATA || !(p.header() instanceof RoceHeader) || p.trimmed()) {
            return false;
        }
        SnoopTable.Entry entry = table.dataSeen(p.flowId(), p.psn(), nowPs);
        Nacked n = nacked.get(p.flowId());
        if (n != null) {
            if (p.psn() == n.nackPsn()) {
                nacked.remove(p.flowId());
            } else if (nowPs > n.guardUntilPs()) {
                nacked.remove(p.flowId());
                table.lost(p.flowId(), n.nackPsn(), nowPs);
            } else if (p.psn() > n.nackPsn()) {
                nackedDrops++;
                return true;
            } else {
                return false;
            }
        }
        if (!detector.incast() || (settings.mode() == TriggerMode.AT_OVERFLOW && fits)) {
            return false;
        }
        if (!entry.resolved()) {
            unresolved++;
            return false;
        }
        int requester = p.src();
        long rttPs = settings.rtt().rttPs(requester, p.dst());
        int rank = stagger.nextRank();
        long pausePs = stagger.nextPausePs(occupancyBytes, rttPs);
        long nakPsn = entry.lostPsn() >= 0 ? Math.min(entry.lostPsn(), p.psn()) : p.psn();
        long msn = entry.msnBefore(nakPsn);
        pendingNak = RnrNak.of(p, nakPsn, entry.requesterQpn(), msn, pausePs, controlClass);
        entry.nacked(nakPsn);
        long guardPs = Math.min(2 * PauseStagger.MAX_PAUSE_PS,
                Ps.plusSaturated(pausePs, Ps.timesSaturated(rttPs, settings.guardMultiplier())));
        nacked.put(p.flowId(), new Nacked(nakPsn, nowPs + guardPs));
        naksSent++;
        if (detector.episode() == 1) {
            firstResumePs = Math.min(firstResumePs, nowPs + pausePs);
        }
        if (log.size() < RnrCounters.LOG_LIMIT) {
            log.add(new RnrNakRecord(nowPs, p.flowId(), nakPsn, entry.requesterQpn(), msn, pausePs, occupancyBytes,
                    detector.episode(), rank));
        }
        return true;
    }

    /** The NAK {@link #intercept} made, once; null when it made none since. */
    Packet takeNak() {
        Packet nak = pendingNak;
        pendingNak = null;
        return nak;
    }

    /** Packet {@code p}, which {@link #intercept} let through, was queued ({@code admitted}) or dropped. */
    @Override
    public void offered(Packet p, boolean admitted, long nowPs) {
        if (p.kind() != PacketKind.DATA || !(p.header() instanceof RoceHeader roce) || p.trimmed()) {
            return;
        }
        if (admitted) {
            table.forwarded(p.flowId(), p.psn(), roce.opcode().endsMessage(), nowPs);
        } else {
            table.lost(p.flowId(), p.psn(), nowPs);
        }
    }

    /** The port now holds {@code occupancyBytes} (after a packet was queued or left). */
    void occupancyChanged(long occupancyBytes, long nowPs) {
        if (detector.observe(occupancyBytes, nowPs)) {
            stagger.newEpisode();
        }
        if (nowPs >= firstResumePs) {
            resumePeakBytes = Math.max(resumePeakBytes, occupancyBytes);
        }
    }

    /** Packets this port discarded on the scheme's account: those it turned into NAKs and those of NACKed QPs. */
    long discarded() {
        return naksSent + nackedDrops;
    }

    /** NAKs sent so far. */
    long naksSent() {
        return naksSent;
    }

    RnrCounters counters() {
        return new RnrCounters(naksSent, unresolved, nackedDrops, detector.episode(), detector.firstOverPs(),
                resumePeakBytes, log);
    }

    /** Its departure and occupancy hooks keep to its own state: they send and schedule nothing. */
    @Override
    public boolean departsQuietly() {
        return true;
    }
}
