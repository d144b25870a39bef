package io.fabricemu.scenario.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.Sampling;
import io.fabricemu.topology.FabricCounts;
import org.junit.jupiter.api.Test;

/**
 * The recording's bound, worked by hand on the 2 x 8 leaf-spine of {@code incast-7to1.yaml} (16 hosts, 4 switches,
 * 20 cables, 7 flows, 2 traffic classes), whose run recorded 201,880 bytes of samples at the default 200 ticks.
 */
class RecordingEstimateTest {
    private static final FabricCounts LEAF_SPINE = new FabricCounts(16, 4, 20, 2);

    @Test
    void defaultSampling_boundsTheIncastsRecording() {
        RecordingEstimate r = RecordingEstimate.of(Sampling.DEFAULT, LEAF_SPINE, 7, 2);
        assertEquals(40, r.ports());
        assertEquals(7, r.flows());
        assertEquals(201, r.ticks());
        // per tick: 40 ports x (9 + 3 x 2) + (24 switch ports + 16 NICs) x 2 + 7 flows x 9 + 16 NICs x 2 = 775 longs
        assertEquals(775L * 201 * 8, r.maxBytes());
        assertTrue(r.maxBytes() >= 201_880, "at least what the run recorded");
        assertEquals("recording 40 ports and 7 flows on at most 201 ticks: at most 1.188 MiB", r.describe());
    }

    @Test
    void moreTicksAndChosenFlows_scaleIt() {
        Sampling fine = new Sampling(1_000_000, 20_000).forFlows(5_000).keeping(new int[] {1, 2, 3});
        RecordingEstimate r = RecordingEstimate.of(fine, LEAF_SPINE, 5_000, 2);
        assertEquals(3, r.flows());
        assertEquals(20_001, r.ticks());
        assertEquals((775L - 4 * 9) * 20_001 * 8, r.maxBytes());
        assertEquals(64, RecordingEstimate.of(Sampling.DEFAULT, LEAF_SPINE, 5_000, 2).flows(), "the even spread");
    }

    @Test
    void samplingOff_recordsNothing() {
        RecordingEstimate r = RecordingEstimate.of(Sampling.OFF, LEAF_SPINE, 7, 2);
        assertEquals(0, r.maxBytes());
        assertEquals("recording off", r.describe());
    }
}
