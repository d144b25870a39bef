package io.fabricemu.uet.cc;

import io.fabricemu.cc.AckCc;
import io.fabricemu.cc.CongestionController;
import io.fabricemu.cc.Decision;
import java.util.Objects;

/**
 * The sender side of UET Network-Signalled Congestion Control for one congestion control context (CCC):
 * one window shared by all the CCC's packet delivery contexts (PDCs). Plain, single-threaded, integer-only;
 * time is whatever the caller passes in, in ps. This class holds what NSCC's two control loops share; each loop
 * is a final subclass that turns ACKs into window changes its own way: {@link PerAckNscc} sizes every change
 * on each ACK's own sample, {@link ReferenceNscc} follows the UEC's reference simulator. A context's loop is its
 * class, chosen when the plan is made ({@link NsccLoop#create}); nothing on the way of an ACK asks which.
 *
 * <h2>Window</h2>
 * {@link #onSent} adds a packet's bytes to inflight. Each ACK_CC carries the target's cumulative rcvd_bytes,
 * and inflight drops by its growth since the previous ACK_CC (12,288 then 16,384: 4,096). An ACK_CC whose
 * rcvd_bytes does not exceed the last one seen is stale (overtaken or duplicated) and changes nothing at all.
 * inflight is kept exact, never floored at zero: every copy put on the wire is counted once and leaves once,
 * by rcvd_bytes or by being given up (a NACK, a timeout, a go-back), and a copy given up that arrives after all
 * is put back first ({@link #onReinstated}). It can dip below zero for a moment: when an ACK_CC's rcvd_bytes
 * counts a packet whose own ACK_CC was lost, before the timeout that gives that packet up. A floor there would
 * keep the packet's bytes for good once it is resent, and a context at the minimum window would stall for
 * ever behind them.
 * cwnd is held in fixed point, 1/65,536 B ({@link #FRACTION_BITS}), so every power-of-two fraction of Base_BDP
 * up to 1/65,536 is exact; {@link #windowBytes()} is its whole bytes. The gate a packet passes
 * ({@link #canSend}) is the loop's.
 *
 * <h2>Destination flow control</h2>
 * An ACK_CC with rcv_cwnd_pend {@code p > 0} cuts {@code (newlyAcked x p) >> 7} bytes (4,096 x 64 >> 7 =
 * 2,048: 75,776 becomes 73,728) and suppresses that ACK's increases; a decrease still applies. The first
 * penalty of an episode saves the window it found; the rc flag ends the episode and returns cwnd to
 * {@code max(cwnd, saved)}. A network-driven cut during the episode (multiplicative decrease, NACK or
 * timeout) ends it without restoring: the saved window is then no longer known to suit the fabric. Restore
 * is processed before the same ACK's penalty, which then starts a new episode.
 *
 * <h2>Fast increase</h2>
 * Once a whole window of bytes ({@code > cwnd}) has been acknowledged without ECN and with a queuing delay
 * under {@code fastIncreaseThresholdPs}, every such ACK adds {@code fastIncreaseGainPer1024 / 1024} of its bytes
 * (exponential growth), until the first sign of congestion: an ECN echo, a delay at or over that threshold, a
 * destination penalty or a loss (htsim {@code fast_increase}, which counts the same window and uses a 1 us
 * threshold). Both loops apply it at once.
 *
 * <h2>Loss</h2>
 * A NACK for a trimmed packet and a retransmission timeout both take the packet's bytes out of inflight (the
 * target never counts them in rcvd_bytes) and off cwnd, as htsim's {@code updateCwndOnNack_NSCC} and
 * {@code mark_packet_for_retransmission} do.
 *
 * <p>cwnd stays within [{@code minWindowBytes}, MaxWnd] after every event.
 *
 * <h2>Companion mechanisms (off unless configured: {@link NsccCompanions})</h2>
 * From U.S. Patent 12,388,756; with all of them off every decision is unchanged, bit for bit.
 * <ul>
 *   <li><b>Path not congested</b> ({@link PathNotCongested}, paragraphs (41)-(52)): once a whole window
 *       epoch of ACKs came back with no ECN and no RTT above base RTT + slack, every further clean ACK below
 *       the target grows cwnd by {@code gainPer1024 / 1024} of its bytes (default: all of them, slow-start
 *       doubling), until the first marked or late ACK or a loss. It takes the place of the proportional and
 *       fast increases for those ACKs. It is the patent's explicit form of the same idea as htsim's fast
 *       increase above, with an epoch aligned to the window, a threshold on the RTT derived from the path,
 *       and a configurable (by default much larger) gain.</li>
 *   <li><b>Responsibility-scaled decrease</b> (paragraphs (86)-(97)): the cut of a multiplicative decrease
 *       and of a NACK is multiplied by {@code cwnd / W_max} with W_max = BDP, "a window size that is large
 *       enough to fully utilize an end-to-end path" (88), before the {@code maxDecreasePer1024} cap: a
 *       connection holding more of the path takes more of the cut, so unequal flows converge faster.
 *       {@link #decreaseCutFixed} is the one place a congestion cut is sized.</li>
 *   <li><b>Spraying gates</b> ({@link CongestionEwma}, paragraphs (98)-(108); {@link CongestedPaths},
 *       (109)-(118)): every ACK and NACK feeds a connection-level EWMA of "congested" (ECN or NACK) and the
 *       per-EV table; a multiplicative decrease or a NACK's cut happens only while every configured gate is
 *       open, otherwise the ACK returns {@link Decision#GATED} (a gated NACK still takes its bytes out of
 *       flight). Timeouts are not gated: they may mean a failed path, not a hot one.</li>
 * </ul>
 *
 * <p>Sources: UE 1.0, NSCC; the UET congestion management posts on nwktimes.blogspot.com (Figures 6-7, 6-8,
 * 6-11 to 6-14); the Ultra Ethernet Consortium's htsim, {@code htsim/sim/uec.cpp}
 * ({@code UecSrc::initNsccParams}, {@code quick_adapt}, {@code fair_increase}, {@code proportional_increase},
 * {@code fast_increase}, {@code multiplicative_decrease}, {@code updateCwndOnAck_NSCC}) as found in the public
 * fork f-forcher/uet-htsim and, for the reference loop, in ultraethernet/uet-htsim ({@code initNsccParams},
 * {@code update_delay}, {@code fulfill_adjustment}, {@code can_send_NSCC}); and an ns-3 port of NSCC that
 * follows UE specification section 3.6.13 and agrees with htsim on the four cases, on
 * {@code delay = rtt - base_rtt} and on suppressing increases on a destination penalty. No code was copied.
 */
