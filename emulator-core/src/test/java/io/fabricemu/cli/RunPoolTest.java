package io.fabricemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabricemu.results.RunResult;
import io.fabricemu.run.PreparedRun;
import io.fabricemu.scenario.ScenarioLoader;
import io.fabricemu.scenario.sizing.HeapBudget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How many runs go at once, with how many shards each, and that running them at once changes no result. */
class RunPoolTest {
    private static PreparedRun incast(long seed) throws Exception {
        String yaml = Files.readString(Path.of("..", "topologies", "scenarios", "uet-incast-7to1-nscc.yaml"));
        return PreparedRun.of(ScenarioLoader.parse(yaml, "uet-incast-7to1-nscc.yaml",
                List.of("workload.bytes=64KiB", "seed=" + seed)));
    }

    /** 128 hosts each receiving from another: a wide run ({@link io.fabricemu.run.RunWidth}). */
    private static PreparedRun permutation() throws Exception {
        return PreparedRun.of(ScenarioLoader.load(Path.of("..", "topologies", "scenarios",
                "adaptive-routing-permutation.yaml"), List.of()));
    }

    private static List<PreparedRun> runs(int n) throws Exception {
        List<PreparedRun> runs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            runs.add(incast(1 + i));
        }
        return runs;
    }

    @Test
    void concurrency_isTheLeastOfRunsProcessorsAndHeap_andTheProcessorsAreShared() throws Exception {
        List<PreparedRun> six = runs(6);
        long big = 64L << 30;
        assertEquals(4, RunPool.of(six, 4, big, null).concurrent(), "four processors: four at once");
        assertEquals(1, RunPool.of(six, 4, big, null).shardsEach());
        assertEquals(2, RunPool.of(six.subList(0, 2), 8, big, null).concurrent(), "two runs: two at once");
        assertEquals(1, RunPool.of(six.subList(0, 2), 8, big, null).shardsEach(), "narrow runs: one shard each");
        List<PreparedRun> wide = List.of(permutation(), permutation());
        assertEquals(4, RunPool.of(wide, 8, big, null).shardsEach(), "eight processors among two");
        List<PreparedRun> mixed = List.of(permutation(), six.get(0));
        assertEquals(4, RunPool.of(mixed, 8, big, null).shardsEach(), "one wide run: the processors shared");
        assertEquals(3, RunPool.of(six, 4, big, 3).shardsEach(), "--shards is kept");
        long each = six.get(0).scenario().estimate().bytesHeld(new HeapBudget(big, true));
        long roomForTwo = 2 * RunPool.HEAP_FACTOR * each;
        assertEquals(2, RunPool.of(six, 8, roomForTwo, null).concurrent(), "the heap holds two");
        assertEquals(1, RunPool.of(six, 8, each, null).concurrent(), "at least one, however small the heap");
    }

    @Test
    void runsAtOnce_giveTheResultsOfRunsInTurn_inTheOrderGiven() throws Exception {
        List<PreparedRun> runs = runs(3);
        List<RunResult> together = RunPool.of(runs, 3, 64L << 30, 1).runAll(runs, i -> {
        });
        for (int i = 0; i < runs.size(); i++) {
            RunResult alone = incast(1 + i).run(1, new io.fabricemu.engine.Progress());
            assertEquals(alone.digest(), together.get(i).digest(), "seed " + (1 + i));
            assertEquals(1 + i, together.get(i).seed());
        }
    }
}
