package io.fabricemu.uet.cc;

import io.fabricemu.time.Ps;

/**
 * Parameters of UET receiver credit-based congestion control (RCCC) for one receiver FEP and traffic
 * class, validated on construction. Both ends must agree on them: the receiver's cumulative grant for a
 * new sender starts at {@code initialCreditBytes} because the sender already holds that much credit when
 * its congestion control context is created.
 *
 * <p>Sources: UE 1.0, RCCC; "Ultra Ethernet: Receiver Credit-based Congestion Control (RCCC)"
 * (nwktimes.blogspot.com, 5 February 2026), sections "Source RCCC Operation" (12.5 KB pre-provisioned
 * credit) and "Target RCCC Operation -
 * Credit Assignment" (1 us time slices; 12.5 GB/s x 1 us / active senders).
 *
 * @param receiverRateBps    the receiver's link rate in bits per second: what all grants together may add
 *                           up to per second (100 Gb/s in the post)
 * @param sliceLengthPs      length of one credit time slice in picoseconds; the receiver divides
 *                           {@code receiverRateBps x sliceLengthPs} among its active senders once per slice
 *                           (default {@link #DEFAULT_SLICE_LENGTH_PS}, 1 us, as in the post)
 * @param initialCreditBytes credit a new sender context holds before any grant, the "pipe-cleaning" burst
 *                           (default {@link #DEFAULT_INITIAL_CREDIT_BYTES}, 12,500 B, the post's); 0 means a
 *                           sender waits for its first grant
 * @param grantQuantumBytes  the largest packet a sender sends, on the wire: when a slice's equal share is
 *                           smaller and a round of one such packet per sender would exceed {@code
 *                           roundLimitBytes}, the slice's credit goes out a whole packet at a time, to the
 *                           senders in turn ({@link RcccReceiver}, "Shares below a packet"); 0 (the default, and
 *                           the post's worked examples) divides every slice in bytes whatever the share
 * @param roundLimitBytes    with a grant quantum, the largest round of packets, one per sender held at the
 *                           common share, that the byte division may let the senders send together (it does
 *                           once a round; see {@link CreditTurns}); 0 takes turns whenever the share is below a
 *                           packet
 */
public record RcccParams(long receiverRateBps, long sliceLengthPs, long initialCreditBytes, long grantQuantumBytes,
                         long roundLimitBytes) {

    /** One microsecond: the slice of the RCCC post's worked example ("Credit Assignment"). */
    public static final long DEFAULT_SLICE_LENGTH_PS = Ps.PER_US;

    /**
     * 12,500 B: the RCCC post's pre-provisioned credit, "a safe, conservative fraction of the total BDP"
     * ("Source RCCC Operation"). Equal to one 1 us slice at 100 Gb/s.
     */
    public static final long DEFAULT_INITIAL_CREDIT_BYTES = 12_500L;

    public RcccParams {
        if (receiverRateBps <= 0) {
            throw new IllegalArgumentException("receiverRateBps must be > 0, was " + receiverRateBps);
        }
        if (sliceLengthPs <= 0) {
            throw new IllegalArgumentException("sliceLengthPs must be > 0, was " + sliceLengthPs);
        }
        if (initialCreditBytes < 0) {
            throw new IllegalArgumentException("initialCreditBytes must be >= 0, was " + initialCreditBytes);
        }
        if (grantQuantumBytes < 0) {
            throw new IllegalArgumentException("grantQuantumBytes must be >= 0, was " + grantQuantumBytes);
        }
        if (roundLimitBytes < 0) {
            throw new IllegalArgumentException("roundLimitBytes must be >= 0, was " + roundLimitBytes);
        }
    }

    /** Parameters that divide every slice in bytes (no grant quantum). */
    public RcccParams(long receiverRateBps, long sliceLengthPs, long initialCreditBytes) {
        this(receiverRateBps, sliceLengthPs, initialCreditBytes, 0, 0);
    }

    /**
     * These parameters with shares below {@code quantumBytes} handed out a whole packet at a time whenever a
     * round of one packet per sender would exceed {@code roundLimitBytes}.
     */
    public RcccParams withTurns(long quantumBytes, long roundLimitBytes) {
        return new RcccParams(receiverRateBps, sliceLengthPs, initialCreditBytes, quantumBytes, roundLimitBytes);
    }

    /** The RCCC post's configuration for a receiver of {@code receiverRateBps}: 1 us slices, 12,500 B initial. */
    public static RcccParams withDefaults(long receiverRateBps) {
        return new RcccParams(receiverRateBps, DEFAULT_SLICE_LENGTH_PS, DEFAULT_INITIAL_CREDIT_BYTES);
    }
}
