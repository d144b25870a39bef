package io.fabricemu.actor;

import akka.actor.typed.ActorRef;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * How a shard learns that the element actors it woke for one step (a window, a step ahead of the peers, or the
 * start) have finished: one message per {@value #GROUP} elements, from the last of them to finish, instead of one
 * message per element.
 *
 * <p>The shard {@link #arm arms} the latch with the number of elements it is about to wake, then tells each a
 * {@link ElementActor.RunWindow} carrying its slot, its place in the order woken. An element actor runs its window
 * in its own {@code receive}, leaves what it did (its next pending time, what it sent, what it counted) in its
 * {@link io.fabricemu.engine.ElementRunner}, and counts down its group (slots {@code g * GROUP} to
 * {@code (g + 1) * GROUP - 1}); the one that brings a group to zero tells the shard {@link ShardActor.StepDone}
 * with the group, and the shard reads that group's runners while the other groups still run. Each runner thus
 * passes from the shard to its actor with the {@code RunWindow} message and back with the count-down: every write
 * an element made happens before its decrement, every decrement of a group before the last one, and that before
 * the shard receives {@code StepDone}; the shard's own writes (clearing what it routed) happen before its next
 * {@code RunWindow}. No runner is ever touched by two threads at once, and no element reads another's state.
 *
 * <p>A wake-up used to cost two actor messages, the window in and a report out, all of a window's reports into the
 * one shard mailbox from both processors. One message for a whole step would leave the shard's routing of a large
 * window (a permutation wakes thousands of elements in each) to after the last element, with nothing running
 * beside it; groups let it route while the rest run. An incast's windows wake a few dozen: one group, one message.
 */
final class StepLatch {
    /** Elements per group: one message to the shard for each. */
    static final int GROUP = 64;

    private final ActorRef<ShardActor.Command> shard;
    private AtomicIntegerArray running = new AtomicIntegerArray(16);
    private int groups;

    StepLatch(ActorRef<ShardActor.Command> shard) {
        this.shard = shard;
    }

    /** The shard these elements report to. */
    ActorRef<ShardActor.Command> shard() {
        return shard;
    }

    /**
     * Expects one count-down from each of the slots {@code 0..elements-1}; called by the shard before it wakes
     * them. Returns the number of groups, each of which will end with a {@link ShardActor.StepDone}.
     *
     * @throws IllegalStateException if the previous step is still running
     */
    int arm(int elements) {
        if (elements < 0) {
            throw new IllegalArgumentException("elements must be >= 0, was " + elements);
        }
        for (int g = 0; g < groups; g++) {
            if (running.get(g) != 0) {
                throw new IllegalStateException("a step was armed while group " + g + " of the last still ran");
            }
        }
        groups = (elements + GROUP - 1) / GROUP;
        if (groups > running.length()) {
            running = new AtomicIntegerArray(Math.max(groups, 2 * running.length()));
        }
        for (int g = 0; g < groups; g++) {
            running.set(g, Math.min(GROUP, elements - g * GROUP));
        }
        return groups;
    }

    /** The element in {@code slot} finished its part of the step; the last of its group tells the shard. */
    void elementDone(int slot) {
        int group = slot / GROUP;
        int left = running.decrementAndGet(group);
        if (left == 0) {
            shard.tell(new ShardActor.StepDone(group));
        } else if (left < 0) {
            throw new IllegalStateException("slot " + slot + " finished a step nobody armed it for");
        }
    }
}
