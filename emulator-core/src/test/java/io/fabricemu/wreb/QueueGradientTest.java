package io.fabricemu.wreb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class QueueGradientTest {
    @Test
    void gradient_isTheLastCompleteWindowsGrowthPerMicrosecond() {
        QueueGradient g = new QueueGradient(1_000_000);
        g.observe(0, 0);
        g.observe(500_000, 40_000);
        assertEquals(0, g.bytesPerUs(), "the first window is not complete yet");
        g.observe(1_000_000, 50_000);
        assertEquals(50_000, g.bytesPerUs());
        assertEquals(50_000, g.growthBytes(), "one 1 us window at 50,000 B/us");
        g.observe(1_500_000, 10_000);
        assertEquals(50_000, g.bytesPerUs(), "holds until the next window closes");
        g.observe(3_000_000, 20_000);
        assertEquals(-15_000, g.bytesPerUs(), "draining: 30,000 B less over 2 us");
        assertEquals(0, g.growthBytes(), "a draining queue adds nothing to the level");
    }
}
