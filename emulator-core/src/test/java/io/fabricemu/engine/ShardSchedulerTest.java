package io.fabricemu.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
}
