package io.fabricemu.actor;

import akka.actor.typed.ActorRef;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The elements a shard woke for one step of a window, counted down as each finishes: the last to finish tells the
 * shard, once, so a wake-up costs one actor message (the window in), not two. What each element did stays in its
 * {@link io.fabricemu.engine.ElementRunner} until the shard reads it: an element writes its runner before it counts
 * down, the count is atomic and the message to the shard comes after the last, so the shard, reading the runners
 * when the message arrives, sees everything every element wrote; and no element touches its runner again until the
 * shard wakes it.
 */
final class WindowRound {
    private final AtomicInteger remaining = new AtomicInteger();
    private final ActorRef<ShardActor.Command> shard;

    WindowRound(ActorRef<ShardActor.Command> shard) {
        this.shard = shard;
    }

    /** A step wakes {@code elements} (at least one); call before telling any of them. */
    void arm(int elements) {
        if (elements <= 0 || remaining.get() != 0) {
            throw new IllegalStateException("a round of " + elements + " elements armed while "
                    + remaining.get() + " were still running");
        }
        remaining.set(elements);
    }

    /** One woken element is done with the step; the last one tells the shard. */
    void elementDone() {
        if (remaining.decrementAndGet() == 0) {
            shard.tell(ShardActor.RoundDone.INSTANCE);
        }
    }
}
