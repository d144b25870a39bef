package io.fabricemu.scenario.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.fabric.FlowSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A collective whose ranks run out of step ({@code skew}): what its flows wait for and when receives are posted. */
class CollectiveSkewTest {
    private static final List<Integer> RANKS = List.of(0, 4, 1, 5);
    private static final long MAX_PS = 20_000_000;
    private static final long START_PS = 1_000_000;

    private static List<FlowSpec> ring(long skewMaxPs, long seed) {
        return new Collective("all-reduce", "ring", RANKS, 1 << 20, 2, 2, 10_000_000, START_PS, skewMaxPs, false)
                .flows(8, seed);
    }

    @Test
    void withoutSkew_theFlowsAreThoseOfACollectiveInStep() {
        List<FlowSpec> inStep = new Collective("all-reduce", "ring", RANKS, 1 << 20, 2, 2, 10_000_000, START_PS)
                .flows(8, 1);
        assertEquals(inStep, ring(0, 1));
        for (FlowSpec f : inStep) {
            assertEquals(-1, f.recvWith(), "every receive posted in time");
        }
    }

    @Test
    void prePostedReceives_keepTheSkewButPostEveryReceiveInTime() {
        List<FlowSpec> prePosted = new Collective("all-reduce", "ring", RANKS, 1 << 20, 2, 2, 10_000_000, START_PS,
                MAX_PS, true).flows(8, 1);
        List<FlowSpec> onStep = ring(MAX_PS, 1);
        for (int i = 0; i < onStep.size(); i++) {
            assertEquals(-1, prePosted.get(i).recvWith());
            assertEquals(onStep.get(i).startPs(), prePosted.get(i).startPs(), "the same skews");
            assertEquals(onStep.get(i).gapPs(), prePosted.get(i).gapPs(), "the same skews");
        }
    }

    @Test
    void eachReceiveIsPostedWithTheReceivingRanksOwnSendOfTheSameStepAndChunk() {
        List<FlowSpec> flows = ring(MAX_PS, 1);
        int perStep = RANKS.size() * 2;
        for (int i = 0; i < flows.size(); i++) {
            FlowSpec f = flows.get(i);
            int with = f.recvWith();
            assertTrue(with >= 0, "flow " + i + " posts late");
            FlowSpec own = flows.get(with);
            assertEquals(f.dst(), own.src(), "flow " + i + ": posted by its receiver's own send");
            assertEquals(i / perStep, with / perStep, "flow " + i + ": in the same step");
            assertEquals(i % 2, with % 2, "flow " + i + ": the same chunk");
        }
    }

    @Test
    void skewsAreDrawnFromTheSeed_withinMax() {
        List<FlowSpec> flows = ring(MAX_PS, 1);
        assertEquals(flows, ring(MAX_PS, 1), "the same seed, the same skews");
        assertNotEquals(flows, ring(MAX_PS, 2), "another seed, other skews");
        boolean someLate = false;
        for (FlowSpec f : flows) {
            if (f.dependencyCount() == 0 && f.follows() < 0) {
                assertTrue(f.startPs() >= START_PS && f.startPs() <= START_PS + MAX_PS, f.toString());
                someLate |= f.startPs() > START_PS;
            } else if (f.dependencyCount() > 0) {
                assertTrue(f.gapPs() <= 10_000_000 + MAX_PS, f.toString());
                someLate |= f.gapPs() > 0;
            }
        }
        assertTrue(someLate);
    }
}