public abstract sealed class Nscc implements CongestionController permits PerAckNscc, ReferenceNscc {
    /** cwnd is held in units of 2^-16 B. */
    public static final int FRACTION_BITS = 16;
    /** One byte in {@link #cwndFixed()} units. */
    public static final long ONE_BYTE_FIXED = 1L << FRACTION_BITS;

    static final long NO_DECREASE_YET = Long.MIN_VALUE;

    final NsccParams params;
    private final NsccCompanions companions;
    private final PathNotCongested pathTest;
    private final CongestionEwma ewmaGate;
    private final CongestedPaths pathGate;
    private final long bdpFixed;
    final long targetDelayPs;
    /** MaxWnd in 1/65,536 B: of config_base_rtt's BDP, or of a learnt base RTT's ({@link #rebase}). */
    private long maxWndFixed;
    /** The base RTT queuing is measured against: config_base_rtt, or the shortest round trip learnt since. */
    long baseRttPs;
    private final long minWndFixed;

    long cwndFixed;
    long inflightBytes;
    private long lastRcvdBytes;
    /** Bytes acknowledged in a row with no ECN and a delay under the fast-increase threshold. */
    private long underloadAckedBytes;
    private boolean fastIncrease;
    /** Arrival time of the ACK_CC (or back-to-sender notice) that caused the last multiplicative decrease. */
    long lastDecreasePs = NO_DECREASE_YET;
    boolean penaltyEpisode;
    private long cwndBeforePenaltyFixed;

