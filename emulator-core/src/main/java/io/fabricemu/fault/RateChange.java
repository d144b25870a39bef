package io.fabricemu.fault;

/**
 * The link serializes at a new rate from the next packet it starts (a degraded lane, or its repair): the
 * transmitter's rate changes, the flight time does not.
 *
 * @param rateBps the new rate, &gt; 0
 */
public record RateChange(long rateBps) implements FaultAction {
    public RateChange {
        if (rateBps <= 0) {
            throw new IllegalArgumentException("rateBps must be > 0, was " + rateBps);
        }
    }
}
