package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.fabric.FabricBuilder;
import io.fabricemu.run.PartitionPlan;
import io.fabricemu.run.PreparedRun;
import io.fabricemu.scenario.ScenarioLoader;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.topology.Cable;
import io.fabricemu.topology.Topology;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every example scenario planned across 2 and 3 members: only cables with a positive crossing time are cut,
 * and two members that load the same file compute the same plan.
 */
class PartitionerTest {

    static List<Path> scenarioFiles() throws java.io.IOException {
        return ScenarioFilesTest.scenarioFiles();
    }

    private static FabricBuilder load(Path file) throws ScenarioException {
        return PreparedRun.of(ScenarioLoader.load(file, List.of())).fabric();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarioFiles")
    void plan_exampleScenario_cutsOnlyPositiveDelaysAndIsTheSameWhenComputedAgain(Path file)
            throws ScenarioException {
        FabricBuilder fabric = load(file);
        FabricBuilder again = load(file);
        for (int[] shape : new int[][] {{2, 1}, {3, 2}}) {
            String what = file.getFileName() + " on " + shape[0] + " members x " + shape[1] + " shards";
            PartitionPlan plan = PartitionPlan.of(fabric, shape[0], shape[1]);
            PartitionPlan other = PartitionPlan.of(again, shape[0], shape[1]);
            assertArrayEquals(plan.shardOf(), other.shardOf(), what);
            assertEquals(plan.fingerprint(), other.fingerprint(), what);
            assertEquals(plan.describe(), other.describe(), what);

            Topology t = fabric.topology();
            long smallestCablePs = Long.MAX_VALUE;
            int cut = 0;
            for (int c = 0; c < t.cableCount(); c++) {
                Cable cable = t.cable(c);
                if (plan.memberOf(plan.shardOfNode(cable.nodeA())) != plan.memberOf(plan.shardOfNode(cable.nodeB()))) {
                    cut++;
                    long crossPs = cable.spec().flightPs() - cable.spec().flightPs() / 2;
                    assertTrue(crossPs > 0, what + ": cable " + t.name(cable.nodeA()) + " - " + t.name(cable.nodeB()));
                    smallestCablePs = Math.min(smallestCablePs, crossPs);
                }
            }
            assertEquals(cut, plan.cutLinks(), what);
            assertTrue(cut > 0, what + " puts everything on one member");
            assertTrue(plan.cutLookaheadPs() > 0, what);
            assertTrue(plan.cutLookaheadPs() >= fabric.lookaheadPs(), what);
            if (fabric.pfcMonitorId() < 0) {
                assertEquals(smallestCablePs, plan.cutLookaheadPs(), what);
            } else {
                assertTrue(plan.cutLookaheadPs() <= smallestCablePs, what);
            }
        }
    }
}
