package io.fabricemu.actor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The shard hears once per group, from the last element of it to finish, and a miscount is an error, not a hang. */
class StepLatchTest {
    static final ActorTestKit testKit = ActorTestKit.create();

    @AfterAll
    static void shutdown() {
        testKit.shutdownTestKit();
    }

    @Test
    void onlyTheLastCountDownOfAGroupTellsTheShard_once() {
        TestProbe<ShardActor.Command> shard = testKit.createTestProbe();
        StepLatch latch = new StepLatch(shard.getRef());
        int elements = StepLatch.GROUP + 3;
        assertEquals(2, latch.arm(elements));
        for (int slot = StepLatch.GROUP; slot < elements - 1; slot++) {
            latch.elementDone(slot);
        }
        for (int slot = 1; slot < StepLatch.GROUP; slot++) {
            latch.elementDone(slot);
        }
        shard.expectNoMessage(Duration.ofMillis(50));
        latch.elementDone(elements - 1);
        shard.expectMessage(new ShardActor.StepDone(1));
        latch.elementDone(0);
        shard.expectMessage(new ShardActor.StepDone(0));
        shard.expectNoMessage(Duration.ofMillis(50));
        assertEquals(1, latch.arm(1));
        latch.elementDone(0);
        shard.expectMessage(new ShardActor.StepDone(0));
        assertEquals(0, latch.arm(0));
    }

    @Test
    void aLatchGrowsForAStepOfManyGroups() {
        TestProbe<ShardActor.Command> shard = testKit.createTestProbe();
        StepLatch latch = new StepLatch(shard.getRef());
        int elements = 100 * StepLatch.GROUP;
        assertEquals(100, latch.arm(elements));
        for (int slot = elements - 1; slot >= 0; slot--) {
            latch.elementDone(slot);
        }
        for (int group = 99; group >= 0; group--) {
            shard.expectMessage(new ShardActor.StepDone(group));
        }
    }

    @Test
    void armingWhileAStepRuns_orCountingDownUnarmed_isAnError() {
        TestProbe<ShardActor.Command> shard = testKit.createTestProbe();
        assertThrows(IllegalStateException.class, () -> new StepLatch(shard.getRef()).elementDone(0));
        StepLatch running = new StepLatch(shard.getRef());
        running.arm(2);
        running.elementDone(0);
        assertThrows(IllegalStateException.class, () -> running.arm(1));
        assertThrows(IllegalArgumentException.class, () -> new StepLatch(shard.getRef()).arm(-1));
    }
}
