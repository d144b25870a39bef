package io.fabricemu.actor;

import static org.junit.jupiter.api.Assertions.assertThrows;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** A shard hears once per step, from the last of the elements it woke. */
class WindowRoundTest {
    static final ActorTestKit testKit = ActorTestKit.create();

    @AfterAll
    static void cleanup() {
        testKit.shutdownTestKit();
    }

    @Test
    void onlyTheLastElementTellsTheShard() {
        TestProbe<ShardActor.Command> shard = testKit.createTestProbe();
        WindowRound round = new WindowRound(shard.getRef());
        round.arm(3);
        round.elementDone();
        round.elementDone();
        shard.expectNoMessage(Duration.ofMillis(50));
        round.elementDone();
        shard.expectMessage(ShardActor.RoundDone.INSTANCE);
        shard.expectNoMessage(Duration.ofMillis(50));
    }

    @Test
    void aRoundIsNotArmedWhileElementsStillRun_norForNone() {
        WindowRound round = new WindowRound(testKit.<ShardActor.Command>createTestProbe().getRef());
        assertThrows(IllegalStateException.class, () -> round.arm(0));
        round.arm(2);
        round.elementDone();
        assertThrows(IllegalStateException.class, () -> round.arm(1));
    }
}
