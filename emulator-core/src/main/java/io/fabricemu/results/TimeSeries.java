package io.fabricemu.results;

import io.fabricemu.engine.SampleLog;
import io.fabricemu.engine.Sampling;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the elements recorded over virtual time, on one grid: ticks {@code 0, interval, ..., (points - 1) x
 * interval}, the last at or before the run's end. It keeps the elements' sparse logs (a sample only where an
 * element handled something) and builds one port's or one flow's dense arrays when asked, so a fabric of
 * thousands of ports costs memory for what it did, not for its size.
 */
public final class TimeSeries {
    public static final TimeSeries NONE = new TimeSeries(0, 0, List.of());

    private final long intervalPs;
    private final int points;
    private final List<SampleLog> logs;
    private final Map<String, Integer> portLog = new LinkedHashMap<>();
    private final Map<String, Integer> portTier = new LinkedHashMap<>();
    private final Map<Integer, Integer> senderLog = new LinkedHashMap<>();
    private final Map<Integer, Integer> receiverLog = new LinkedHashMap<>();
    private int trafficClasses;
    /**
     * Each recorded flow's round trips on the idle fabric, for its queueing delay: pairs of a data packet's wire size
     * and the round trip of a packet of that size and its ACK (-1: none single); empty: none known.
     */
    private final Map<Integer, long[]> unloadedRttPs;

    private TimeSeries(long intervalPs, int points, List<SampleLog> logs) {
        this(intervalPs, points, logs, Map.of());
    }

    private TimeSeries(long intervalPs, int points, List<SampleLog> logs, Map<Integer, long[]> unloadedRttPs) {
        this.intervalPs = intervalPs;
        this.points = points;
        this.logs = logs;
        this.unloadedRttPs = unloadedRttPs;
        for (int i = 0; i < logs.size(); i++) {
            index(i);
        }
    }

    /**
     * The elements' logs (in element-id order; nulls are skipped), all moved to the grid in force at the run's
     * end.
     */
    public static TimeSeries of(Sampling sampling, long virtualEndPs, List<SampleLog> elementLogs) {
        if (!sampling.enabled()) {
            return NONE;
        }
        long endPs = Math.max(0, virtualEndPs);
        long intervalPs = sampling.intervalAt(endPs);
        List<SampleLog> logs = new ArrayList<>();
        for (SampleLog log : elementLogs) {
            if (log != null && !log.isEmpty()) {
                if (log.intervalPs() != intervalPs) {
                    log.thin(intervalPs);
                }
                logs.add(log);
            }
        }
        return new TimeSeries(intervalPs, (int) (endPs / intervalPs) + 1, logs);
    }

    /**
     * A series as {@link #logs()}, {@link #intervalPs()} and {@link #points()} gave it, rebuilt in another JVM: the
     * logs are already on the grid.
     */
    public static TimeSeries restore(long intervalPs, int points, List<SampleLog> logs) {
        return points == 0 ? NONE : new TimeSeries(intervalPs, points, List.copyOf(logs));
    }

    /**
     * As {@link #restore(long, int, List)}, with the recorded flows' idle round trips ({@link #unloadedRttPs()}).
     */
    public static TimeSeries restore(long intervalPs, int points, List<SampleLog> logs,
                                     Map<Integer, long[]> unloadedRttPs) {
        return points == 0 ? NONE : new TimeSeries(intervalPs, points, List.copyOf(logs),
                unloadedRttPs == null ? Map.of() : Map.copyOf(unloadedRttPs));
    }

    /**
     * This series with each recorded flow's round trips on the idle fabric, from which {@link #flow} takes its
     * queueing delay: each RTT sample less the round trip of a packet of the size the sample timed.
     *
     * @param roundTripPs by flow id, pairs {@code [dataBytes, ps, dataBytes, ps, ...]} covering the sizes
     *                    {@link #rttPacketSizes} gives (a size absent or at -1 ps has no queueing delay)
     */
    public TimeSeries withUnloadedRtt(Map<Integer, long[]> roundTripPs) {
        return points == 0 ? this : new TimeSeries(intervalPs, points, logs, Map.copyOf(roundTripPs));
    }

    /** The wire sizes of the data packets that {@code flowId}'s RTT samples timed, each once, ascending. */
    public long[] rttPacketSizes(int flowId) {
        Integer s = senderLog.get(flowId);
        if (s == null) {
            return new long[0];
        }
        RttPacketSizes sizes = new RttPacketSizes(flowId);
        logs.get(s).replay(sizes);
        return sizes.sizes();
    }

