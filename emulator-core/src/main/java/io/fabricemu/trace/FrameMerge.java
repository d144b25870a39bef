package io.fabricemu.trace;

import java.util.List;

/**
 * Merges the ports' frames, each port's already in time order, into one sequence ordered by time, then by port:
 * a binary heap of port indices keyed by their next frame's time, so writing n frames of k ports takes
 * O(n log k) and allocates nothing per frame.
 */
final class FrameMerge {
    private final List<PortTrace> ports;
    /** Per port, its next frame not yet returned. */
    private final int[] next;
    private final int[] heap;
    private int size;
    /** The port returned last, whose cursor moves on at the next call; -1 before the first. */
    private int last = -1;

    FrameMerge(List<PortTrace> ports) {
        this.ports = ports;
        this.next = new int[ports.size()];
        this.heap = new int[ports.size()];
        for (int p = 0; p < ports.size(); p++) {
            if (ports.get(p).count() > 0) {
                heap[size++] = p;
            }
        }
        for (int i = size / 2 - 1; i >= 0; i--) {
            down(i);
        }
    }

    /** The port whose frame comes next, or -1 when every frame has been returned. */
    int next() {
        if (last >= 0) {
            next[last]++;
            if (next[last] == ports.get(last).count()) {
                heap[0] = heap[--size];
            }
            down(0);
        }
        last = size == 0 ? -1 : heap[0];
        return last;
    }

    /** The index, in its port's trace, of the frame {@link #next()} just returned for {@code port}. */
    int frameOf(int port) {
        return next[port];
    }

    private boolean before(int a, int b) {
        long ta = ports.get(a).timePs(next[a]);
        long tb = ports.get(b).timePs(next[b]);
        return ta < tb || (ta == tb && a < b);
    }

    private void down(int i) {
        while (true) {
            int smallest = i;
            int left = 2 * i + 1;
            int right = left + 1;
            if (left < size && before(heap[left], heap[smallest])) {
                smallest = left;
            }
            if (right < size && before(heap[right], heap[smallest])) {
                smallest = right;
            }
            if (smallest == i) {
                return;
            }
            int tmp = heap[i];
            heap[i] = heap[smallest];
            heap[smallest] = tmp;
            i = smallest;
        }
    }
}