    /** A CCC in state READY: cwnd = {@code initialWindowBytes}, nothing in flight, nothing received. */
    Nscc(NsccParams params, NsccCompanions companions) {
        this.params = params;
        this.companions = Objects.requireNonNull(companions, "companions");
        this.pathTest = companions.pathNotCongested() == null ? null
                : new PathNotCongested(companions.pathNotCongested().expectedRttPs(params.baseRttPs(),
                        params.mtuBytes(), params.linkRateBps()));
        this.ewmaGate = companions.ewmaGate() == null ? null : new CongestionEwma(companions.ewmaGate());
        this.pathGate = companions.pathGate() == null ? null : new CongestedPaths(companions.pathGate());
        this.bdpFixed = params.bdpBytes() << FRACTION_BITS;
        this.targetDelayPs = params.targetDelayPs();
        this.maxWndFixed = params.maxWndBytes() << FRACTION_BITS;
        this.baseRttPs = params.baseRttPs();
        this.minWndFixed = params.minWindowBytes() << FRACTION_BITS;
        this.cwndFixed = params.initialWindowBytes() << FRACTION_BITS;
    }

    /** The loop this context runs, its derived fields resolved. */
    public abstract NsccLoop loop();

    public NsccParams params() {
        return params;
    }

    public NsccCompanions companions() {
        return companions;
    }

    /** Whether the RTT+ECN test currently deems the path not congested (false when the test is off). */
    public boolean pathNotCongested() {
        return pathTest != null && pathTest.notCongested();
    }

    /** Whether every configured spraying gate is open (true when none is configured). */
    public boolean gateOpen() {
        return (ewmaGate == null || ewmaGate.open()) && (pathGate == null || pathGate.open());
    }

    /** The congestion window in whole bytes (the fixed-point value rounded down). */
    @Override
    public final long windowBytes() {
        return cwndFixed >> FRACTION_BITS;
    }

    /** The congestion window in 1/65,536 B ({@link #FRACTION_BITS}). */
    public long cwndFixed() {
        return cwndFixed;
    }

    /** Bytes sent and neither counted in rcvd_bytes nor given up as trimmed or lost. */
    public long inflightBytes() {
        return inflightBytes;
    }

    /** The last cumulative rcvd_bytes accepted. */
    public long rcvdBytes() {
        return lastRcvdBytes;
    }

    /** Whether fast increase is on (it ends at the first sign of congestion). */
    public boolean fastIncreaseActive() {
        return fastIncrease;
    }

    /** The base RTT this context measures queuing against, in ps (config_base_rtt unless learnt lower). */
    public long baseRttPs() {
        return baseRttPs;
    }

    /** A PDC put {@code payloadBytes} on the wire (a first transmission or a retransmission). */
    @Override
    public final void onSent(long nowPs, int payloadBytes) {
        requirePositive("bytes", payloadBytes);
        inflightBytes = Math.addExact(inflightBytes, payloadBytes);
    }

    /** The retransmission timer wrote off a packet: the same as an ungated, unscaled NACK. */
    @Override
    public final void onTimeout(long nowPs, int payloadBytes) {
        requirePositive("lostBytes", payloadBytes);
        giveUp(payloadBytes, (long) payloadBytes << FRACTION_BITS);
    }

    /**
     * A go-back-N resend made the sender give up {@code payloadBytes} still on the wire that the target will
     * discard unseen (reliable ordered delivery): they leave inflight, to be counted again when resent. Not a
     * congestion signal, so cwnd stays; the loss that caused the go-back came through {@link #onNack} or
     * {@link #onTimeout}.
     */
    @Override
    public final void onDiscarded(int payloadBytes) {
        requirePositive("bytes", payloadBytes);
        inflightBytes -= payloadBytes;
    }

