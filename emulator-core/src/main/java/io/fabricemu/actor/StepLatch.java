package io.fabricemu.actor;

import akka.actor.typed.ActorRef;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How a shard learns that the element actors it woke for one step (a window, a step ahead of the peers, or the
 * start) have all finished: one message for the step, from the last of them, instead of one message per element.
 *
 * <p>The shard {@link #arm arms} the latch with the number of elements it is about to wake, then tells each a
 * {@link ElementActor.RunWindow}. An element actor runs its window in its own {@code receive}, leaves what it
 * did (its next pending time, what it sent, what it counted) in its {@link io.fabricemu.engine.ElementRunner},
 * and counts down; the one that brings the count to zero tells the shard {@link ShardActor.StepDone}. The shard
 * then reads every woken runner. Each runner thus passes from the shard to its actor with the {@code RunWindow}
 * message and back with the count-down: every write an element made happens before its decrement, every
 * decrement before the last one, and that before the shard receives {@code StepDone}; the shard's own writes
 * (clearing what it routed) happen before its next {@code RunWindow}. No runner is ever touched by two threads
 * at once, and no element reads another's state.
 *
 * <p>A wake-up used to cost two actor messages, the window in and a report out, each into a different mailbox;
 * the reports, all into the one shard mailbox from both processors, were the larger part (see BENCHMARKS.md).
 */
final class StepLatch {
    private final AtomicInteger running = new AtomicInteger();
    private final ActorRef<ShardActor.Command> shard;

    StepLatch(ActorRef<ShardActor.Command> shard) {
        this.shard = shard;
    }

    /** The shard these elements report to. */
    ActorRef<ShardActor.Command> shard() {
        return shard;
    }

    /**
     * Expects {@code elements} count-downs before the next {@link ShardActor.StepDone}; called by the shard
     * before it wakes them.
     *
     * @throws IllegalStateException if the previous step is still running
     */
    void arm(int elements) {
        if (elements < 0) {
            throw new IllegalArgumentException("elements must be >= 0, was " + elements);
        }
        if (!running.compareAndSet(0, elements)) {
            throw new IllegalStateException("a step was armed while " + running.get() + " elements still ran the last");
        }
    }

    /** One element finished its part of the step; the last one tells the shard. */
    void elementDone() {
        int left = running.decrementAndGet();
        if (left == 0) {
            shard.tell(ShardActor.StepDone.INSTANCE);
        } else if (left < 0) {
            throw new IllegalStateException("an element finished a step nobody armed");
        }
    }
}