    /** The round trip on the idle fabric of {@code flowId}'s packet of {@code dataBytes} and its ACK, or -1. */
    public long unloadedRttPs(int flowId, int dataBytes) {
        long[] pairs = unloadedRttPs.get(flowId);
        for (int i = 0; pairs != null && i + 1 < pairs.length; i += 2) {
            if (pairs[i] == dataBytes) {
                return pairs[i + 1];
            }
        }
        return -1;
    }

    /** The recorded flows' round trips on the idle fabric that {@link #withUnloadedRtt} gave, by flow id. */
    public Map<Integer, long[]> unloadedRttPs() {
        return unloadedRttPs;
    }

    /** The elements' logs this series reads, every one on its grid (what {@link #restore} takes back). */
    public List<SampleLog> logs() {
        return logs;
    }

    public boolean isEmpty() {
        return points == 0;
    }

    public long intervalPs() {
        return intervalPs;
    }

    /** Number of ticks. */
    public int points() {
        return points;
    }

    /** The number of traffic classes the ports reported. */
    public int trafficClasses() {
        return trafficClasses;
    }

    /** The ports that were sampled, in element-id order (NIC transmitters first). */
    public List<String> portIds() {
        return List.copyOf(portLog.keySet());
    }

    /** The flows whose sender or receiver was sampled, ascending. */
    public List<Integer> flowIds() {
        List<Integer> ids = new ArrayList<>(senderLog.keySet());
        for (Integer id : receiverLog.keySet()) {
            if (!senderLog.containsKey(id)) {
                ids.add(id);
            }
        }
        ids.sort(null);
        return ids;
    }

    /** One port's dense series. */
    public PortSeries port(String portId) {
        Integer log = portLog.get(portId);
        if (log == null) {
            throw new IllegalArgumentException("no samples of port " + portId);
        }
        PortFill fill = new PortFill(portId, portTier.get(portId), points, trafficClasses, intervalPs);
        logs.get(log).replay(fill);
        return fill.build();
    }

    /** One flow's dense series. */
    public FlowSeries flow(int flowId) {
        FlowFill fill = new FlowFill(flowId, points, intervalPs);
        Integer s = senderLog.get(flowId);
        if (s != null) {
            logs.get(s).replay(fill);
        }
        Integer r = receiverLog.get(flowId);
        if (r != null && !r.equals(s)) {
            logs.get(r).replay(fill);
        }
        return fill.build(this);
    }

    /**
     * The payload delivered so far in the whole run at every tick: each element's total (of every flow it receives,
     * those whose own rows were not kept included), carried to the ticks until its next sample, added up.
     */
    public long[] deliveredBytes() {
        long[] sum = new long[points];
        for (SampleLog log : logs) {
            DeliveredFill fill = new DeliveredFill(points, intervalPs);
            log.replay(fill);
            long[] own = fill.build();
            for (int t = 0; t < points; t++) {
                sum[t] += own[t];
            }
        }
        return sum;
    }

    private void index(int logIndex) {
        SampleLog log = logs.get(logIndex);
        log.replayFirst(new Indexer(logIndex));
        trafficClasses = Math.max(trafficClasses, log.trafficClasses());
    }

    /** Learns which log holds which port and flow. */
    private final class Indexer extends NoRows {
        private final int logIndex;

        Indexer(int logIndex) {
            this.logIndex = logIndex;
        }

        @Override
        public void port(String portId, int tier, long queueBytes, long drops, long trims, long ecnMarks,
                         long pauseFrames, long btsNotices, long rnrNaks, long txBytes) {
            portLog.putIfAbsent(portId, logIndex);
            portTier.putIfAbsent(portId, tier);
        }

        @Override
        public void sender(int flowId, long windowBytes, long creditBytes, long rateBps) {
            senderLog.putIfAbsent(flowId, logIndex);
        }

        @Override
        public void receiver(int flowId, long deliveredBytes) {
            receiverLog.putIfAbsent(flowId, logIndex);
        }
    }

    /**
     * Puts each sampled value at its tick, then carries it forward to the ticks until the next sample (a sample
     * stands until the element's next one).
     */
    private abstract static class Fill extends NoRows {
        final int points;
        final long intervalPs;
        int tick;

        Fill(int points, long intervalPs) {
            this.points = points;
            this.intervalPs = intervalPs;
        }

        @Override
        public void at(long tickPs) {
            tick = (int) Math.min(points, tickPs / intervalPs);
        }

        /** Puts {@code value} at the current tick of {@code series} and notes the tick in {@code seen}. */
        void set(long[] series, boolean[] seen, long value) {
            if (tick < points) {
                series[tick] = value;
                seen[tick] = true;
            }
        }

        /** Carries every value forward over the ticks {@code seen} does not mark. */
        static void carry(boolean[] seen, long[]... series) {
            for (int t = 1; t < seen.length; t++) {
                if (!seen[t]) {
                    for (long[] s : series) {
                        s[t] = s[t - 1];
                    }
                }
            }
        }
    }

