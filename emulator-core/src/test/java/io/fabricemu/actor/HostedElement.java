package io.fabricemu.actor;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import io.fabricemu.engine.ElementRunner;
import io.fabricemu.engine.Event;
import java.util.List;

/**
 * One element in its actor, driven by a test as its shard would drive it: a window at a time, a round of one
 * ({@link WindowRound}), what it did read from its runner once it says it is done.
 */
final class HostedElement {
    /**
     * What the element did in a window: what it sent, in order, the time of its next own event and the number of
     * events it handled.
     */
    record Window(List<Event> sent, long nextPs, int events) {
    }

    private final ElementRunner runner;
    private final TestProbe<ShardActor.Command> shard;
    private final WindowRound round;
    private final ActorRef<ElementActor.Command> actor;

    HostedElement(ActorTestKit testKit, ElementRunner runner, TestProbe<ShardActor.Command> shard) {
        this.runner = runner;
        this.shard = shard;
        this.round = new WindowRound(shard.getRef());
        this.actor = testKit.spawn(ElementActor.create(runner, shard.getRef(), round));
    }

    void tell(ElementActor.Command command) {
        actor.tell(command);
    }

    /** Runs the element to {@code endPs} with {@code inbox} and returns what it did. */
    Window run(long endPs, List<Event> inbox) {
        round.arm(1);
        actor.tell(new ElementActor.RunWindow(endPs, inbox));
        shard.expectMessage(ShardActor.RoundDone.INSTANCE);
        return new Window(runner.drainOutbox(), runner.nextEventPs(), runner.windowEvents());
    }
}
