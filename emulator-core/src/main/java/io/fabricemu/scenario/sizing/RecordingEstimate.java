package io.fabricemu.scenario.sizing;

import io.fabricemu.engine.Sampling;
import io.fabricemu.scenario.yaml.Units;
import io.fabricemu.topology.FabricCounts;

/**
 * The most memory a run's recording (its {@code sampling} section) takes by the end of the run, by arithmetic on
 * the fabric and the choice of flows: every port records its state whole (the heat map draws them all), the flows
 * recorded one by one add theirs, and no run keeps more than {@code maxPoints} ticks ({@link Sampling}: the grid
 * coarsens instead). The heap estimate ({@link FabricEstimate}) counts only the empty logs a run starts with; this
 * is what they can grow to, at most: a port or flow that handles nothing between two ticks writes nothing.
 *
 * <p>Row widths are those of {@code engine.SampleLog}, in longs of 8 bytes: per element and tick a two-long sample
 * header, per port a nine-long row and a three-long row per traffic class holding bytes, per recorded flow a
 * sender row of four longs, its round trip and the size of the packet it timed (three) and its receiver's row (two),
 * per NIC a two-long delivered total.
 *
 * @param ports     ports recorded (every cable has one at each end)
 * @param flows     flows recorded one by one
 * @param ticks     the most ticks kept
 * @param maxBytes  the most bytes the samples take at the end of the run
 */
public record RecordingEstimate(long ports, long flows, long ticks, long maxBytes) {
    static final long LONG_BYTES = 8;
    static final long HEADER_LONGS = 2;
    static final long PORT_LONGS = 9;
    static final long CLASS_LONGS = 3;
    static final long FLOW_LONGS = 4 + 3 + 2;
    static final long DELIVERED_LONGS = 2;

    /** Nothing is recorded ({@code sampling: {interval: off}}). */
    public static final RecordingEstimate OFF = new RecordingEstimate(0, 0, 0, 0);

    /**
     * @param sampling       the run's sampling, its flow choice made ({@link Sampling#keeping})
     * @param counts         the fabric's counts
     * @param flowCount      the run's flows
     * @param trafficClasses the switches' traffic classes
     */
    public static RecordingEstimate of(Sampling sampling, FabricCounts counts, long flowCount, int trafficClasses) {
        if (!sampling.enabled()) {
            return OFF;
        }
        long ports = FabricCounts.times(2, counts.cables());
        long flows = sampling.chosen() ? sampling.keptFlows().length : Math.min(flowCount, Sampling.SAMPLED_FLOWS);
        long ticks = sampling.maxPoints() + 1L;
        long elements = FabricCounts.plus(counts.switchPorts(), counts.hosts());
        long longsPerTick = FabricCounts.plus(FabricCounts.plus(
                FabricCounts.times(ports, PORT_LONGS + CLASS_LONGS * trafficClasses),
                FabricCounts.times(elements, HEADER_LONGS)),
                FabricCounts.plus(FabricCounts.times(flows, FLOW_LONGS),
                        FabricCounts.times(counts.hosts(), DELIVERED_LONGS)));
        return new RecordingEstimate(ports, flows, ticks,
                FabricCounts.times(FabricCounts.times(longsPerTick, ticks), LONG_BYTES));
    }

    /** E.g. {@code recording 40 ports and 7 flows on at most 201 ticks: at most 1.015 MiB}. */
    public String describe() {
        if (ticks == 0) {
            return "recording off";
        }
        return "recording " + FabricEstimate.count(ports) + " ports and " + FabricEstimate.count(flows)
                + " flows on at most " + FabricEstimate.count(ticks) + " ticks: at most "
                + Units.formatBytes(maxBytes);
    }
}
