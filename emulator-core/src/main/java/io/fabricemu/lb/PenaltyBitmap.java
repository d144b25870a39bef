package io.fabricemu.lb;

import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Path-aware spraying over a fixed set of EVs with a penalty counter per EV (the UEC "bitmap" load
 * balancer).
 *
 * <p>Source: htsim's {@code UecMpBitmap} ({@code uec_mp.cpp}, Ultra Ethernet consortium), whose constants
 * are the defaults here. The connection owns {@link Params#evCount()} EVs, {@code base + i mod 65536} for
 * {@code i} in {@code [0, evCount)}, with {@code base} drawn once from the injected generator (htsim's
 * random upper EV bits, {@code _path_random}). A cursor walks the set round-robin, one EV per packet.
 *
 * <ul>
 *   <li><b>Penalties.</b> Feedback adds to the EV's counter, saturating at {@link Params#maxPenalty()}:
 *       {@link Feedback#ACKED_ECN} +1 (a queue is building: mild), {@link Feedback#NACKED} +4 (a packet was
 *       trimmed or dropped: stronger), {@link Feedback#TIMED_OUT} +15 (the path may have failed: the
 *       maximum). {@link Feedback#ACKED_CLEAN} adds nothing and also clears nothing, as in htsim: a late
 *       clean acknowledgement of a packet sent before the congestion is no evidence that it ended.</li>
 *   <li><b>Decay is per use of the cursor, not per unit of time.</b> When the cursor reaches an EV whose
 *       counter is non-zero, the counter drops by one and the EV is skipped. So a penalty of {@code p}
 *       keeps an EV out of the next {@code p} passes of the cursor over it; with 256 EVs, one pass is 256
 *       packets of the connection. An idle connection's penalties do not decay, and no clock is read.
 *       (htsim decrements only the first penalised EV met in each call; here every skipped EV is
 *       decremented, so how long a penalty lasts does not depend on how many others are penalised.)</li>
 *   <li><b>Everything penalised.</b> If the cursor passes all {@code evCount} EVs in one call without
 *       finding a clean one (each has then served one unit of its penalty), the EV with the smallest
 *       remaining penalty is used, the first such in cursor order from where the call started; the
 *       cursor continues after it. Deterministic, and at most {@code 2 x evCount} steps per call.</li>
 * </ul>
 *
 * <p>htsim also XORs the cursor with a fresh random value at every wrap to vary the order between rounds;
 * that is omitted: the EVs are already independent hash inputs, and a fixed order makes the penalty rule
 * testable pass by pass. After construction the generator is not used again.
 */
public final class PenaltyBitmap implements LoadBalancer {

    /**
     * Penalties are counted in passes of the cursor over the EV (see the class comment).
     *
     * @param evCount              EVs in the set, in {@code [1, 65536]}
     * @param ecnPenaltyPasses     added for {@link Feedback#ACKED_ECN}, in {@code [0, maxPenalty]}
     * @param nackPenaltyPasses    added for {@link Feedback#NACKED}, in {@code [0, maxPenalty]}
     * @param timeoutPenaltyPasses added for {@link Feedback#TIMED_OUT}, in {@code [0, maxPenalty]}
     * @param maxPenalty           the counter saturates here, at least 1
     */
    public record Params(int evCount, int ecnPenaltyPasses, int nackPenaltyPasses, int timeoutPenaltyPasses,
                         int maxPenalty) {
        public Params {
            if (evCount < 1 || evCount > EntropyValues.COUNT) {
                throw new IllegalArgumentException(
                        "evCount must be in [1, " + EntropyValues.COUNT + "], was " + evCount);
            }
            if (maxPenalty < 1) {
                throw new IllegalArgumentException("maxPenalty must be >= 1, was " + maxPenalty);
            }
            requirePenalty("ecnPenaltyPasses", ecnPenaltyPasses, maxPenalty);
            requirePenalty("nackPenaltyPasses", nackPenaltyPasses, maxPenalty);
            requirePenalty("timeoutPenaltyPasses", timeoutPenaltyPasses, maxPenalty);
        }

        private static void requirePenalty(String name, int value, int maxPenalty) {
            if (value < 0 || value > maxPenalty) {
                throw new IllegalArgumentException(
                        name + " must be in [0, maxPenalty=" + maxPenalty + "], was " + value);
            }
        }

        /**
         * 256 EVs; penalties ECN 1, NACK 4, timeout 15, saturating at 15 (a 4-bit counter): htsim's
         * {@code UecMpBitmap::processEv} and {@code _max_penalty}.
         */
        public static Params defaults() {
            return new Params(256, 1, 4, 15, 15);
        }

        /** The penalty {@code feedback} adds. */
        int penaltyPasses(Feedback feedback) {
            return switch (feedback) {
                case ACKED_CLEAN -> 0;
                case ACKED_ECN -> ecnPenaltyPasses;
                case NACKED -> nackPenaltyPasses;
                case TIMED_OUT -> timeoutPenaltyPasses;
            };
        }
    }

    private final Params params;
    private final int baseEntropy;
    /** Remaining penalty of EV {@code baseEntropy + i}, in cursor passes. */
    private final int[] penaltyPasses;
    private int cursor;

    private PenaltyBitmap(Params params, RandomGenerator random) {
        this.params = Objects.requireNonNull(params, "params");
        this.baseEntropy = EntropyValues.draw(Objects.requireNonNull(random, "random"));
        this.penaltyPasses = new int[params.evCount()];
    }

    /** A connection's EV set, based at one draw from {@code random}; all penalties zero. */
    public static PenaltyBitmap create(Params params, RandomGenerator random) {
        return new PenaltyBitmap(params, random);
    }

    /** The next unpenalised EV in round-robin order, decaying the penalised ones it skips. */
    @Override
    public int nextEntropy(long nowPs) {
        int n = penaltyPasses.length;
        int start = cursor;
        for (int step = 0; step < n; step++) {
            int slot = cursor;
            cursor = next(slot);
            if (penaltyPasses[slot] == 0) {
                return entropyAt(slot);
            }
            penaltyPasses[slot]--;
        }
        // Every EV was penalised: take the least penalised, first in cursor order from start.
        int best = start;
        for (int slot = next(start); slot != start; slot = next(slot)) {
            if (penaltyPasses[slot] < penaltyPasses[best]) {
                best = slot;
            }
        }
        cursor = next(best);
        return entropyAt(best);
    }

    /** Adds the feedback's penalty to {@code entropy}; feedback for an EV outside the set is ignored. */
    @Override
    public void onFeedback(int entropy, Feedback feedback, long nowPs) {
        EntropyValues.require(entropy);
        int penalty = params.penaltyPasses(Objects.requireNonNull(feedback, "feedback"));
        int slot = (entropy - baseEntropy) & EntropyValues.MAX;
        if (slot >= penaltyPasses.length || penalty == 0) {
            return;
        }
        penaltyPasses[slot] = Math.min(params.maxPenalty(), penaltyPasses[slot] + penalty);
    }

    /** The remaining penalty of {@code entropy} in cursor passes; 0 for an EV outside the set. */
    public int penaltyPasses(int entropy) {
        int slot = (EntropyValues.require(entropy) - baseEntropy) & EntropyValues.MAX;
        return slot < penaltyPasses.length ? penaltyPasses[slot] : 0;
    }

    private int next(int slot) {
        return slot + 1 == penaltyPasses.length ? 0 : slot + 1;
    }

    private int entropyAt(int slot) {
        return (baseEntropy + slot) & EntropyValues.MAX;
    }
}
