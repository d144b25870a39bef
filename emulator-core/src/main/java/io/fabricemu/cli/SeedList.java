package io.fabricemu.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code --seeds} argument: a count ({@code --seeds 8}: the scenario's seed and the seven after it) or a list
 * ({@code --seeds 1,5,9}); at least two seeds, each a whole number from 0, none twice.
 */
final class SeedList {
    /** The most runs one ensemble takes. */
    static final int MAX = 1000;

    private SeedList() {
    }

    /** The seeds {@code text} names, counting from {@code firstSeed}; an exception saying what is wrong. */
    static List<Long> parse(String text, long firstSeed) {
        String t = text.strip();
        List<Long> seeds = new ArrayList<>();
        if (!t.contains(",")) {
            long count = number(t, text);
            if (count < 2 || count > MAX) {
                throw new IllegalArgumentException("--seeds: " + count + " runs is not an ensemble; give a count from"
                        + " 2 to " + MAX + " (--seeds 8) or a list of seeds (--seeds 1,5,9)");
            }
            if (firstSeed > Long.MAX_VALUE - count) {
                throw new IllegalArgumentException("--seeds: " + count + " seeds from the scenario's seed " + firstSeed
                        + " run past the largest seed; give a list instead");
            }
            for (long i = 0; i < count; i++) {
                seeds.add(firstSeed + i);
            }
            return seeds;
        }
        for (String part : t.split(",", -1)) {
            long seed = number(part.strip(), text);
            if (seeds.contains(seed)) {
                throw new IllegalArgumentException("--seeds: seed " + seed + " is given twice in '" + text + "'");
            }
            seeds.add(seed);
        }
        if (seeds.size() > MAX) {
            throw new IllegalArgumentException("--seeds: " + seeds.size() + " seeds; at most " + MAX);
        }
        return seeds;
    }

    private static long number(String part, String text) {
        try {
            long v = Long.parseLong(part);
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException notANumber) {
            // said below
        }
        throw new IllegalArgumentException("--seeds: '" + part + "' in '" + text + "' is not a whole number from 0;"
                + " give a count (--seeds 8) or a list of seeds (--seeds 1,5,9)");
    }
}
