package io.fabricemu.uet;

import io.fabricemu.lb.Feedback;
import io.fabricemu.lb.LoadBalancer;

/**
 * What a ROD go-back or acknowledgement tells a PDC's congestion context and load balancer ({@link
 * RodPdcSender.Listener}): a lost packet was NACKed or timed out and, unless its congestion was already counted,
 * cuts the window; packets discarded behind it, or found delivered after all, only move in or out of flight.
 */
final class RodLosses implements RodPdcSender.Listener {
    private final SenderCcc ccc;
    private final LoadBalancer lb;
    private final int headerBytes;
    private final boolean nacked;
    private final boolean cut;
    private final long nowPs;

    /**
     * @param nacked the lost packet was NACKed, not timed out
     * @param cut    false: its congestion was already counted (a drop notice after an early one), so it only leaves
     *               flight
     */
    RodLosses(SenderCcc ccc, LoadBalancer lb, int headerBytes, boolean nacked, boolean cut, long nowPs) {
        this.ccc = ccc;
        this.lb = lb;
        this.headerBytes = headerBytes;
        this.nacked = nacked;
        this.cut = cut;
        this.nowPs = nowPs;
    }

    @Override
    public void lost(int psn, int payloadBytes, int entropy) {
        if (!cut) {
            ccc.onDiscarded(payloadBytes, payloadBytes + headerBytes);
            return;
        }
        if (nacked) {
            ccc.onNack(nowPs, payloadBytes, payloadBytes + headerBytes, entropy, 0);
        } else {
            ccc.onTimeout(nowPs, payloadBytes, payloadBytes + headerBytes);
            lb.onFeedback(entropy, Feedback.TIMED_OUT, nowPs);
        }
    }

    @Override
    public void discarded(int psn, int payloadBytes) {
        ccc.onDiscarded(payloadBytes, payloadBytes + headerBytes);
    }

    @Override
    public void resendCancelled(int psn, int payloadBytes) {
        ccc.onResendCancelled(payloadBytes, payloadBytes + headerBytes);
    }
}
