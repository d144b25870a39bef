package io.fabricemu.actor;

import static org.junit.jupiter.api.Assertions.assertThrows;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The shard hears once per step, from the last element to finish, and a miscount is an error, not a hang. */
class StepLatchTest {
    static final ActorTestKit testKit = ActorTestKit.create();

    @AfterAll
    static void shutdown() {
        testKit.shutdownTestKit();
    }

    @Test
    void onlyTheLastCountDownTellsTheShard_once() {
        TestProbe<ShardActor.Command> shard = testKit.createTestProbe();
        StepLatch latch = new StepLatch(shard.getRef());
        latch.arm(3);
        latch.elementDone();
        latch.elementDone();
        shard.expectNoMessage(Duration.ofMillis(50));
        latch.elementDone();
        shard.expectMessage(ShardActor.StepDone.INSTANCE);
        shard.expectNoMessage(Duration.ofMillis(50));
        latch.arm(1);
        latch.elementDone();
        shard.expectMessage(ShardActor.StepDone.INSTANCE);
    }

    @Test
    void armingWhileAStepRuns_orCountingDownUnarmed_isAnError() {
        TestProbe<ShardActor.Command> shard = testKit.createTestProbe();
        StepLatch latch = new StepLatch(shard.getRef());
        assertThrows(IllegalStateException.class, latch::elementDone);
        StepLatch running = new StepLatch(shard.getRef());
        running.arm(2);
        running.elementDone();
        assertThrows(IllegalStateException.class, () -> running.arm(1));
        assertThrows(IllegalArgumentException.class, () -> new StepLatch(shard.getRef()).arm(-1));
    }
}
