package io.fabricemu.actor;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.ElementRunner;
import io.fabricemu.engine.Event;
import java.time.Duration;
import java.util.List;

/**
 * One element hosted by its actor as a shard hosts it, a test probe standing in for the shard: each step is a
 * message to the actor, its end the {@link ShardActor.StepDone} the probe receives from the element's
 * {@link StepLatch}, and what the element did is read from its runner, as the shard reads it.
 */
final class ElementUnderTest {

    /** What one step of the element did: what a shard takes from the runner once the step is done. */
    record Step(int events, List<Event> sent, long nextPs, long[] flowsCompletedAtPs, long lastHandledPs,
                String haltReason, long haltPs) {
    }

    private final ElementRunner runner;
    private final TestProbe<ShardActor.Command> shard;
    private final StepLatch latch;
    private final ActorRef<ElementActor.Command> actor;

    ElementUnderTest(ActorTestKit testKit, ElementRunner runner) {
        this.runner = runner;
        this.shard = testKit.createTestProbe();
        this.latch = new StepLatch(shard.getRef());
        this.actor = testKit.spawn(ElementActor.create(runner, latch));
    }

    /** Lets the element schedule its first events; {@link Step#nextPs} is its first pending time. */
    Step start() {
        return step(new ElementActor.Start(0));
    }

    /** Runs the events of {@code inbox} and every own event before {@code endPs}. */
    Step run(long endPs, List<Event> inbox) {
        return step(new ElementActor.RunWindow(endPs, inbox, 0));
    }

    private Step step(ElementActor.Command command) {
        latch.arm(1);
        actor.tell(command);
        shard.expectMessage(Duration.ofSeconds(10), new ShardActor.StepDone(0));
        List<Event> sent = List.copyOf(runner.sent());
        runner.clearSent();
        int events = command instanceof ElementActor.RunWindow ? runner.lastWindowEvents() : 0;
        return new Step(events, sent, runner.nextEventPs(), runner.drainFlowsCompleted(), runner.lastHandledPs(),
                runner.haltReason(), runner.haltPs());
    }

    /** The element's report, as its actor sends it to the shard. */
    ElementReport report() {
        actor.tell(ElementActor.Report.INSTANCE);
        return shard.expectMessageClass(ShardActor.ElementReported.class).report();
    }

    /** No further message reaches the probe (the element sent nothing the shard did not ask for). */
    void expectNoMessage() {
        shard.expectNoMessage(Duration.ofMillis(50));
    }
}
