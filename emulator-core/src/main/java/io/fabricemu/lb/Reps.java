package io.fabricemu.lb;

import io.fabricemu.time.Ps;
import java.util.Arrays;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Recycled Entropy Packet Spraying (REPS): remember the EVs that came back clean and send on them again; after a
 * timeout, freeze on the EVs remembered.
 *
 * <p>Source: U.S. Patent 12,388,756 (Kabbani and Hoefler, Microsoft), section "Recycled Entropies Packet
 * Spraying (REPS)", paragraphs (26)-(33), and its REPS example clauses 1-10, paragraphs (164)-(173); the same
 * rule is evaluated, with its freezing mode for failure mitigation, in Bonato et al., "REPS: Recycled Entropy
 * Packet Spraying for Adaptive Load Balancing and Failure Mitigation" (arXiv:2407.21625, 2024-2025), and
 * implemented in htsim's {@code UecMpReps} ({@code uec_mp.cpp}) with {@code CircularBufferREPS}
 * ({@code buffer_reps.cpp}).
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
 * Duplicates are kept: two clean acknowledgements for the same EV earn two reuses. The FIFO is laid out in
 * its slots as htsim's is: the n-th clean EV since the buffer was last emptied lands in slot
 * {@code (n - 1) mod capacity}, which is what the frozen replay below walks.
 *
 * <p>Freezing, as htsim's {@code UecMpReps::processEv} and {@code nextEntropy} do it, when
 * {@link Params#freezeOnTimeout()} (htsim: {@code _is_trimming_enabled}, the switches trim, so congestion
 * trims packets instead of losing them and a timeout means a failed path):
 * <ul>
 *   <li>Enter: a {@link Feedback#TIMED_OUT} (htsim: {@code PATH_TIMEOUT}, sent once per
 *       {@code UecSrc::rtxTimerExpired}) while not frozen and not exploring freezes the connection until
 *       {@link Params#freezePs()} later ({@code can_exit_frozen_mode = now + exit_freeze_after}, 10 ms).</li>
 *   <li>While frozen, no fresh EV is explored: each packet takes the EV in the next FIFO slot, cycling over
 *       the slots written so far in slot order and wrapping ({@code CircularBufferREPS::remove_frozen},
 *       {@code head_frozen_mode}), whether or not that EV was already reused; clean acknowledgements are still
 *       saved, so they join the cycle. Only a connection that has saved no EV since its buffer was last
 *       emptied draws fresh ones. Replays do not consume saved EVs here: htsim marks the slot used, which
 *       changes nothing, because the only way out of freezing empties the buffer.</li>
 *   <li>Exit: the first feedback of any kind that arrives strictly after that deadline (the check runs in
 *       {@code processEv}, before the feedback's EV is saved) ends freezing, forgets every saved EV
 *       ({@code resetBuffer}) and makes the next {@link Params#exploreAfterFreeze()} packets (16,
 *       {@code explore_counter}) take fresh EVs without touching the FIFO. Timeouts while exploring do not
 *       freeze again.</li>
 * </ul>
 * Without trimming, timeouts never freeze (htsim stops the run there: "REPS currently requires trimming"), so
 * REPS behaves as with freezing off; a connection that sees no timeout behaves identically either way.
 *
 * <p>Not modelled: the patent's sharing of one buffer among connections (32), and htsim's
 * {@code repsMaxLifetimeEntropy} (reusing a saved EV more than once; its default, 1, is what this class does).
 */
public final class Reps implements LoadBalancer {
    /** How long a timeout freezes a connection: htsim's {@code CircularBufferREPS::exit_freeze_after}, 10 ms. */
    public static final long FREEZE_PS = 10 * Ps.PER_MS;
    /** Fresh EVs after freezing ends: htsim's {@code explore_counter = 16} in {@code UecMpReps::processEv}. */
    public static final int EXPLORE_AFTER_FREEZE = 16;

    /**
     * @param fifoCapacity       the most recycled EVs remembered at once, at least 1
     * @param freezeOnTimeout    whether a timeout freezes the connection (htsim: the switches trim)
     * @param freezePs           how long a timeout freezes it, in ps, at least 0
     * @param exploreAfterFreeze how many packets after freezing take fresh EVs, at least 0
     */
    public record Params(int fifoCapacity, boolean freezeOnTimeout, long freezePs, int exploreAfterFreeze) {
        public Params {
            if (fifoCapacity < 1) {
                throw new IllegalArgumentException("fifoCapacity must be >= 1, was " + fifoCapacity);
            }
            if (freezePs < 0) {
                throw new IllegalArgumentException("freezePs must be >= 0, was " + freezePs);
            }
            if (exploreAfterFreeze < 0) {
                throw new IllegalArgumentException("exploreAfterFreeze must be >= 0, was " + exploreAfterFreeze);
            }
        }

        /** A FIFO of {@code fifoCapacity} EVs that never freezes: REPS for switches that do not trim. */
        public Params(int fifoCapacity) {
            this(fifoCapacity, false, FREEZE_PS, EXPLORE_AFTER_FREEZE);
        }

        /** A FIFO of 8 EVs ({@code CircularBufferREPS::repsBufferSize}) that never freezes. */
        public static Params defaults() {
            return new Params(8);
        }

        /**
         * htsim's REPS: a FIFO of 8 EVs, frozen for 10 ms by a timeout if {@code switchesTrim}, then 16 fresh
         * EVs.
         */
        public static Params defaults(boolean switchesTrim) {
            return switchesTrim ? FREEZING : NOT_FREEZING;
        }

        /** The defaults, one instance each, shared by every connection (a record is immutable). */
        private static final Params FREEZING = new Params(8, true, FREEZE_PS, EXPLORE_AFTER_FREEZE);
        private static final Params NOT_FREEZING = new Params(8, false, FREEZE_PS, EXPLORE_AFTER_FREEZE);
    }

    private final Params params;
    private final RandomGenerator random;
    /** Ring of saved EVs: the oldest at {@code head}, {@code size} of them, the next written at head + size. */
    private final int[] fifo;
    private int head;
    private int size;
    /** Slots written since the buffer was last emptied, at most its capacity: htsim's {@code count}. */
    private int writtenSlots;
    /** The slot the next frozen packet takes: htsim's {@code head_frozen_mode}. */
    private int frozenSlot;
    private boolean frozen;
    /** Freezing ends on the first feedback after this time: htsim's {@code can_exit_frozen_mode}. */
    private long frozenUntilPs;
    /** Packets still to take fresh EVs after freezing: htsim's {@code explore_counter}. */
    private int exploreLeft;

    private Reps(Params params, RandomGenerator random) {
        this.params = Objects.requireNonNull(params, "params");
        this.random = Objects.requireNonNull(random, "random");
        this.fifo = new int[params.fifoCapacity()];
    }

    /** A connection's REPS state: empty FIFO, fresh EVs drawn from {@code random}, which it then owns. */
    public static Reps create(Params params, RandomGenerator random) {
        return new Reps(params, random);
    }

    /**
     * The oldest recycled EV, which is removed (invalidated) by this call; a fresh random EV when none is
     * saved. While frozen, the EV in the next slot written, kept; just after freezing, a fresh EV.
     */
    @Override
    public int nextEntropy(long nowPs) {
        if (exploreLeft > 0) {
            exploreLeft--;
            return EntropyValues.draw(random);
        }
        if (frozen) {
            if (writtenSlots == 0) {
                return EntropyValues.draw(random);
            }
            int entropy = fifo[frozenSlot];
            frozenSlot = (frozenSlot + 1) % writtenSlots;
            return entropy;
        }
        if (size == 0) {
            return EntropyValues.draw(random);
        }
        int entropy = fifo[head];
        head = (head + 1) % fifo.length;
        size--;
        return entropy;
    }

    /**
     * Saves {@code entropy} for reuse if the feedback is {@link Feedback#ACKED_CLEAN}; otherwise forgets it. A
     * timeout may start freezing, and any feedback past the freeze ends it, first.
     */
    @Override
    public void onFeedback(int entropy, Feedback feedback, long nowPs) {
        EntropyValues.require(entropy);
        Objects.requireNonNull(feedback, "feedback");
        if (feedback == Feedback.TIMED_OUT && params.freezeOnTimeout() && !frozen && exploreLeft == 0) {
            frozen = true;
            frozenUntilPs = Ps.plusSaturated(nowPs, params.freezePs());
        }
        if (frozen && nowPs > frozenUntilPs) {
            frozen = false;
            forgetAll();
            exploreLeft = params.exploreAfterFreeze();
        }
        if (feedback != Feedback.ACKED_CLEAN) {
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
        writtenSlots = Math.min(writtenSlots + 1, fifo.length);
    }

    /** Empties the buffer as htsim's {@code CircularBufferREPS::resetBuffer} does: the next EV goes in slot 0. */
    private void forgetAll() {
        Arrays.fill(fifo, 0);
        head = 0;
        size = 0;
        writtenSlots = 0;
        frozenSlot = 0;
    }

    /** How many recycled EVs are saved and not yet reused (frozen replays do not use them up). */
    public int recycledCount() {
        return size;
    }

    /** Whether a timeout has frozen this connection on its saved EVs. */
    public boolean frozen() {
        return frozen;
    }
}
