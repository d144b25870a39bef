package io.fabricemu.actor;

import akka.actor.typed.Behavior;
import akka.actor.typed.ExtensibleBehavior;
import akka.actor.typed.TypedActorContext;
import akka.actor.typed.javadsl.Behaviors;
import io.fabricemu.engine.ElementRunner;
import io.fabricemu.engine.Event;
import java.util.List;

/**
 * Hosts one element (a NIC, a switch port or a link): turns a window message into a call of the model, which
 * leaves what it sent in its {@link ElementRunner} for the shard, and counts down the shard's {@link StepLatch}.
 * The hottest actor there is, so it dispatches with a single {@code receive} and {@code instanceof} instead of a
 * receive builder.
 */
final class ElementActor extends ExtensibleBehavior<ElementActor.Command> {

    /** What an element actor accepts. */
    sealed interface Command permits Start, RunWindow, Report {
    }

    /** Let the element schedule its first events, then count down the latch for {@code slot}. */
    record Start(int slot) implements Command {
    }

    /**
     * Handle the events in {@code inbox} and every own event earlier than {@code endPs}, then count down the latch
     * for {@code slot}, the element's place in the order its shard woke it.
     */
    record RunWindow(long endPs, List<Event> inbox, int slot) implements Command {
    }

    /** Send the element's report. */
    enum Report implements Command {
        INSTANCE
    }

    private final ElementRunner runner;
    private final StepLatch latch;

    private ElementActor(ElementRunner runner, StepLatch latch) {
        this.runner = runner;
        this.latch = latch;
    }

    /** An actor for {@code runner}'s element, counting down {@code latch}, the one of its shard's steps. */
    static Behavior<Command> create(ElementRunner runner, StepLatch latch) {
        return Behaviors.setup(ctx -> new ElementActor(runner, latch));
    }

    @Override
    public Behavior<Command> receive(TypedActorContext<Command> ctx, Command msg) {
        if (msg instanceof RunWindow w) {
            runner.runWindow(w.endPs(), w.inbox());
            latch.elementDone(w.slot());
        } else if (msg instanceof Start s) {
            runner.start();
            latch.elementDone(s.slot());
        } else if (msg == Report.INSTANCE) {
            latch.shard().tell(new ShardActor.ElementReported(runner.id(), runner.report()));
        }
        return this;
    }

    @Override
    public Behavior<Command> receiveSignal(TypedActorContext<Command> ctx, akka.actor.typed.Signal msg) {
        return this;
    }
}
