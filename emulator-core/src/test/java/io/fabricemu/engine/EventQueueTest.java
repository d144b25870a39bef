package io.fabricemu.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class EventQueueTest {
    private record Tag(int n) implements Signal {
    }

    @Test
    void poll_ordersByTimeThenOriginThenSeq() {
        EventQueue q = new EventQueue();
        q.add(new Event(10, 2, 0, 9, new Tag(1)));
        q.add(new Event(10, 1, 5, 9, new Tag(2)));
        q.add(new Event(5, 7, 0, 9, new Tag(3)));
        q.add(new Event(10, 1, 4, 9, new Tag(4)));
        assertEquals(new Tag(3), q.poll().signal());
        assertEquals(new Tag(4), q.poll().signal());
        assertEquals(new Tag(2), q.poll().signal());
        assertEquals(new Tag(1), q.poll().signal());
        assertTrue(q.isEmpty());
    }

    @Test
    void poll_anyInsertionOrderGivesTheSameSequence() {
        List<Event> events = new ArrayList<>();
        Random r = new Random(42);
        for (int i = 0; i < 2000; i++) {
            events.add(new Event(r.nextInt(50), r.nextInt(5), i, 0, new Tag(i)));
        }
        List<Event> expected = new ArrayList<>(events);
        expected.sort(Event::compareKey);
        for (int shuffle = 0; shuffle < 5; shuffle++) {
            Collections.shuffle(events, new Random(shuffle));
            EventQueue q = new EventQueue();
            events.forEach(q::add);
            List<Event> got = new ArrayList<>();
            while (!q.isEmpty()) {
                got.add(q.poll());
            }
            assertEquals(expected, got);
        }
    }
}
