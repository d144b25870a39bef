package io.fabricemu.uet.cc;

import io.fabricemu.cc.AckCc;
import io.fabricemu.cc.Decision;

/**
 * NSCC's reference loop ({@link ReferenceLoop}): htsim's {@code UecSrc::updateCwndOnAck_NSCC}, with the same
 * four cases as {@link PerAckNscc} picked by each ACK's own delay sample and ECN echo, but sized differently:
 * <ul>
 *   <li>Every delay sample also feeds an exponential average ({@link DelayAverage}).</li>
 *   <li><b>Quick adapt</b> ({@link QuickAdapt}) is checked first on every ACK and NACK; when it sets cwnd to
 *       the bytes achieved in the last period, or ignores feedback older than that cut, nothing else
 *       happens ({@link Decision#QUICK_ADAPT}, {@link Decision#HOLD}).</li>
 *   <li>Fair increase earns {@link ReferenceLoop#fairIncreaseBytes()} and proportional increase
 *       {@code proportionalGainBytes x (target - delay) / target} per window of ACKs, summed in an
 *       {@link AdjustmentBatch} and applied every 8 MTU of ACKs or base RTT, with eta once per base RTT.
 *       Fast increase (and the path-not-congested companion) still apply at once.</li>
 *   <li>Multiplicative decrease ({@code delay >= target} with ECN) multiplies cwnd by
 *       {@code 1 - gamma x (avg - target) / avg} (gamma 0.8) if the <em>average</em> exceeds the target, at
 *       most half, and at most once per base RTT of elapsed time (htsim {@code multiplicative_decrease}).</li>
 *   <li>A NACK not absorbed by quick adapt cuts its bytes, as in the per-ACK loop.</li>
 * </ul>
 * A packet goes only if the window has room for all of it: {@code inflight + bytes <= cwnd} (htsim
 * {@code UecSrc::can_send_NSCC}), so a window of one packet holds one packet in flight, not two.
 *
 * <p>The base RTT is config_base_rtt, or, learning as htsim's {@code update_base_rtt} does
 * ({@link BaseRttLearning}, off by default), the shortest round trip an ACK or NACK measured; MaxWnd follows it.
 * Queuing delay, quick adapt's period and gate, the drained sample of the delay average and the spacing of
 * decreases follow; the target delay and the fair, eta and adjustment sizes stay the network's, as in htsim.
 */
public final class ReferenceNscc extends Nscc {
    /** The loop's settings, resolved for the path. */
    private final ReferenceLoop loop;
    private final DelayAverage delayAverage;
    /** Quick adapt, or null when the loop runs without it. */
    private final QuickAdapt quickAdapt;
    private final AdjustmentBatch batch;

    /** A CCC in state READY running {@code loop} (its derived fields resolved here) and {@code companions}. */
    public ReferenceNscc(NsccParams params, NsccCompanions companions, ReferenceLoop loop) {
        super(params, companions);
        this.loop = loop.resolve(params);
        this.delayAverage = new DelayAverage(loop.delayAverageDivisor(), targetDelayPs, params.baseRttPs());
        this.quickAdapt = loop.quickAdapt() ? new QuickAdapt(params.baseRttPs(), targetDelayPs,
                params.maxWndBytes(), loop.quickAdaptGate()) : null;
        this.batch = new AdjustmentBatch(this.loop.adjustBytes(), this.loop.adjustPeriodPs(), this.loop.etaBytes());
    }

    @Override
    public ReferenceLoop loop() {
        return loop;
    }

    /** The averaged queuing delay in ps. */
    public long averageDelayPs() {
        return delayAverage.averagePs();
    }

    /** {@code inflight + bytes <= cwnd} (htsim {@code UecSrc::can_send_NSCC}). */
    @Override
    public boolean canSend(int payloadBytes) {
        return inflightBytes + payloadBytes <= windowBytes();
    }

    /** {@code inflight + bytes >= cwnd}, as htsim's {@code UecSrc::sendNewPacket} tests it. */
    @Override
    public boolean full(int payloadBytes) {
        return inflightBytes + payloadBytes >= windowBytes();
    }

