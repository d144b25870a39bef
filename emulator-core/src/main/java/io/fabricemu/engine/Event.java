package io.fabricemu.engine;

/**
 * An event for one element at one virtual time. Events are totally ordered by
 * {@code (timePs, originId, seq)}: the origin element stamps every event it creates with its own
 * increasing sequence number, so equal times are ordered by the model and never by arrival order.
 *
 * @param timePs   when the target handles it, in picoseconds
 * @param originId the element that created it
 * @param seq      the origin's sequence number for it
 * @param targetId the element that handles it
 * @param signal   what it carries
 */
public record Event(long timePs, int originId, long seq, int targetId, Signal signal) {

    /** Negative, zero or positive as this event is handled before, with (never, keys are unique) or after {@code o}. */
    public int compareKey(Event o) {
        if (timePs != o.timePs) {
            return Long.compare(timePs, o.timePs);
        }
        if (originId != o.originId) {
            return Integer.compare(originId, o.originId);
        }
        return Long.compare(seq, o.seq);
    }
}