    /**
     * {@code payloadBytes} given up earlier ({@link #onNack}, {@link #onTimeout}, {@link #onDiscarded}) and not
     * resent were received after all: they go back in flight so that the ACK_CC whose rcvd_bytes counts them
     * takes them out exactly once. cwnd stays.
     */
    @Override
    public final void onReinstated(int payloadBytes) {
        requirePositive("bytes", payloadBytes);
        inflightBytes = Math.addExact(inflightBytes, payloadBytes);
    }

    /**
     * What every ACK_CC does before the loop decides: takes the growth of rcvd_bytes out of inflight, then applies
     * the restore flag and the destination penalty.
     *
     * @return the bytes newly received, or 0 or less for a stale ACK_CC, which changed nothing
     */
    final long accept(AckCc ack) {
        long newlyRcvdBytes = ack.rcvdBytes() - lastRcvdBytes;
        if (newlyRcvdBytes <= 0) {
            return newlyRcvdBytes;
        }
        lastRcvdBytes = ack.rcvdBytes();
        // Exact, never floored: may dip below zero for a moment (see the class comment on inflight).
        inflightBytes -= newlyRcvdBytes;

        if (ack.restoreCwnd() && penaltyEpisode) {
            penaltyEpisode = false;
            setCwnd(Math.max(cwndFixed, cwndBeforePenaltyFixed));
        }
        if (ack.rcvCwndPend() > 0) {
            if (!penaltyEpisode) {
                penaltyEpisode = true;
                cwndBeforePenaltyFixed = cwndFixed;
            }
            long penaltyBytes = Math.multiplyExact(newlyRcvdBytes, ack.rcvCwndPend()) >> 7;
            setCwnd(cwndFixed - Math.multiplyExact(penaltyBytes, ONE_BYTE_FIXED));
        }
        return newlyRcvdBytes;
    }

    /** Whether the RTT+ECN test, fed this ACK, deems the path not congested (false when the test is off). */
    final boolean pathClear(long newlyRcvdBytes, AckCc ack) {
        return pathTest != null && pathTest.onAck(newlyRcvdBytes, ack.ecnMarked(), ack.roundTripPs(), windowBytes());
    }

    /**
     * Below the target without ECN: counts the ACK towards fast increase, then grows cwnd at once by the
     * path-not-congested or the fast increase, whichever applies (in that order), returning which; null
     * when neither does and the proportional increase is due. Both loops apply these at once (htsim's
     * {@code fast_increase} changes cwnd outside the batch too).
     */
    final Decision immediateIncrease(long newlyRcvdBytes, long delayPs, boolean pathClear) {
        if (delayPs < params.fastIncreaseThresholdPs()) {
            underloadAckedBytes += newlyRcvdBytes;
            if (underloadAckedBytes > windowBytes()) {
                fastIncrease = true;
            }
        }
        if (pathClear) {
            setCwnd(cwndFixed + Wide.mulDiv(Math.multiplyExact(newlyRcvdBytes, ONE_BYTE_FIXED),
                    companions.pathNotCongested().gainPer1024(), NsccParams.PER_1024));
            return Decision.PATH_CLEAR_INCREASE;
        }
        if (fastIncrease) {
            setCwnd(cwndFixed + Wide.mulDiv(Math.multiplyExact(newlyRcvdBytes, ONE_BYTE_FIXED),
                    params.fastIncreaseGainPer1024(),
                    NsccParams.PER_1024));
            return Decision.FAST_INCREASE;
        }
        return null;
    }

