package io.fabricemu.scenario.workload;

import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * When a node of a Chakra trace is done, as a flow can wait for it ({@link io.fabricemu.fabric.FlowSpec}): once
 * the flows {@code flows} are received, then {@code gapPs}, and never before {@code floorPs}. A compute node
 * adds its duration to both; a node with several dependencies waits for all their flows, the longest of their
 * gaps and the latest floor: exact when they end in the same gap (a chain, or deps that all end in
 * communication), else a bound from above, as one flow can wait only one gap after all it waits for.
 */
final class ChakraReady {
    static final ChakraReady AT_START = new ChakraReady(new int[0], 0, 0);

    private final int[] flows;
    private final long gapPs;
    private final long floorPs;

    private ChakraReady(int[] flows, long gapPs, long floorPs) {
        this.flows = flows;
        this.gapPs = flows.length == 0 ? 0 : gapPs;
        this.floorPs = floorPs;
    }

    /** Done once {@code flows} are received. */
    static ChakraReady after(List<Integer> flowIndices, long floorPs) {
        return new ChakraReady(new TreeSet<>(flowIndices).stream().mapToInt(Integer::intValue).toArray(), 0,
                floorPs);
    }

    /** Done when all of {@code deps} are. */
    static ChakraReady all(List<ChakraReady> deps) {
        TreeSet<Integer> union = new TreeSet<>();
        long gap = 0;
        long floor = 0;
        for (ChakraReady d : deps) {
            for (int f : d.flows) {
                union.add(f);
            }
            gap = Math.max(gap, d.gapPs);
            floor = Math.max(floor, d.floorPs);
        }
        return new ChakraReady(union.stream().mapToInt(Integer::intValue).toArray(), gap, floor);
    }

    /** {@code durationPs} later. */
    ChakraReady plus(long durationPs) {
        return durationPs == 0 ? this : new ChakraReady(flows, Math.addExact(gapPs, durationPs),
                Math.addExact(floorPs, durationPs));
    }

    int[] flows() {
        return flows.clone();
    }

    long gapPs() {
        return gapPs;
    }

    long floorPs() {
        return floorPs;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ChakraReady r && Arrays.equals(flows, r.flows) && gapPs == r.gapPs
                && floorPs == r.floorPs;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(flows) + Long.hashCode(gapPs)) + Long.hashCode(floorPs);
    }

    @Override
    public String toString() {
        return "after " + Arrays.toString(flows) + " + " + gapPs + " ps, not before " + floorPs + " ps";
    }
}