    /** htsim's {@code UecSrc::updateCwndOnAck_NSCC} for one ACK_CC from a packet that carried {@code entropy}. */
    @Override
    public Decision onAck(AckCc ack, int entropy) {
        if (loop.learnBaseRtt().onAcks()) {
            learnBaseRtt(ack.roundTripPs());
        }
        long newlyRcvdBytes = accept(ack);
        if (newlyRcvdBytes <= 0) {
            return Decision.STALE;
        }
        boolean penalised = ack.rcvCwndPend() > 0;
        long delayPs = ack.queuingDelayPs(baseRttPs);
        boolean ecn = ack.ecnMarked();
        long nowPs = ack.arrivalPs();
        batch.onAcked(newlyRcvdBytes);
        delayAverage.onSample(delayPs, ecn);
        boolean pathClear = pathClear(newlyRcvdBytes, ack);
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
            decision = delayPs < targetDelayPs ? Decision.HOLD
                    : gateOpen() ? averagedDecrease(nowPs) : Decision.GATED;
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
            setCwnd(cwndFixed + batch.fulfil(nowPs, windowBytes()));
        }
        return decision;
    }

    /**
     * A NACK for a trimmed packet of {@code payloadBytes}, {@code roundTripPs} after it left: learning from NACKs,
     * a round trip shorter than the base RTT lowers it first (a trimmed packet's header travels faster than the
     * whole packet would, so this may go below the path's own round trip, as in htsim). The NACK is then a delay
     * sample of one base RTT and arms quick adapt, which may take the place of the cut.
     */
    @Override
    public boolean onNack(long nowPs, int payloadBytes, int entropy, long roundTripPs) {
        if (loop.learnBaseRtt().onNacks()) {
            learnBaseRtt(roundTripPs);
        }
        requirePositive("trimmedBytes", payloadBytes);
        delayAverage.onSample(params.baseRttPs(), true);
        if (quickAdapt != null) {
            quickAdapt.onNacked(payloadBytes);
            long adapted = quickAdapt.run(nowPs, true, true, 0, inflightBytes, params.minWindowBytes());
            if (adapted != QuickAdapt.NONE) {
                feedGates(true, entropy);
                batch.clear();
                giveUp(payloadBytes, adapted == QuickAdapt.IGNORED ? 0 : cwndFixed - (adapted << FRACTION_BITS));
                return adapted != QuickAdapt.IGNORED;
            }
        }
        return cutOnNack(payloadBytes, entropy);
    }

    /**
     * A switch's back-to-sender notice: a delay sample as an ECN-marked ACK's would be, and the multiplicative
     * decrease if it is at or over the target. Ends fast increase; inflight is untouched.
     */
    @Override
    public Decision onCongestionNotice(long nowPs, long pktTxPs, long queuingDelayPs) {
        endFastIncrease();
        delayAverage.onSample(queuingDelayPs, true);
        return queuingDelayPs >= targetDelayPs ? averagedDecrease(nowPs) : Decision.HOLD;
    }

    /** A round trip of {@code rttPs} lowers the base RTT if shorter; the delay average and quick adapt follow. */
    private void learnBaseRtt(long rttPs) {
        long maxWndBytes = rebase(rttPs);
        if (maxWndBytes < 0) {
            return;
        }
        delayAverage.rebase(rttPs);
        if (quickAdapt != null) {
            quickAdapt.rebase(rttPs, maxWndBytes);
        }
    }

    /**
     * The multiplicative decrease at {@code nowPs} (htsim {@code multiplicative_decrease}): if the averaged
     * delay exceeds the target and no decrease happened in the last base RTT, cwnd loses
     * {@code gamma x (avg - target) / avg} of itself, at most {@code maxDecreasePer1024}.
     */
    private Decision averagedDecrease(long nowPs) {
        long avgPs = delayAverage.averagePs();
        if (avgPs <= targetDelayPs
                || (lastDecreasePs != NO_DECREASE_YET && nowPs - lastDecreasePs <= baseRttPs)) {
            return Decision.HOLD;
        }
        long shareFixed = Wide.mulDiv(Wide.mulDiv(cwndFixed, avgPs - targetDelayPs, avgPs),
                loop.decreaseGammaPercent(), 100);
        decrease(shareFixed, nowPs);
        return Decision.MULTIPLICATIVE_DECREASE;
    }
}