    /**
     * A NACK's cut of {@code trimmedBytes}: with a spraying gate closed the bytes leave inflight but cwnd stays;
     * with responsibility scaling the cut is {@code trimmedBytes x cwnd / BDP}.
     *
     * @return whether cwnd was cut (false only when a gate held the cut back)
     */
    final boolean cutOnNack(int trimmedBytes, int entropy) {
        requirePositive("trimmedBytes", trimmedBytes);
        feedGates(true, entropy);
        if (!gateOpen()) {
            inflightBytes -= trimmedBytes;
            if (pathTest != null) {
                pathTest.onLoss();
            }
            return false;
        }
        giveUp(trimmedBytes, decreaseCutFixed((long) trimmedBytes << FRACTION_BITS));
        return true;
    }

    static void requirePositive(String field, int bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException(field + " must be > 0, was " + bytes);
        }
    }

    /** A loss of {@code bytes}: out of flight, {@code cutFixed} off cwnd, fast increase and any penalty over. */
    final void giveUp(int bytes, long cutFixed) {
        inflightBytes -= bytes;
        endFastIncrease();
        penaltyEpisode = false;
        if (pathTest != null) {
            pathTest.onLoss();
        }
        setCwnd(cwndFixed - cutFixed);
    }

    /** One packet's congestion signal ({@code congested}: ECN or loss) into the configured spraying gates. */
    final void feedGates(boolean congested, int entropy) {
        if (ewmaGate != null) {
            ewmaGate.onSample(congested);
        }
        if (pathGate != null && entropy != NO_ENTROPY) {
            pathGate.onFeedback(entropy, congested);
        }
    }

    /**
     * The cut, in 1/65,536 B, that a congestion signal asking for {@code cutFixed} makes: {@code cutFixed}
     * itself, or with responsibility scaling {@code cutFixed x cwnd / BDP} (US 12,388,756, (88)-(89)). Every
     * congestion decrease (ECN and NACK) is sized here.
     */
    final long decreaseCutFixed(long cutFixed) {
        return companions.responsibilityScaled() ? Wide.mulDiv(cutFixed, cwndFixed, bdpFixed) : cutFixed;
    }

    /**
     * A multiplicative decrease at {@code nowPs} asking for {@code shareFixed}: sized by {@link #decreaseCutFixed},
     * capped at {@code maxDecreasePer1024} of cwnd; it ends any penalty episode and starts the spacing of the
     * next decrease.
     */
    final void decrease(long shareFixed, long nowPs) {
        long cutFixed = Math.min(decreaseCutFixed(shareFixed),
                Wide.mulDiv(cwndFixed, params.maxDecreasePer1024(), NsccParams.PER_1024));
        setCwnd(cwndFixed - cutFixed);
        lastDecreasePs = nowPs;
        penaltyEpisode = false;
    }

    /**
     * htsim's {@code UecSrc::update_base_rtt}: a round trip of {@code rttPs} shorter than the base RTT becomes the
     * base RTT, and MaxWnd becomes 1.5 x the BDP at it (cwnd capped at once, as htsim caps it on the next ACK).
     *
     * @return the new MaxWnd in bytes, or -1 when the base RTT stays
     */
    final long rebase(long rttPs) {
        if (rttPs <= 0 || rttPs >= baseRttPs) {
            return -1;
        }
        baseRttPs = rttPs;
        long maxWndBytes = Math.max(params.maxWndBytesAt(rttPs), params.minWindowBytes());
        maxWndFixed = maxWndBytes << FRACTION_BITS;
        cwndFixed = Math.min(cwndFixed, maxWndFixed);
        return maxWndBytes;
    }

    /** The first sign of congestion or a loss: fast increase stops and its count of clean bytes starts over. */
    final void endFastIncrease() {
        fastIncrease = false;
        underloadAckedBytes = 0;
    }

    final void setCwnd(long fixed) {
        cwndFixed = Math.max(minWndFixed, Math.min(maxWndFixed, fixed));
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[cwnd=" + windowBytes() + " B, inflight=" + inflightBytes + " B, rcvd="
                + lastRcvdBytes + " B]";
    }
}
