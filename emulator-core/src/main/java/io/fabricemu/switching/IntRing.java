package io.fabricemu.switching;

/**
 * A FIFO of ints in a power-of-two ring that doubles when full: no allocation per element, so a queue can
 * keep a number beside each packet it holds (the packet's ingress port) without boxing.
 */
final class IntRing {
    private int[] items = new int[16];
    private int head;
    private int size;

    void addLast(int value) {
        if (size == items.length) {
            int[] bigger = new int[items.length * 2];
            for (int i = 0; i < size; i++) {
                bigger[i] = items[(head + i) & (items.length - 1)];
            }
            items = bigger;
            head = 0;
        }
        items[(head + size) & (items.length - 1)] = value;
        size++;
    }

    int pollFirst() {
        if (size == 0) {
            throw new IllegalStateException("empty");
        }
        int value = items[head];
        head = (head + 1) & (items.length - 1);
        size--;
        return value;
    }

    int size() {
        return size;
    }
}
