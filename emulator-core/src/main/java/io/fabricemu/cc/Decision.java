package io.fabricemu.cc;

/**
 * What one congestion signal (an acknowledgement, a CNP or a back-to-sender notice) did to a sender's window or
 * rate: the cases of NSCC's per-ACK table (htsim {@code UecSrc::updateCwndOnAck_NSCC}) and of its companion
 * mechanisms, which DCQCN's and the fixed window's simpler reactions reuse. For tests, logs and the time of a
 * NIC's first cut.
 */
public enum Decision {
    /** The acknowledgement reported nothing new (NSCC: rcvd_bytes did not advance) and was ignored. */
    STALE,
    /** Below target, no ECN: grown in proportion to the distance from the target. */
    PROPORTIONAL_INCREASE,
    /** Sustained underload: grown by a share of the acknowledged bytes. */
    FAST_INCREASE,
    /** At or above target without ECN: counted towards (or applied) the fixed fair step. */
    FAIR_INCREASE,
    /**
     * Cut in proportion to the congestion: NSCC above target with ECN (or a notice's delay), DCQCN on a CNP
     * ({@code RC (1 - alpha/2)}).
     */
    MULTIPLICATIVE_DECREASE,
    /** The RTT+ECN test found the path not congested: grown by a share of the acknowledged bytes. */
    PATH_CLEAR_INCREASE,
    /** Above target with ECN, but a spraying gate held the decrease back (too few paths congested). */
    GATED,
    /** NSCC's reference loop set its window to the bytes achieved in the last period (quick adapt). */
    QUICK_ADAPT,
    /**
     * No change: ECN at or below target, a second decrease within one round trip, a destination penalty
     * suppressing the increase, or a signal the algorithm does not react to.
     */
    HOLD
}
