package io.fabricemu.uet.cc;

import java.util.Objects;

/**
 * The sender side of UET Network-Signalled Congestion Control for one congestion control context (CCC):
 * one window shared by all the CCC's packet delivery contexts (PDCs). Plain, single-threaded, integer-only;
 * time is whatever the caller passes in, in ps.
 *
 * <h2>Window and gate</h2>
 * A PDC may send while {@code inflight < cwnd} ({@link #canSend()}; the reference loop below waits for
 * room for the whole packet, {@link #canSend(int)}); {@link #onSent} adds the packet's
 * bytes. Each ACK_CC carries the target's cumulative rcvd_bytes, and inflight drops by its growth since the
 * previous ACK_CC (12,288 then 16,384: 4,096). An ACK_CC whose rcvd_bytes does not exceed the last one seen
 * is stale (overtaken or duplicated) and changes nothing at all. cwnd is held in fixed point, 1/65,536 B
 * ({@link #FRACTION_BITS}), so every power-of-two fraction of Base_BDP up to 1/65,536 is exact;
 * {@link #cwndBytes()} is its whole bytes.
 *
 * <h2>Per-ACK decision</h2>
 * The queuing delay is {@code arrival - tx - service_time - base_rtt} ({@link AckCc#queuingDelayPs}),
 * compared with the target ({@link NsccParams#targetDelayPs()}); with the ECN echo it picks one of four
 * cases, the table of htsim's {@code UecSrc::updateCwndOnAck_NSCC}:
 * <pre>
 *                  delay &lt; target             delay &gt;= target
 *   no ECN         proportional / fast increase  fair increase
 *   ECN            hold (rotate the path)        multiplicative decrease (if delay &gt; target)
 * </pre>
 * ECN is marked on the instantaneous queue while the delay reports the queue the packet waited behind, so
 * "delay high but unmarked" means the queue has drained below the marking threshold: congestion subsiding,
 * the case for fair increase (UE 1.0, NSCC; the blog's "Inflight Bytes and CWND Adjustment": "ECN signals
 * indicate that the network queue has drained below the
 * configured threshold, even if a previous packet experienced congestion"). "Marked but not delayed" means a
 * queue is just forming; NSCC leaves the window alone and lets the EV rotation move the flow.
 * <ul>
 *   <li><b>Proportional increase</b>: {@code proportionalGainBytes x (target - delay) / target} over one
 *       window of ACKs, i.e. each ACK adds that x {@code newlyAcked / cwnd}. The same bytes per round trip for
 *       every flow, more the emptier the path (htsim {@code proportional_increase}).</li>
 *   <li><b>Fast increase</b>: once a whole window of bytes ({@code > cwnd}) has been acknowledged without ECN
 *       and with delay under {@code fastIncreaseThresholdPs}, every such ACK adds
 *       {@code fastIncreaseGainPer1024 / 1024} of its bytes (exponential growth), until the first sign of
 *       congestion: an ECN echo, a delay at or over that threshold, or a destination penalty (htsim
 *       {@code fast_increase}, which counts the same window and uses a 1 us threshold).</li>
 *   <li><b>Fair increase</b>: one step of {@code Base_BDP / scalingFactor} (150,000 / 1,024 = 146.484375 B;
 *       75,000 becomes 75,146.484375, which the blog prints as 75,146.5) for every window of bytes acknowledged
 *       in this case. Fixed per round trip, not per ACK, so small windows grow relatively faster and flows
 *       converge (htsim adds {@code fi x acked / cwnd} per ACK for the same reason).</li>
 *   <li><b>Multiplicative decrease</b>: flows that together hold {@code W = rate x (base_rtt + delay)} and
 *       each remove {@code cwnd x (delay - target) / (base_rtt + delay)} remove exactly the excess queue,
 *       {@code rate x (delay - target)}, bringing the queue to target within about one round trip. Scaled by
 *       {@code decreaseGainPer1024} and capped at {@code maxDecreasePer1024} of cwnd (htsim: at most half).
 *       At most once per round trip: only the ACK of a packet sent at or after the previous decrease may
 *       decrease again, since earlier packets report the queue the decrease has not yet drained.</li>
 * </ul>
 *
 * <h2>Destination flow control</h2>
 * An ACK_CC with rcv_cwnd_pend {@code p > 0} cuts {@code (newlyAcked x p) >> 7} bytes (4,096 x 64 >> 7 =
 * 2,048: 75,776 becomes 73,728) and suppresses that ACK's increases; a decrease still applies. The first
 * penalty of an episode saves the window it found; the rc flag ends the episode and returns cwnd to
 * {@code max(cwnd, saved)}. A network-driven cut during the episode (multiplicative decrease, NACK or
 * timeout) ends it without restoring: the saved window is then no longer known to suit the fabric. Restore
 * is processed before the same ACK's penalty, which then starts a new episode.
 *
 * <h2>Loss</h2>
 * A NACK for a trimmed packet and a retransmission timeout both take the packet's bytes out of inflight (the
 * target never counts them in rcvd_bytes) and off cwnd, as htsim's {@code updateCwndOnNack_NSCC} and
 * {@code mark_packet_for_retransmission} do.
 *
 * <p>cwnd stays within [{@code minWindowBytes}, MaxWnd] after every event.
 *
 * <h2>Companion mechanisms (off unless configured: {@link NsccCompanions})</h2>
 * From U.S. Patent 12,388,756; with all of them off every decision above is
 * unchanged, bit for bit.
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
 * <h2>The reference loop ({@link NsccLoop#REFERENCE})</h2>
 * Everything above describes the per-ACK loop ({@link NsccLoop#PER_ACK}, what {@link #Nscc(NsccParams)} runs).
 * The reference loop follows htsim's {@code UecSrc::updateCwndOnAck_NSCC} instead, with the same four cases
 * picked by each ACK's own delay sample and ECN echo:
 * <ul>
 *   <li>Every delay sample also feeds an exponential average ({@link DelayAverage}).</li>
 *   <li><b>Quick adapt</b> ({@link QuickAdapt}) is checked first on every ACK and NACK; when it sets cwnd to
 *       the bytes achieved in the last period, or ignores feedback older than that cut, nothing else
 *       happens ({@link Decision#QUICK_ADAPT}, {@link Decision#HOLD}).</li>
 *   <li>Fair increase earns {@link NsccLoop#fairIncreaseBytes()} and proportional increase
 *       {@code proportionalGainBytes x (target - delay) / target} per window of ACKs, summed in an
 *       {@link AdjustmentBatch} and applied every 8 MTU of ACKs or base RTT, with eta once per base RTT.
 *       Fast increase (and the path-not-congested companion) still apply at once.</li>
 *   <li>Multiplicative decrease ({@code delay >= target} with ECN) multiplies cwnd by
 *       {@code 1 - gamma x (avg - target) / avg} (gamma 0.8) if the <em>average</em> exceeds the target, at
 *       most half, and at most once per base RTT of elapsed time (htsim {@code multiplicative_decrease}).</li>
 *   <li>A NACK not absorbed by quick adapt cuts its bytes, as in the per-ACK loop.</li>
 * </ul>
 * The base RTT is config_base_rtt, or, learning as htsim's {@code update_base_rtt} does ({@link BaseRttLearning},
 * off by default), the shortest round trip an ACK or NACK measured; MaxWnd follows it.
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
public final class Nscc {
    /** cwnd is held in units of 2^-16 B. */
    public static final int FRACTION_BITS = 16;
    /** One byte in {@link #cwndFixed()} units. */
    public static final long ONE_BYTE_FIXED = 1L << FRACTION_BITS;

    private static final long NO_DECREASE_YET = Long.MIN_VALUE;

    /** What an ACK_CC did to the window, for tests, logs and the entropy policy. */
    public enum Decision {
        /** rcvd_bytes did not advance: the ACK_CC was ignored. */
        STALE,
        /** Below target, no ECN: grown in proportion to the distance from the target. */
        PROPORTIONAL_INCREASE,
        /** Sustained underload: grown by a share of the acknowledged bytes. */
        FAST_INCREASE,
        /** At or above target without ECN: counted towards (or applied) the fixed fair step. */
        FAIR_INCREASE,
        /** Above target with ECN: cut in proportion to the excess delay. */
        MULTIPLICATIVE_DECREASE,
        /** The RTT+ECN test found the path not congested: grown by a share of the acknowledged bytes. */
        PATH_CLEAR_INCREASE,
        /** Above target with ECN, but a spraying gate held the decrease back (too few paths congested). */
        GATED,
        /** The reference loop's quick adapt set cwnd to the bytes achieved in the last period. */
        QUICK_ADAPT,
        /**
         * No network-driven change: ECN at or below target, a second decrease within one round trip, or a
         * destination penalty suppressing the increase.
         */
        HOLD
    }

    /** Entropy value of a packet whose path is not known: per-path tracking skips it. */
    public static final int NO_ENTROPY = -1;

    private final NsccParams params;
    private final NsccCompanions companions;
    private final PathNotCongested pathTest;
    private final CongestionEwma ewmaGate;
    private final CongestedPaths pathGate;
    private final long bdpFixed;
    private final long targetDelayPs;
    /** MaxWnd in 1/65,536 B: of config_base_rtt's BDP, or of the learnt base RTT's ({@link #learnBaseRtt}). */
    private long maxWndFixed;
    /** The base RTT queuing is measured against: config_base_rtt, or the shortest round trip learnt since. */
    private long baseRttPs;
    private final long minWndFixed;
    private final long fairStepFixed;
    /** The reference loop's settings, resolved for the path; null for the per-ACK loop. */
    private final NsccLoop loop;
    private final DelayAverage delayAverage;
    private final QuickAdapt quickAdapt;
    private final AdjustmentBatch batch;

    private long cwndFixed;
    private long inflightBytes;
    private long lastRcvdBytes;
    /** Bytes acknowledged in the fair-increase case since its last step. */
    private long fairAckedBytes;
    /** Bytes acknowledged in a row with no ECN and a delay under the fast-increase threshold. */
    private long underloadAckedBytes;
    private boolean fastIncrease;
    /** Arrival time of the ACK_CC (or back-to-sender notice) that caused the last multiplicative decrease. */
    private long lastDecreasePs = NO_DECREASE_YET;
    private boolean penaltyEpisode;
    private long cwndBeforePenaltyFixed;

    /** A CCC in state READY: cwnd = {@code initialWindowBytes}, nothing in flight, nothing received. */
    public Nscc(NsccParams params) {
        this(params, NsccCompanions.OFF);
    }

    /** As {@link #Nscc(NsccParams)}, running the companion mechanisms {@code companions} turns on. */
    public Nscc(NsccParams params, NsccCompanions companions) {
        this(params, companions, NsccLoop.PER_ACK);
    }

    /** As {@link #Nscc(NsccParams, NsccCompanions)}, running {@code loop} (its derived fields resolved here). */
    public Nscc(NsccParams params, NsccCompanions companions, NsccLoop loop) {
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
        this.fairStepFixed = (params.baseBdpBytes() << FRACTION_BITS) / params.scalingFactor();
        this.cwndFixed = params.initialWindowBytes() << FRACTION_BITS;
        if (loop.perAck()) {
            this.loop = null;
            this.delayAverage = null;
            this.quickAdapt = null;
            this.batch = null;
        } else {
            this.loop = loop.resolve(params);
            this.delayAverage = new DelayAverage(loop.delayAverageDivisor(), targetDelayPs, params.baseRttPs());
            this.quickAdapt = loop.quickAdapt() ? new QuickAdapt(params.baseRttPs(), targetDelayPs,
                    params.maxWndBytes(), loop.quickAdaptGate()) : null;
            this.batch = new AdjustmentBatch(this.loop.adjustBytes(), this.loop.adjustPeriodPs(),
                    this.loop.etaBytes());
        }
    }

    /** The loop this context runs, its derived fields resolved ({@link NsccLoop#PER_ACK} for the per-ACK loop). */
    public NsccLoop loop() {
        return loop == null ? NsccLoop.PER_ACK : loop;
    }

    /** The reference loop's averaged queuing delay in ps (0 in the per-ACK loop, which keeps none). */
    public long averageDelayPs() {
        return delayAverage == null ? 0 : delayAverage.averagePs();
    }

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
    public long cwndBytes() {
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

    /** The gate every PDC of this CCC obeys: {@code inflight < cwnd}, in whole bytes. */
    public boolean canSend() {
        return inflightBytes < cwndBytes();
    }

    /**
     * The gate for a packet of {@code bytes} of payload: the per-ACK loop's {@link #canSend()}; the reference
     * loop's {@code inflight + bytes <= cwnd} (htsim {@code UecSrc::can_send_NSCC}), so a window of one
     * packet holds one packet in flight, not two.
     */
    public boolean canSend(int bytes) {
        return loop == null ? canSend() : inflightBytes + bytes <= cwndBytes();
    }

    /**
     * Whether the window is full for another packet of {@code bytes} of payload, so that a packet just sent should
     * ask for an ACK_CC at once (the AR flag): the per-ACK loop's gate is shut ({@code inflight >= cwnd}); the
     * reference loop tests {@code inflight + bytes >= cwnd}, as htsim's {@code UecSrc::sendNewPacket} does.
     */
    public boolean full(int bytes) {
        return loop == null ? !canSend() : inflightBytes + bytes >= cwndBytes();
    }

    /** A PDC put {@code bytes} of payload on the wire (a first transmission or a retransmission). */
    public void onSent(int bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("bytes must be > 0, was " + bytes);
        }
        inflightBytes = Math.addExact(inflightBytes, bytes);
    }

    /**
     * An ACK_CC arrived: updates inflight, applies the restore flag and destination penalty, then the
     * network case of the table above.
     *
     * @return what the network signals did to cwnd, or {@link Decision#STALE} if the ACK was ignored
     */
    public Decision onAckCc(AckCc ack) {
        return onAckCc(ack, NO_ENTROPY);
    }

    /**
     * As {@link #onAckCc(AckCc)}, for a packet that carried {@code entropy} ({@link #NO_ENTROPY} if unknown),
     * which names its path for the per-path gate.
     */
    public Decision onAckCc(AckCc ack, int entropy) {
        if (loop != null && loop.learnBaseRtt().onAcks()) {
            learnBaseRtt(ack.roundTripPs());
        }
        long newlyRcvdBytes = ack.rcvdBytes() - lastRcvdBytes;
        if (newlyRcvdBytes <= 0) {
            return Decision.STALE;
        }
        lastRcvdBytes = ack.rcvdBytes();
        // More than is in flight means a packet written off (timeout) arrived after all; never go negative.
        inflightBytes = Math.max(0, inflightBytes - newlyRcvdBytes);

        if (ack.restoreCwnd() && penaltyEpisode) {
            penaltyEpisode = false;
            setCwnd(Math.max(cwndFixed, cwndBeforePenaltyFixed));
        }
        boolean penalised = ack.rcvCwndPend() > 0;
        if (penalised) {
            if (!penaltyEpisode) {
                penaltyEpisode = true;
                cwndBeforePenaltyFixed = cwndFixed;
            }
            long penaltyBytes = Math.multiplyExact(newlyRcvdBytes, ack.rcvCwndPend()) >> 7;
            setCwnd(cwndFixed - Math.multiplyExact(penaltyBytes, ONE_BYTE_FIXED));
        }

        long delayPs = ack.queuingDelayPs(baseRttPs);
        boolean ecn = ack.ecnMarked();
        if (loop != null) {
            return referenceOnAck(ack, newlyRcvdBytes, delayPs, penalised, entropy);
        }
        boolean pathClear = pathTest != null && pathTest.onAck(newlyRcvdBytes, ecn, ack.roundTripPs(), cwndBytes());
        feedGates(ecn, entropy);
        if (ecn || penalised || delayPs >= params.fastIncreaseThresholdPs()) {
            endFastIncrease();
        }
        if (ecn) {
            return delayPs > targetDelayPs ? multiplicativeDecrease(delayPs, ack) : Decision.HOLD;
        }
        if (penalised) {
            return Decision.HOLD;
        }
        if (delayPs >= targetDelayPs) {
            return fairIncrease(newlyRcvdBytes);
        }
        Decision immediate = immediateIncrease(newlyRcvdBytes, delayPs, pathClear);
        return immediate != null ? immediate : proportionalIncrease(newlyRcvdBytes, delayPs);
    }

    /**
     * Below the target without ECN: counts the ACK towards fast increase, then grows cwnd at once by the
     * path-not-congested or the fast increase, whichever applies (in that order), returning which; null
     * when neither does and the proportional increase is due. Both loops apply these at once (htsim's
     * {@code fast_increase} changes cwnd outside the batch too).
     */
    private Decision immediateIncrease(long newlyRcvdBytes, long delayPs, boolean pathClear) {
        if (delayPs < params.fastIncreaseThresholdPs()) {
            underloadAckedBytes += newlyRcvdBytes;
            if (underloadAckedBytes > cwndBytes()) {
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
     * A NACK came back {@code rttPs} after the packet it names left: in the reference loop learning from NACKs,
     * a round trip shorter than the base RTT lowers it ({@link #learnBaseRtt}). A trimmed packet's header
     * travels faster than the whole packet would, so this may go below the path's own round trip, as in htsim.
     */
    public void onNackRoundTrip(long rttPs) {
        if (loop != null && loop.learnBaseRtt().onNacks()) {
            learnBaseRtt(rttPs);
        }
    }

    /**
     * htsim's {@code UecSrc::update_base_rtt}: a round trip of {@code rttPs} shorter than the base RTT becomes the
     * base RTT, and MaxWnd becomes 1.5 x the BDP at it (cwnd capped at once, as htsim caps it on the next ACK).
     * Queuing delay, quick adapt's period and gate, the drained sample of the delay average and the spacing of
     * decreases follow; the target delay and the fair, eta and adjustment sizes stay the network's, as in htsim.
     */
    private void learnBaseRtt(long rttPs) {
        if (rttPs <= 0 || rttPs >= baseRttPs) {
            return;
        }
        baseRttPs = rttPs;
        long maxWndBytes = Math.max(params.maxWndBytesAt(rttPs), params.minWindowBytes());
        maxWndFixed = maxWndBytes << FRACTION_BITS;
        cwndFixed = Math.min(cwndFixed, maxWndFixed);
        delayAverage.rebase(rttPs);
        if (quickAdapt != null) {
            quickAdapt.rebase(rttPs, maxWndBytes);
        }
    }

    /** The base RTT this context measures queuing against, in ps (config_base_rtt unless learnt lower). */
    public long baseRttPs() {
        return baseRttPs;
    }

    /**
     * The target returned a NACK for a trimmed packet of {@code trimmedBytes}: they leave inflight (to be
     * retransmitted and counted again by {@link #onSent}) and cwnd shrinks by as much.
     */
    public void onNack(int trimmedBytes) {
        onNack(trimmedBytes, NO_ENTROPY);
    }

    /**
     * As {@link #onNack(int)}, for a packet that carried {@code entropy} ({@link #NO_ENTROPY} if unknown).
     * With a spraying gate closed the bytes leave inflight but cwnd stays; with responsibility scaling the
     * cut is {@code trimmedBytes x cwnd / BDP}.
     *
     * @return whether cwnd was cut (false only when a gate held the cut back)
     */
    public boolean onNack(int trimmedBytes, int entropy) {
        if (loop != null) {
            throw new IllegalStateException("the reference loop needs the NACK's time: onNack(bytes, entropy, nowPs)");
        }
        return cutOnNack(trimmedBytes, entropy);
    }

    /**
     * As {@link #onNack(int, int)}, arriving at {@code nowPs}. In the reference loop the NACK is also a delay
     * sample of one base RTT and arms quick adapt, which may take the place of the cut.
     */
    public boolean onNack(int trimmedBytes, int entropy, long nowPs) {
        if (loop == null) {
            return cutOnNack(trimmedBytes, entropy);
        }
        requirePositive("trimmedBytes", trimmedBytes);
        delayAverage.onSample(params.baseRttPs(), true);
        if (quickAdapt != null) {
            quickAdapt.onNacked(trimmedBytes);
            long adapted = quickAdapt.run(nowPs, true, true, 0, inflightBytes, params.minWindowBytes());
            if (adapted != QuickAdapt.NONE) {
                feedGates(true, entropy);
                batch.clear();
                giveUp(trimmedBytes, adapted == QuickAdapt.IGNORED ? 0 : cwndFixed - (adapted << FRACTION_BITS));
                return adapted != QuickAdapt.IGNORED;
            }
        }
        return cutOnNack(trimmedBytes, entropy);
    }

    private boolean cutOnNack(int trimmedBytes, int entropy) {
        requirePositive("trimmedBytes", trimmedBytes);
        feedGates(true, entropy);
        if (!gateOpen()) {
            inflightBytes = Math.max(0, inflightBytes - trimmedBytes);
            if (pathTest != null) {
                pathTest.onLoss();
            }
            return false;
        }
        giveUp(trimmedBytes, decreaseCutFixed((long) trimmedBytes << FRACTION_BITS));
        return true;
    }

    /** The retransmission timer wrote off a packet of {@code lostBytes}: the same as an ungated, unscaled NACK. */
    public void onTimeout(int lostBytes) {
        requirePositive("lostBytes", lostBytes);
        giveUp(lostBytes, (long) lostBytes << FRACTION_BITS);
    }

    /**
     * A go-back-N resend made the sender give up {@code bytes} still on the wire that the target will discard
     * unseen (reliable ordered delivery): they leave inflight, to be counted again when resent. Not a
     * congestion signal, so cwnd stays; the loss that caused the go-back came through {@link #onNack} or
     * {@link #onTimeout}.
     */
    public void onDiscarded(int bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("bytes must be > 0, was " + bytes);
        }
        inflightBytes = Math.max(0, inflightBytes - bytes);
    }

    /**
     * {@code bytes} given up earlier ({@link #onNack}, {@link #onTimeout}, {@link #onDiscarded}) and not resent
     * were received after all: they go back in flight so that the ACK_CC whose rcvd_bytes counts them takes
     * them out exactly once. cwnd stays.
     */
    public void onReinstated(int bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("bytes must be > 0, was " + bytes);
        }
        inflightBytes = Math.addExact(inflightBytes, bytes);
    }

    private static void requirePositive(String field, int bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException(field + " must be > 0, was " + bytes);
        }
    }

    private void giveUp(int bytes, long cutFixed) {
        inflightBytes = Math.max(0, inflightBytes - bytes);
        endFastIncrease();
        penaltyEpisode = false;
        if (pathTest != null) {
            pathTest.onLoss();
        }
        setCwnd(cwndFixed - cutFixed);
    }

    /** One packet's congestion signal ({@code congested}: ECN or loss) into the configured spraying gates. */
    private void feedGates(boolean congested, int entropy) {
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
    long decreaseCutFixed(long cutFixed) {
        return companions.responsibilityScaled() ? Wide.mulDiv(cutFixed, cwndFixed, bdpFixed) : cutFixed;
    }

    private Decision proportionalIncrease(long newlyRcvdBytes, long delayPs) {
        long perWindowFixed = Wide.mulDiv(params.proportionalGainBytes() << FRACTION_BITS,
                targetDelayPs - delayPs, targetDelayPs);
        setCwnd(cwndFixed + Wide.mulDiv(perWindowFixed, newlyRcvdBytes, cwndBytes()));
        return Decision.PROPORTIONAL_INCREASE;
    }

    private Decision fairIncrease(long newlyRcvdBytes) {
        fairAckedBytes += newlyRcvdBytes;
        long window = cwndBytes();
        if (fairAckedBytes >= window) {
            long steps = fairAckedBytes / window;
            fairAckedBytes %= window;
            setCwnd(cwndFixed + Math.multiplyExact(steps, fairStepFixed));
        }
        return Decision.FAIR_INCREASE;
    }

    private Decision multiplicativeDecrease(long delayPs, AckCc ack) {
        if (!gateOpen()) {
            return Decision.GATED;
        }
        return multiplicativeDecrease(delayPs, ack.pktTxPs(), ack.arrivalPs());
    }

    /**
     * A switch's back-to-sender notice (WREB, U.S. Patent 12,388,756) reported that a packet sent at
     * {@code pktTxPs} waited behind a queue that takes {@code queuingDelayPs} to drain: handled at
     * {@code nowPs} as an ECN-marked ACK_CC with that delay would be, a round trip earlier: a multiplicative
     * decrease if the delay exceeds the target (at most once per round trip, the same gate), else HOLD. Ends
     * fast increase. inflight is untouched: the packet is still on its way.
     */
    public Decision onCongestionNotice(long nowPs, long pktTxPs, long queuingDelayPs) {
        endFastIncrease();
        if (loop != null) {
            delayAverage.onSample(queuingDelayPs, true);
            return queuingDelayPs >= targetDelayPs ? referenceDecrease(nowPs) : Decision.HOLD;
        }
        return queuingDelayPs > targetDelayPs ? multiplicativeDecrease(queuingDelayPs, pktTxPs, nowPs)
                : Decision.HOLD;
    }

    private Decision multiplicativeDecrease(long delayPs, long pktTxPs, long nowPs) {
        if (pktTxPs < lastDecreasePs) {
            return Decision.HOLD;
        }
        long drainFixed = Wide.mulDiv(cwndFixed, delayPs - targetDelayPs, params.baseRttPs() + delayPs);
        long cutFixed = Math.min(
                decreaseCutFixed(Wide.mulDiv(drainFixed, params.decreaseGainPer1024(), NsccParams.PER_1024)),
                Wide.mulDiv(cwndFixed, params.maxDecreasePer1024(), NsccParams.PER_1024));
        setCwnd(cwndFixed - cutFixed);
        lastDecreasePs = nowPs;
        fairAckedBytes = 0;
        penaltyEpisode = false;
        return Decision.MULTIPLICATIVE_DECREASE;
    }

    /** The reference loop's handling of an accepted ACK_CC (htsim {@code UecSrc::updateCwndOnAck_NSCC}). */
    private Decision referenceOnAck(AckCc ack, long newlyRcvdBytes, long delayPs, boolean penalised, int entropy) {
        boolean ecn = ack.ecnMarked();
        long nowPs = ack.arrivalPs();
        batch.onAcked(newlyRcvdBytes);
        delayAverage.onSample(delayPs, ecn);
        boolean pathClear = pathTest != null && pathTest.onAck(newlyRcvdBytes, ecn, ack.roundTripPs(), cwndBytes());
        feedGates(ecn, entropy);
        if (quickAdapt != null) {
            quickAdapt.onAcked(newlyRcvdBytes);
            long adapted = quickAdapt.run(nowPs, false, ecn, delayPs, inflightBytes, params.minWindowBytes());
            if (adapted != QuickAdapt.NONE) {
                batch.clear();
                if (adapted == QuickAdapt.IGNORED) {
                    return Decision.HOLD;
                }
                endFastIncrease();
                penaltyEpisode = false;
                setCwnd(adapted << FRACTION_BITS);
                return Decision.QUICK_ADAPT;
            }
        }
        if (ecn || penalised || delayPs >= params.fastIncreaseThresholdPs()) {
            endFastIncrease();
        }
        Decision decision;
        if (ecn) {
            decision = delayPs >= targetDelayPs ? (gateOpen() ? referenceDecrease(nowPs) : Decision.GATED)
                    : Decision.HOLD;
        } else if (penalised) {
            decision = Decision.HOLD;
        } else if (delayPs >= targetDelayPs) {
            batch.add(loop.fairIncreaseBytes() << FRACTION_BITS, newlyRcvdBytes);
            decision = Decision.FAIR_INCREASE;
        } else {
            decision = immediateIncrease(newlyRcvdBytes, delayPs, pathClear);
            if (decision == null) {
                batch.add(Wide.mulDiv(params.proportionalGainBytes() << FRACTION_BITS, targetDelayPs - delayPs,
                        targetDelayPs), newlyRcvdBytes);
                decision = Decision.PROPORTIONAL_INCREASE;
            }
        }
        if (batch.due(nowPs)) {
            setCwnd(cwndFixed + batch.fulfil(nowPs, cwndBytes()));
        }
        return decision;
    }

    /**
     * The reference loop's multiplicative decrease at {@code nowPs} (htsim {@code multiplicative_decrease}):
     * if the averaged delay exceeds the target and no decrease happened in the last base RTT, cwnd loses
     * {@code gamma x (avg - target) / avg} of itself, at most {@code maxDecreasePer1024}.
     */
    private Decision referenceDecrease(long nowPs) {
        long avgPs = delayAverage.averagePs();
        if (avgPs <= targetDelayPs
                || (lastDecreasePs != NO_DECREASE_YET && nowPs - lastDecreasePs <= baseRttPs)) {
            return Decision.HOLD;
        }
        long shareFixed = Wide.mulDiv(Wide.mulDiv(cwndFixed, avgPs - targetDelayPs, avgPs),
                loop.decreaseGammaPercent(), 100);
        long cutFixed = Math.min(decreaseCutFixed(shareFixed),
                Wide.mulDiv(cwndFixed, params.maxDecreasePer1024(), NsccParams.PER_1024));
        setCwnd(cwndFixed - cutFixed);
        lastDecreasePs = nowPs;
        penaltyEpisode = false;
        return Decision.MULTIPLICATIVE_DECREASE;
    }

    /** The first sign of congestion or a loss: fast increase stops and its count of clean bytes starts over. */
    private void endFastIncrease() {
        fastIncrease = false;
        underloadAckedBytes = 0;
    }

    private void setCwnd(long fixed) {
        cwndFixed = Math.max(minWndFixed, Math.min(maxWndFixed, fixed));
    }

    @Override
    public String toString() {
        return "Nscc[cwnd=" + cwndBytes() + " B, inflight=" + inflightBytes + " B, rcvd=" + lastRcvdBytes + " B]";
    }
}
