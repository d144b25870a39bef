package io.fabricemu.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ShardSchedulerTest {
    private record Tag(int n) implements Signal {
    }

    @Test
    void activate_wakesOnlyElementsWithWorkInTheWindow() {
        ShardScheduler s = new ShardScheduler(0, new int[] {0, 0, 0, 0}, 1);
        s.completed(0, 100, List.of());
        s.completed(1, 500, List.of());
        s.completed(2, Long.MAX_VALUE, List.of());
        s.completed(3, 120, List.of());
        assertEquals(100, s.earliestPs());
        List<ShardScheduler.Activation> woken = s.activate(200);
        assertEquals(List.of(0, 3), woken.stream().map(ShardScheduler.Activation::elementId).toList());
    }

    @Test
    void completed_routesLocalEventsToTheInboxAndRemoteOnesToTheBatch() {
        ShardScheduler s = new ShardScheduler(0, new int[] {0, 0, 1}, 2);
        s.completed(0, 10, List.of());
        s.completed(1, Long.MAX_VALUE, List.of());
        s.activate(20);
        Event local = new Event(300, 0, 0, 1, new Tag(1));
        Event remote = new Event(250, 0, 1, 2, new Tag(2));
        s.completed(0, Long.MAX_VALUE, List.of(local, remote));
        assertEquals(List.of(remote), s.takeOutbound(1));
        assertTrue(s.takeOutbound(1).isEmpty());
        assertEquals(300, s.earliestPs());
        List<ShardScheduler.Activation> woken = s.activate(400);
        assertEquals(1, woken.size());
        assertEquals(List.of(local), woken.get(0).inbox());
    }

    @Test
    void completed_anEventForAnElementThatAlreadyFinishedTheWindowStillWakesIt() {
        ShardScheduler s = new ShardScheduler(0, new int[] {0, 0}, 1);
        s.completed(0, 10, List.of());
        s.completed(1, 15, List.of());
        s.activate(100);
        s.completed(1, Long.MAX_VALUE, List.of());
        s.completed(0, Long.MAX_VALUE, List.of(new Event(130, 0, 0, 1, new Tag(1))));
        assertEquals(130, s.earliestPs());
    }

    @Test
    void receive_peerBatchWakesTheTarget() {
        ShardScheduler s = new ShardScheduler(1, new int[] {0, 1}, 2);
        s.completed(1, Long.MAX_VALUE, List.of());
        assertEquals(Long.MAX_VALUE, s.earliestPs());
        s.receive(List.of(new Event(77, 0, 3, 1, new Tag(1))));
        assertEquals(77, s.earliestPs());
    }

    @Test
    void activateAhead_wakesOnlyThoseDeepEnough_andTheOthersStayPendingInOrder() {
        // Elements 0 to 3 are shard 0's; 1 and 3 hear from a peer, 0 and 2 do not.
        ShardScheduler s = new ShardScheduler(0, new int[] {0, 0, 0, 0, 1}, 2, new int[] {2, 0, 1, 0, 0});
        s.completed(0, 100, List.of());
        s.completed(1, 90, List.of());
        s.completed(2, 300, List.of());
        s.completed(3, 150, List.of());
        List<ShardScheduler.Activation> ahead = s.activateAhead(1, 200);
        assertEquals(List.of(0), ahead.stream().map(ShardScheduler.Activation::elementId).toList());
        s.completed(0, 250, List.of());
        assertEquals(90, s.earliestPs(), "element 1 is still pending");
        ahead = s.activateAhead(2, 320);
        assertEquals(List.of(0), ahead.stream().map(ShardScheduler.Activation::elementId).toList(),
                "element 2, due at 300, is not deep enough for a second step");
        s.completed(0, Long.MAX_VALUE, List.of());
        List<ShardScheduler.Activation> window = s.activate(310);
        assertEquals(List.of(1, 3, 2), window.stream().map(ShardScheduler.Activation::elementId).toList());
    }

    @Test
    void earliestPs_looksAtEveryDepth_andAStepAheadLeavesTheShallowerOnesPending() {
        // Element 0 (depth 3) is due before element 1 (depth 0), element 2 (depth 1) after both.
        ShardScheduler s = new ShardScheduler(0, new int[] {0, 0, 0}, 1, new int[] {3, 0, 1});
        s.completed(0, 50, List.of());
        s.completed(1, 90, List.of());
        s.completed(2, 120, List.of());
        assertEquals(50, s.earliestPs());
        assertEquals(List.of(2, 0), s.activateAhead(1, 200).stream().map(ShardScheduler.Activation::elementId)
                .toList(), "depth 1 and deeper, shallowest first");
        assertEquals(90, s.earliestPs(), "the woken ones are out until they complete; element 1 still waits");
        s.completed(2, 400, List.of());
        assertEquals(90, s.earliestPs());
        s.completed(0, 60, List.of());
        assertEquals(60, s.earliestPs());
        assertEquals(List.of(1, 0), s.activate(100).stream().map(ShardScheduler.Activation::elementId).toList(),
                "a window wakes every depth, shallowest first");
    }

    @Test
    void receive_aPeerEventForAnElementNoPeerShouldReach_fails() {
        ShardScheduler s = new ShardScheduler(0, new int[] {0, 1}, 2, new int[] {1, 0});
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> s.receive(List.of(new Event(77, 1, 0, 0, new Tag(1)))));
        assertTrue(e.getMessage().contains("element 1 of another shard sent"), e.getMessage());
    }
}
