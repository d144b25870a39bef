package io.fabricemu.uet.cc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CreditSharesTest {
    private static final long BIG = 1L << 40;

    static Stream<Arguments> vectors() {
        return Stream.of(
                // RCCC post: 12.5 KB to one sender, 6.25 KB each to two
                Arguments.of(12_500L, new long[] {BIG}, 0, new long[] {12_500}, -1),
                Arguments.of(12_500L, new long[] {BIG, BIG}, 0, new long[] {6_250, 6_250}, -1),
                // three: 4,166 each and two left-over bytes, from the rotation start on
                Arguments.of(12_500L, new long[] {BIG, BIG, BIG}, 0, new long[] {4_167, 4_167, 4_166}, 1),
                Arguments.of(12_500L, new long[] {BIG, BIG, BIG}, 2, new long[] {4_167, 4_166, 4_167}, 0),
                // a small need is met exactly and the rest is shared by the others
                Arguments.of(12_500L, new long[] {1_000, BIG, BIG}, 0, new long[] {1_000, 5_750, 5_750}, -1),
                // water filling over two levels: 100 is met, 3,000 is met, the last two share the rest
                Arguments.of(12_500L, new long[] {BIG, 3_000, 100, BIG}, 0, new long[] {4_700, 3_000, 100, 4_700}, -1),
                // a left-over byte skips senders already satisfied
                Arguments.of(10L, new long[] {2, BIG, BIG}, 0, new long[] {2, 4, 4}, -1),
                Arguments.of(11L, new long[] {2, BIG, BIG}, 0, new long[] {2, 5, 4}, 1),
                Arguments.of(11L, new long[] {2, BIG, BIG}, 2, new long[] {2, 4, 5}, 2),
                // demand below supply: everyone gets its need, the rest stays unused
                Arguments.of(12_500L, new long[] {1, 2, 3}, 0, new long[] {1, 2, 3}, -1),
                // less supply than senders: single bytes in rotation order
                Arguments.of(2L, new long[] {BIG, BIG, BIG, BIG}, 3, new long[] {1, 0, 0, 1}, 0),
                Arguments.of(0L, new long[] {BIG, BIG}, 0, new long[] {0, 0}, -1),
                // the least need one byte above the equal share: everyone at the level, no one satisfied first
                Arguments.of(12_500L, new long[] {4_167, BIG, BIG}, 0, new long[] {4_167, 4_167, 4_166}, 1),
                // the least need exactly the equal share: it is met, and the other two share the rest
                Arguments.of(12_500L, new long[] {4_166, BIG, BIG}, 0, new long[] {4_166, 4_167, 4_167}, -1),
                // a need of zero gets nothing
                Arguments.of(9L, new long[] {0, BIG, BIG}, 0, new long[] {0, 5, 4}, 1),
                Arguments.of(100L, new long[] {}, 0, new long[] {}, -1));
    }

    @ParameterizedTest(name = "[{index}] budget {0}")
    @MethodSource("vectors")
    void divide_vector_isExact(long budget, long[] needs, int firstExtra, long[] expected, int expectedLastExtra) {
        long[] grants = new long[needs.length];
        int lastExtra = CreditShares.divide(budget, needs, firstExtra, grants);
        assertArrayEquals(expected, grants);
        assertEquals(expectedLastExtra, lastExtra);
    }

    @Test
    void divide_randomNeeds_isMaxMinFairAndWorkConserving() {
        SplittableRandom random = new SplittableRandom(20_260_205L);
        for (int trial = 0; trial < 20_000; trial++) {
            int n = 1 + random.nextInt(12);
            long[] needs = new long[n];
            for (int i = 0; i < n; i++) {
                needs[i] = random.nextInt(4) == 0 ? random.nextLong(1, 50) : random.nextLong(0, 20_000);
            }
            long budget = random.nextLong(0, 30_000);
            long[] grants = new long[n];
            CreditShares.divide(budget, needs, random.nextInt(n), grants);

            long sum = Arrays.stream(grants).sum();
            assertEquals(Math.min(budget, Arrays.stream(needs).sum()), sum, "trial " + trial);
            long maxGrant = Arrays.stream(grants).max().orElseThrow();
            for (int i = 0; i < n; i++) {
                assertTrue(grants[i] >= 0 && grants[i] <= needs[i], "trial " + trial + " sender " + i);
                if (grants[i] < needs[i]) {
                    // held back only because everyone else is at most one byte above it
                    assertTrue(maxGrant - grants[i] <= 1, "trial " + trial + " sender " + i);
                }
            }
        }
    }

    @Test
    void divide_badArguments_areRejected() {
        assertThrows(IllegalArgumentException.class, () -> CreditShares.divide(-1, new long[] {1}, 0, new long[1]));
        assertThrows(IllegalArgumentException.class, () -> CreditShares.divide(1, new long[] {-1}, 0, new long[1]));
        assertThrows(IllegalArgumentException.class, () -> CreditShares.divide(1, new long[] {1}, 1, new long[1]));
        assertThrows(IllegalArgumentException.class, () -> CreditShares.divide(1, new long[] {1}, 0, new long[2]));
    }
}
