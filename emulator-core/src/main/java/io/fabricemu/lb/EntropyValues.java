package io.fabricemu.lb;

import java.util.random.RandomGenerator;

/** The 16-bit entropy value space shared by the load balancers: bounds checks and fresh draws. */
final class EntropyValues {
    /** How many distinct EVs exist: the field is 16 bits wide. */
    static final int COUNT = 1 << 16;
    /** The largest EV. */
    static final int MAX = COUNT - 1;

    private EntropyValues() {
    }

    /** {@code entropy} itself, if it is a valid EV. */
    static int require(int entropy) {
        if (entropy < 0 || entropy > MAX) {
            throw new IllegalArgumentException("entropy must be in [0, " + MAX + "], was " + entropy);
        }
        return entropy;
    }

    /** A uniformly random EV: exactly one {@code nextInt(65536)} draw from {@code random}. */
    static int draw(RandomGenerator random) {
        return random.nextInt(COUNT);
    }
}
