package io.fabricemu.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SeriesSelectionTest {

    @Test
    void spread_keepsAllWhenFew() {
        assertEquals(List.of(1, 2, 3), SeriesSelection.spread(List.of(1, 2, 3), 8));
    }

    @Test
    void spread_picksEvenlyOverTheIds() {
        List<Integer> ids = IntStream.range(0, 1024).boxed().toList();
        List<Integer> picked = SeriesSelection.spread(ids, 64);
        assertEquals(64, picked.size());
        assertEquals(0, picked.get(0));
        assertEquals(16, picked.get(1));
        assertEquals(1008, picked.get(63));
    }

    @Test
    void perTick_givesTheIncrementOfEachInterval() {
        assertArrayEquals(new long[] {2, 0, 3, 1}, SeriesSelection.perTick(new long[] {2, 2, 5, 6}));
    }
}