    private static final class PortFill extends Fill {
        private final String id;
        private final int tier;
        private final long[] queue;
        private final long[][] classQueue;
        private final long[] drops;
        private final long[] trims;
        private final long[] marks;
        private final long[] pauses;
        private final long[] bts;
        private final long[] naks;
        private final long[] tx;
        private final boolean[] seen;

        PortFill(String id, int tier, int points, int classes, long intervalPs) {
            super(points, intervalPs);
            this.id = id;
            this.tier = tier;
            queue = new long[points];
            classQueue = new long[classes][points];
            drops = new long[points];
            trims = new long[points];
            marks = new long[points];
            pauses = new long[points];
            bts = new long[points];
            naks = new long[points];
            tx = new long[points];
            seen = new boolean[points];
        }

        @Override
        public void port(String portId, int tier, long queueBytes, long drops, long trims, long ecnMarks,
                         long pauseFrames, long btsNotices, long rnrNaks, long txBytes) {
            if (!portId.equals(id)) {
                return;
            }
            set(queue, seen, queueBytes);
            set(this.drops, seen, drops);
            set(this.trims, seen, trims);
            set(marks, seen, ecnMarks);
            set(pauses, seen, pauseFrames);
            set(bts, seen, btsNotices);
            set(naks, seen, rnrNaks);
            set(tx, seen, txBytes);
        }

        @Override
        public void classQueue(String portId, int trafficClass, long queueBytes) {
            if (portId.equals(id)) {
                set(classQueue[trafficClass], seen, queueBytes);
            }
        }

        PortSeries build() {
            carry(seen, queue, drops, trims, marks, pauses, bts, naks, tx);
            carry(seen, classQueue);
            return new PortSeries(id, tier, queue, classQueue, drops, trims, marks, pauses, bts, naks, tx);
        }
    }

    /** One element's delivered total at every tick (0 before its first sample, or for an element without one). */
    private static final class DeliveredFill extends Fill {
        private final long[] delivered;
        private final boolean[] seen;

        DeliveredFill(int points, long intervalPs) {
            super(points, intervalPs);
            delivered = new long[points];
            seen = new boolean[points];
        }

        @Override
        public void delivered(long totalBytes) {
            set(delivered, seen, totalBytes);
        }

        long[] build() {
            carry(seen, delivered);
            return delivered;
        }
    }

    private static final class FlowFill extends Fill {
        private final int flowId;
        private final long[] delivered;
        private final long[] window;
        private final long[] credit;
        private final long[] rate;
        private final long[] rtt;
        private final long[] rttBytes;
        private final boolean[] sentSeen;
        private final boolean[] receivedSeen;

        FlowFill(int flowId, int points, long intervalPs) {
            super(points, intervalPs);
            this.flowId = flowId;
            delivered = new long[points];
            window = new long[points];
            credit = new long[points];
            rate = new long[points];
            rtt = new long[points];
            rttBytes = new long[points];
            Arrays.fill(rtt, -1);
            Arrays.fill(window, -1);
            Arrays.fill(credit, -1);
            Arrays.fill(rate, -1);
            sentSeen = new boolean[points];
            receivedSeen = new boolean[points];
        }

        @Override
        public void sender(int flowId, long windowBytes, long creditBytes, long rateBps) {
            if (flowId == this.flowId) {
                set(window, sentSeen, windowBytes);
                set(credit, sentSeen, creditBytes);
                set(rate, sentSeen, rateBps);
            }
        }

        @Override
        public void senderRtt(int flowId, long rttPs, int dataBytes) {
            if (flowId == this.flowId) {
                set(rtt, sentSeen, rttPs);
                set(rttBytes, sentSeen, dataBytes);
            }
        }

        @Override
        public void receiver(int flowId, long deliveredBytes) {
            if (flowId == this.flowId) {
                set(delivered, receivedSeen, deliveredBytes);
            }
        }

        /** @param idle the series, whose idle round trips give each RTT sample's queueing delay */
        FlowSeries build(TimeSeries idle) {
            carry(sentSeen, window, credit, rate, rtt, rttBytes);
            carry(receivedSeen, delivered);
            long[] queueing = new long[rtt.length];
            for (int i = 0; i < rtt.length; i++) {
                long baseRttPs = rtt[i] < 0 ? -1 : idle.unloadedRttPs(flowId, (int) rttBytes[i]);
                queueing[i] = baseRttPs < 0 ? -1 : rtt[i] - baseRttPs;
            }
            return new FlowSeries(flowId, delivered, window, credit, rate, rtt, queueing);
        }
    }
}
