package io.fabricemu.fault;

/**
 * A link that flaps: down for {@code downPs} at the start of every period, from the fault's time until
 * {@code untilPs} (the last period that starts before it still runs its full down time, then the link stays up).
 *
 * @param periodPs one down-and-up cycle, &gt; downPs
 * @param downPs   how long it stays down in each cycle, &gt; 0
 * @param untilPs  no new cycle starts at or after this time, &gt; the fault's time
 */
public record Flap(long periodPs, long downPs, long untilPs) implements FaultAction {
    public Flap {
        if (downPs <= 0 || periodPs <= downPs) {
            throw new IllegalArgumentException("a flap needs 0 < down < period, was down " + downPs + " ps, period "
                    + periodPs + " ps");
        }
    }
}
