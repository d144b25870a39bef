package io.fabricemu.wreb;

/**
 * Where a queue draws for a notice (US 12,388,756: on arrival, the profile is drawn on the queue occupancy,
 * paragraph (13); paragraph (16): the framework "can also be applied" to departing packets).
 */
public enum EvalPoint {
    /** As the packet enters the queue, on the bytes of its class already queued: the earliest signal. */
    ENQUEUE,
    /** As the packet starts to leave, on the bytes of its class it leaves behind (where ECN marks). */
    DEQUEUE
}
