package io.fabricemu.uet.cc;

import io.fabricemu.cc.AckCc;
import io.fabricemu.cc.Decision;

/**
 * NSCC's per-ACK loop ({@link PerAckLoop}): each ACK's own delay sample and ECN echo size every window change
 * at once, as this emulator ran NSCC first.
 *
 * <h2>Gate</h2>
 * A PDC may send while {@code inflight < cwnd}: a packet leaves whenever any room is left.
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
 *   <li><b>Fast increase</b> ({@link Nscc}) and the path-not-congested increase take its place when they
 *       apply.</li>
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
 * A NACK cuts its bytes at once ({@link Nscc}); this loop learns no base RTT.
 */
public final class PerAckNscc extends Nscc {
    private final long fairStepFixed;
    /** Bytes acknowledged in the fair-increase case since its last step. */
    private long fairAckedBytes;

    /** A CCC in state READY, running the companion mechanisms {@code companions} turns on. */
    public PerAckNscc(NsccParams params, NsccCompanions companions) {
        super(params, companions);
        this.fairStepFixed = (params.baseBdpBytes() << FRACTION_BITS) / params.scalingFactor();
    }

    @Override
    public NsccLoop loop() {
        return NsccLoop.PER_ACK;
    }

    /** The gate every PDC of this CCC obeys: {@code inflight < cwnd}, in whole bytes, whatever the packet. */
    @Override
    public boolean canSend(int payloadBytes) {
        return inflightBytes < windowBytes();
    }

    /** The gate is shut: {@code inflight >= cwnd}. */
    @Override
    public boolean full(int payloadBytes) {
        return inflightBytes >= windowBytes();
    }

    /**
     * An ACK_CC arrived: updates inflight, applies the restore flag and destination penalty, then the
     * network case of the table above. {@code entropy} names the packet's path for the per-path gate.
     *
     * @return what the network signals did to cwnd, or {@link Decision#STALE} if the ACK was ignored
     */
    @Override
    public Decision onAck(AckCc ack, int entropy) {
        long newlyRcvdBytes = accept(ack);
        if (newlyRcvdBytes <= 0) {
            return Decision.STALE;
        }
        boolean penalised = ack.rcvCwndPend() > 0;
        long delayPs = ack.queuingDelayPs(baseRttPs);
        boolean ecn = ack.ecnMarked();
        boolean pathClear = pathClear(newlyRcvdBytes, ack);
        feedGates(ecn, entropy);
        if (ecn || penalised || delayPs >= params.fastIncreaseThresholdPs()) {
            endFastIncrease();
        }
        if (ecn) {
            return delayPs > targetDelayPs ? gatedDecrease(delayPs, ack) : Decision.HOLD;
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
     * A NACK for a trimmed packet: its bytes leave inflight (to be retransmitted and counted again by
     * {@link #onSent}) and cwnd shrinks by as much, unless a spraying gate holds the cut back. This loop
     * keeps config_base_rtt, so the NACK's round trip teaches it nothing.
     */
    @Override
    public boolean onNack(long nowPs, int payloadBytes, int entropy, long roundTripPs) {
        return cutOnNack(payloadBytes, entropy);
    }

    /**
     * A switch's back-to-sender notice (WREB, U.S. Patent 12,388,756) reported that a packet sent at
     * {@code pktTxPs} waited behind a queue that takes {@code queuingDelayPs} to drain: handled at
     * {@code nowPs} as an ECN-marked ACK_CC with that delay would be, a round trip earlier: a multiplicative
     * decrease if the delay exceeds the target (at most once per round trip, the same gate), else HOLD. Ends
     * fast increase. inflight is untouched: the packet is still on its way.
     */
    @Override
    public Decision onCongestionNotice(long nowPs, long pktTxPs, long queuingDelayPs) {
        endFastIncrease();
        return queuingDelayPs > targetDelayPs ? multiplicativeDecrease(queuingDelayPs, pktTxPs, nowPs)
                : Decision.HOLD;
    }

    private Decision proportionalIncrease(long newlyRcvdBytes, long delayPs) {
        long perWindowFixed = Wide.mulDiv(params.proportionalGainBytes() << FRACTION_BITS,
                targetDelayPs - delayPs, targetDelayPs);
        setCwnd(cwndFixed + Wide.mulDiv(perWindowFixed, newlyRcvdBytes, windowBytes()));
        return Decision.PROPORTIONAL_INCREASE;
    }

    private Decision fairIncrease(long newlyRcvdBytes) {
        fairAckedBytes += newlyRcvdBytes;
        long window = windowBytes();
        if (fairAckedBytes >= window) {
            long steps = fairAckedBytes / window;
            fairAckedBytes %= window;
            setCwnd(cwndFixed + Math.multiplyExact(steps, fairStepFixed));
        }
        return Decision.FAIR_INCREASE;
    }

    private Decision gatedDecrease(long delayPs, AckCc ack) {
        if (!gateOpen()) {
            return Decision.GATED;
        }
        return multiplicativeDecrease(delayPs, ack.pktTxPs(), ack.arrivalPs());
    }

    private Decision multiplicativeDecrease(long delayPs, long pktTxPs, long nowPs) {
        if (pktTxPs < lastDecreasePs) {
            return Decision.HOLD;
        }
        long drainFixed = Wide.mulDiv(cwndFixed, delayPs - targetDelayPs, params.baseRttPs() + delayPs);
        decrease(Wide.mulDiv(drainFixed, params.decreaseGainPer1024(), NsccParams.PER_1024), nowPs);
        fairAckedBytes = 0;
        return Decision.MULTIPLICATIVE_DECREASE;
    }
}
