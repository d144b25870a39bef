package io.fabricemu.engine;

import java.util.Arrays;

/**
 * A binary min-heap of events in key order ({@link Event#compareKey}). One per element; single-threaded.
 */
final class EventQueue {
    private Event[] heap = new Event[16];
    private int size;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Time of the earliest event, or {@link io.fabricemu.time.Ps#NEVER} when empty. */
    long peekTimePs() {
        return size == 0 ? Long.MAX_VALUE : heap[0].timePs();
    }

    void add(Event e) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            Event p = heap[parent];
            if (e.compareKey(p) >= 0) {
                break;
            }
            heap[i] = p;
            i = parent;
        }
        heap[i] = e;
    }

    Event poll() {
        Event top = heap[0];
        Event last = heap[--size];
        heap[size] = null;
        if (size > 0) {
            int i = 0;
            int half = size >>> 1;
            while (i < half) {
                int child = 2 * i + 1;
                int right = child + 1;
                if (right < size && heap[right].compareKey(heap[child]) < 0) {
                    child = right;
                }
                if (last.compareKey(heap[child]) <= 0) {
                    break;
                }
                heap[i] = heap[child];
                i = child;
            }
            heap[i] = last;
        }
        return top;
    }
}
