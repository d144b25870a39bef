package io.fabricemu.lb;

import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Recycled Entropy Packet Spraying (REPS): remember the EVs that came back clean and send on them again.
 *
 * <p>Source: U.S. Patent 12,388,756 (Kabbani and Hoefler, Microsoft), section "Recycled Entropies Packet
 * Spraying (REPS)", paragraphs (26)-(33), and its REPS example clauses 1-10, paragraphs (164)-(173); the same
 * rule is evaluated in Bonato et al., "REPS: Recycled Entropy Packet Spraying for Adaptive Load Balancing and
 * Failure Mitigation" (2024), and implemented in htsim's {@code UecMpReps} with {@code CircularBufferREPS}.
 *
 * <ul>
 *   <li>An EV acknowledged as not congested ({@link Feedback#ACKED_CLEAN}) is saved at the tail of a
 *       circular FIFO (patent (29), clause 6).</li>
 *   <li>The next data packet reuses the oldest saved EV and removes it from the FIFO, so each clean
 *       acknowledgement earns exactly one reuse: the good EVs are kept "on the wire" rather than in a
 *       table (patent (26), (30), clause 1).</li>
 *   <li>When no saved EV is left, a fresh one is used (patent (28), (30), clause 7): here one uniform
 *       {@code nextInt(65536)} draw from the injected generator. Recycling never draws.</li>
 *   <li>EVs that came back {@link Feedback#ACKED_ECN}, {@link Feedback#NACKED} or
 *       {@link Feedback#TIMED_OUT} are simply not saved, so the paths that "experienced congestion" fall
 *       out of use (patent (30)).</li>
 * </ul>
 *
 * <p>The FIFO holds at most {@link Params#fifoCapacity()} EVs (default 8: htsim's
 * {@code repsBufferSize}, the REPS paper's buffer). When a clean EV arrives and the FIFO is full, the
 * oldest saved EV is overwritten, as htsim's circular buffer does: the newest acknowledgement is the
 * freshest evidence about the network, and the patent lets unused good EVs "eventually expire" (31).
 * Duplicates are kept: two clean acknowledgements for the same EV earn two reuses.
 *
 * <p>Not modelled: the paper's freezing mode after a failure is detected (htsim enters it on a timeout when
 * trimming is on), and the patent's sharing of one buffer among connections (32).
 */
public final class Reps implements LoadBalancer {

    /**
     * @param fifoCapacity the most recycled EVs remembered at once, at least 1
     */
    public record Params(int fifoCapacity) {
        public Params {
            if (fifoCapacity < 1) {
                throw new IllegalArgumentException("fifoCapacity must be >= 1, was " + fifoCapacity);
            }
        }

        /** A FIFO of 8 EVs: htsim's {@code CircularBufferREPS::repsBufferSize}. */
        public static Params defaults() {
            return new Params(8);
        }
    }

    private final RandomGenerator random;
    /** Ring of saved EVs: the oldest at {@code head}, {@code size} of them. */
    private final int[] fifo;
    private int head;
    private int size;

    private Reps(Params params, RandomGenerator random) {
        this.random = Objects.requireNonNull(random, "random");
        this.fifo = new int[Objects.requireNonNull(params, "params").fifoCapacity()];
    }

    /** A connection's REPS state: empty FIFO, fresh EVs drawn from {@code random}, which it then owns. */
    public static Reps create(Params params, RandomGenerator random) {
        return new Reps(params, random);
    }

    /**
     * The oldest recycled EV, which is removed (invalidated) by this call; a fresh random EV when none is
     * saved.
     */
    @Override
    public int nextEntropy(long nowPs) {
        if (size == 0) {
            return EntropyValues.draw(random);
        }
        int entropy = fifo[head];
        head = (head + 1) % fifo.length;
        size--;
        return entropy;
    }

    /** Saves {@code entropy} for reuse if the feedback is {@link Feedback#ACKED_CLEAN}; otherwise forgets it. */
    @Override
    public void onFeedback(int entropy, Feedback feedback, long nowPs) {
        EntropyValues.require(entropy);
        if (Objects.requireNonNull(feedback, "feedback") != Feedback.ACKED_CLEAN) {
            return;
        }
        if (size == fifo.length) {
            // Full: the new EV takes the oldest one's slot, and the next-oldest becomes the head.
            fifo[head] = entropy;
            head = (head + 1) % fifo.length;
        } else {
            fifo[(head + size) % fifo.length] = entropy;
            size++;
        }
    }

    /** How many recycled EVs are saved and not yet reused. */
    public int recycledCount() {
        return size;
    }
}
