package io.fabricemu.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class FlowEcmpTest {

    @ParameterizedTest
    @EnumSource(Feedback.class)
    void nextEntropy_isConstantWhateverTheFeedback(Feedback feedback) {
        FlowEcmp lb = new FlowEcmp(0xBEEF);
        for (int i = 0; i < 1000; i++) {
            assertEquals(0xBEEF, lb.nextEntropy(i * 1_000L));
            lb.onFeedback(0xBEEF, feedback, i * 1_000L + 500);
        }
    }

    @Test
    void withRandomEntropy_isDeterministicForASeedAndDrawsOnce() {
        SplittableRandom twin = new SplittableRandom(42);
        FlowEcmp lb = FlowEcmp.withRandomEntropy(new SplittableRandom(42));
        int expected = twin.nextInt(65536);
        for (int i = 0; i < 100; i++) {
            assertEquals(expected, lb.nextEntropy(i));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 65536, Integer.MIN_VALUE})
    void constructor_outOfRangeEntropy_isRejected(int entropy) {
        assertThrows(IllegalArgumentException.class, () -> new FlowEcmp(entropy));
    }

    @Test
    void onFeedback_outOfRangeEntropy_isRejected() {
        FlowEcmp lb = new FlowEcmp(0);
        assertThrows(IllegalArgumentException.class, () -> lb.onFeedback(70_000, Feedback.ACKED_CLEAN, 0));
        assertThrows(NullPointerException.class, () -> lb.onFeedback(0, null, 0));
    }
}
