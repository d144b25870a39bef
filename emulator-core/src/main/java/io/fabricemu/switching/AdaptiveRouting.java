package io.fabricemu.switching;

import java.util.Objects;

/**
 * Switch adaptive routing ({@code switch.adaptiveRouting}): among the egress ports on a shortest path, a data packet
 * leaves by one that is least loaded as the switch last heard, instead of by the ECMP hash. Modelled on the reference
 * simulator's {@code -strat ecmp_ar} ({@code FatTreeSwitch::getNextHop}, {@code adaptive_route} and its
 * {@code compare_*} functions): a port's load is its queue quantised to four levels (under 5%, 10% and 20% of the
 * queue limit, and above), its PFC pause state, its transmitter's busy share of the last 30 us ({@link BusyWindow}),
 * or a combination, as {@link Method} says; among equally loaded ports one is picked at random from a seeded
 * generator. Packets under {@link #SMALL_BYTES} bytes (acknowledgements, trimmed headers) are hashed as before; per
 * packet, or per flow, a flow then keeping its port until it has been idle for {@code stickyDeltaPs} and a strictly
 * better port exists. Each egress port tells the switch's other ports its load when it changes, at most once every
 * {@code updatePeriodPs}, and they hear it after the switch's pipeline latency: a choice reads what the port choosing
 * knows at that virtual time, never another port's state directly.
 *
 * @param method         what is compared: the queue's level, the pause state, or both ({@link Method})
 * @param granularity    per packet or per flow
 * @param stickyDeltaPs  per flow: the idle time after which a flow may move, in ps
 * @param tierMask       the switch tiers that route adaptively, bit {@code t} for tier {@code t} (1 to 3)
 * @param updatePeriodPs the least time between two level notices of one port, in ps
 */
public record AdaptiveRouting(Method method, Granularity granularity, long stickyDeltaPs, int tierMask,
                              long updatePeriodPs) {
    /** Packets smaller than this are hashed, as the reference's {@code getNextHop} does. */
    public static final int SMALL_BYTES = 100;
    /** Off: every switch hashes (ECMP). */
    public static final AdaptiveRouting OFF = new AdaptiveRouting(Method.QUEUE, Granularity.PACKET, 0, 0, 1);

    /** What a choice compares, as the reference's {@code -ar_method} names it. */
    public enum Method {
        /** The egress queue's level ({@code compare_queuesize}). */
        QUEUE,
        /** Whether PFC pauses the port ({@code compare_pause}): a paused port is worse than any other. */
        PAUSE,
        /** Pause first, then the queue's level ({@code compare_pq}). */
        PAUSE_QUEUE,
        /** How busy the transmitter was over the last 30 us ({@code compare_bandwidth}, {@link BusyWindow}). */
        BANDWIDTH,
        /** Pause first, then bandwidth ({@code compare_pb}). */
        PAUSE_BANDWIDTH,
        /** The queue's level first, then bandwidth ({@code compare_qb}). */
        QUEUE_BANDWIDTH,
        /** Pause, then the queue's level, then bandwidth ({@code compare_pqb}). */
        PAUSE_QUEUE_BANDWIDTH;

        /** The word a port publishes, from levels of 0 to 3 and the pause state: lower is better. */
        int word(boolean paused, int queueLevel, int busyLevel) {
            return switch (this) {
                case QUEUE -> queueLevel;
                case PAUSE -> paused ? 1 : 0;
                case PAUSE_QUEUE -> paused ? 4 : queueLevel;
                case BANDWIDTH -> busyLevel;
                case PAUSE_BANDWIDTH -> paused ? 4 : busyLevel;
                case QUEUE_BANDWIDTH -> queueLevel * 4 + busyLevel;
                case PAUSE_QUEUE_BANDWIDTH -> paused ? 16 : queueLevel * 4 + busyLevel;
            };
        }

        /** Whether the word reads the transmitter's recent bandwidth. */
        boolean readsBandwidth() {
            return this == BANDWIDTH || this == PAUSE_BANDWIDTH || this == QUEUE_BANDWIDTH
                    || this == PAUSE_QUEUE_BANDWIDTH;
        }
    }

    /** Per packet, or per flow (sticky). */
    public enum Granularity {
        PACKET, FLOW
    }

    public AdaptiveRouting {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(granularity, "granularity");
        if (stickyDeltaPs < 0 || updatePeriodPs <= 0 || (tierMask & ~0b1110) != 0) {
            throw new IllegalArgumentException("stickyDeltaPs >= 0, updatePeriodPs > 0 and tiers 1 to 3; were "
                    + stickyDeltaPs + ", " + updatePeriodPs + ", mask " + tierMask);
        }
    }

    /** Whether switches of {@code tier} route adaptively. */
    public boolean at(int tier) {
        return tier >= 1 && tier <= 3 && (tierMask & (1 << tier)) != 0;
    }

    public boolean enabled() {
        return tierMask != 0;
    }

    /** The adaptive-routing stage of port {@code portNumber} of switch {@code plan}, which {@code port} shows. */
    public EgressStage stage(SwitchPlan plan, int portNumber, EgressPort port) {
        return new AdaptivePort(this, plan, portNumber, port);
    }

    /** A queue of {@code bytes} out of {@code limitBytes} as a level from 0 (under 5%) to 3 (20% or more). */
    static int level(long bytes, long limitBytes) {
        long scaled = bytes * 100;
        return scaled < 5 * limitBytes ? 0 : scaled < 10 * limitBytes ? 1 : scaled < 20 * limitBytes ? 2 : 3;
    }
}
