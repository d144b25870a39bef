package io.fabricemu.wreb;

/**
 * A weighted-random profile: the probability, in parts per million, that a packet entering (or leaving) a
 * queue at congestion level {@code levelBytes} makes the switch send a back-to-sender notice (U.S. Patent
 * 12,388,756, claims 6-8 and paragraph (13): a weighted random profile, linear or
 * varied in the queue occupancy, the one WRED uses for ECN in one embodiment).
 *
 * <p>Implementations: {@link LinearProfile} (claim 7), {@link StepProfile} (claim 4: more frequent above a
 * threshold) and {@link PowerProfile} (claim 8: non-linear). All are pure functions of the level.
 */
public sealed interface WrebProfile permits LinearProfile, StepProfile, PowerProfile, EcnRampProfile {
    /** One million parts per million: certainty. */
    int PPM_ONE = 1_000_000;

    /** The notice probability at {@code levelBytes} (&gt;= 0), in parts per million, 0..1,000,000. */
    long probabilityPpm(long levelBytes);
}
