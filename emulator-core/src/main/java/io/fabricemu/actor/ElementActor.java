package io.fabricemu.actor;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.ExtensibleBehavior;
import akka.actor.typed.TypedActorContext;
import akka.actor.typed.javadsl.Behaviors;
import io.fabricemu.engine.ElementRunner;
import io.fabricemu.engine.Event;
import java.util.List;

/**
 * Hosts one element (a NIC, a switch port or a link): turns a window message into a call of the model, leaving
 * what the model sent in its runner for the shard, which the last element of the step to finish tells
 * ({@link WindowRound}). The hottest actor there is, so it dispatches with a single {@code receive} and
 * {@code instanceof} instead of a receive builder.
 */
final class ElementActor extends ExtensibleBehavior<ElementActor.Command> {

    /** What an element actor accepts. */
    sealed interface Command permits Start, RunWindow, Report {
    }

    /** Let the element schedule its first events and report its first pending time. */
    enum Start implements Command {
        INSTANCE
    }

    /** Handle the events in {@code inbox} and every own event earlier than {@code endPs}. */
    record RunWindow(long endPs, List<Event> inbox) implements Command {
    }

    /**
     * Send the element's report, once the events it deferred before {@code horizonPs} (up to which the run handled
     * every event) are handled and its samples are on the grid of {@code reachedPs}, a time the run reached.
     */
    record Report(long horizonPs, long reachedPs) implements Command {
    }

    private final ElementRunner runner;
    private final ActorRef<ShardActor.Command> shard;
    private final WindowRound round;

    private ElementActor(ElementRunner runner, ActorRef<ShardActor.Command> shard, WindowRound round) {
        this.runner = runner;
        this.shard = shard;
        this.round = round;
    }

    /** @param round the shard's count of the elements still running the current step */
    static Behavior<Command> create(ElementRunner runner, ActorRef<ShardActor.Command> shard, WindowRound round) {
        return Behaviors.setup(ctx -> new ElementActor(runner, shard, round));
    }

    @Override
    public Behavior<Command> receive(TypedActorContext<Command> ctx, Command msg) {
        if (msg instanceof RunWindow w) {
            runner.runWindow(w.endPs(), w.inbox());
            round.elementDone(); // the last thing: the shard may read the runner from here on
        } else if (msg == Start.INSTANCE) {
            long first = runner.start();
            shard.tell(new ShardActor.ElementStarted(runner.id(), first, runner.drainOutbox()));
        } else if (msg instanceof Report r) {
            runner.settle(r.horizonPs());
            runner.thinSamples(r.reachedPs());
            shard.tell(new ShardActor.ElementReported(runner.id(), runner.report(),
                    runner.lastHandledBeforePs(r.horizonPs())));
        }
        return this;
    }

    @Override
    public Behavior<Command> receiveSignal(TypedActorContext<Command> ctx, akka.actor.typed.Signal msg) {
        return this;
    }
}
