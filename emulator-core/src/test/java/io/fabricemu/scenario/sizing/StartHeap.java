package io.fabricemu.scenario.sizing;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import io.fabricemu.actor.Coordinator;
import io.fabricemu.actor.Engine;
import io.fabricemu.actor.ShardActor;
import io.fabricemu.engine.RunLimits;
import io.fabricemu.run.PreparedRun;
import io.fabricemu.scenario.Scenario;
import io.fabricemu.scenario.ScenarioLoader;
import io.fabricemu.scenario.yaml.ScenarioException;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;

/**
 * Measures the heap a scenario holds at the start of a run in this JVM, the figure {@link FabricEstimate}
 * estimates: the scenario is loaded and prepared (topology, routes, flows, the fabric's plans), then its
 * elements are created, spawned as actors in one shard and started exactly as a run starts them, and the heap
 * in use after a full collection is compared with the same figure before. One shard: every further shard of a
 * run adds a few arrays over all elements.
 */
final class StartHeap {
    /** What one scenario took: the prepared part alone, then with its elements started. */
    record Measured(long preparedBytes, long startedBytes, PreparedRun prepared) {
    }

    private StartHeap() {
    }

    /** Loads {@code yaml}, prepares and starts it in {@code testKit}, and measures; then stops it again. */
    static Measured measure(ActorTestKit testKit, String yaml) {
        long before = usedAfterGc();
        PreparedRun prepared = PreparedRun.of(parse(yaml));
        long preparedBytes = usedAfterGc() - before;
        TestProbe<Coordinator.Command> coordinator = testKit.createTestProbe(Coordinator.Command.class);
        int elements = prepared.fabric().elementCount();
        ActorRef<ShardActor.Command> shard = testKit.spawn(ShardActor.create(0, prepared.fabric(),
                new RunLimits(prepared.scenario().stopPs(), new int[elements], 1, prepared.scenario().sampling()),
                coordinator.ref()));
        shard.tell(new ShardActor.Peers(List.of(shard)));
        Coordinator.ShardReady ready = coordinator.expectMessageClass(Coordinator.ShardReady.class,
                Duration.ofMinutes(10));
        if (ready.phase() != Coordinator.Phase.STARTED) {
            throw new AssertionError("the shard did not start: " + ready);
        }
        long startedBytes = usedAfterGc() - before;
        testKit.stop(shard, Duration.ofMinutes(2));
        coordinator.stop();
        return new Measured(preparedBytes, startedBytes, prepared);
    }

    static Scenario parse(String yaml) {
        try {
            return ScenarioLoader.parse(yaml, "heap.yaml", List.of());
        } catch (ScenarioException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    /** An actor test kit configured as a run's actor system is. */
    static ActorTestKit testKit() {
        return ActorTestKit.create("heap", Engine.config());
    }

    /** Heap in use after full collections, when two in a row agree within 64 KiB (at most eight tries). */
    static long usedAfterGc() {
        long last = Long.MAX_VALUE;
        for (int i = 0; i < 8; i++) {
            if (i > 0) {
                // some of what a stopped run leaves (1 MB of the ring of 1,024 switches) becomes garbage only up to
                // about 100 ms after it stopped, after two collections in a row had agreed: so they are that far apart
                pause();
            }
            System.gc();
            long used = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            if (Math.abs(used - last) < 64 * 1024) {
                return used;
            }
            last = used;
        }
        return last;
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while measuring the heap", e);
        }
    }
}
