package io.fabricemu.scenario.sizing;

import io.fabricemu.scenario.workload.FlowCounts;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.scenario.yaml.Units;
import io.fabricemu.topology.TopologySpec;

/**
 * Refuses a scenario whose run cannot be built, from its {@link FabricEstimate}, before anything is built: more
 * elements or flows than a run can number, or more heap than this JVM may use. The fabric ran out of memory
 * while it was built (a few seconds for an all-to-all among 46,340 hosts, 20 to 50 s for a k = 200 fat tree),
 * so the check must come first. Every refusal gives the estimate, at the topology's line, or at the workload's
 * when the flows are what does not fit.
 */
public final class FabricSizeCheck {
    private FabricSizeCheck() {
    }

    /** The topology alone, checked before the workload names its hosts. */
    public static void topology(Section topology, TopologySpec spec, HeapBudget budget) throws ScenarioException {
        check(topology, topology, FabricEstimate.ofTopology(spec), budget);
    }

    /** The whole scenario, from its estimate ({@link FabricEstimate#of}). */
    public static void scenario(Section topology, Section workload, FabricEstimate estimate, HeapBudget budget)
            throws ScenarioException {
        check(topology, workload, estimate, budget);
    }

    private static void check(Section topology, Section workload, FabricEstimate e, HeapBudget budget)
            throws ScenarioException {
        if (e.elements() > FabricEstimate.MAX_ELEMENTS) {
            throw topology.error("the fabric has " + e.describeElements() + ": a NIC per host, a port element per"
                    + " switch port and a link element each way of every cable; a run can number at most "
                    + Units.formatCount(FabricEstimate.MAX_ELEMENTS) + " elements, whatever the heap, and these would"
                    + " also need about " + bytes(e.heapBytes()) + " of it; make the fabric smaller");
        }
        if (e.flows() > FlowCounts.MAX_FLOWS) {
            throw workload.error("the workload has " + FabricEstimate.count(e.flows()) + " flows on "
                    + FabricEstimate.count(e.counts().hosts()) + " hosts; a run can number and list at most "
                    + Units.formatCount(FlowCounts.MAX_FLOWS) + " flows, whatever the heap, and these would also need"
                    + " about " + bytes(e.heapBytes()) + " of it with the fabric's " + e.describeElements()
                    + "; make the workload smaller");
        }
        long needed = e.bytesHeld(budget);
        if (needed > budget.maxHeapBytes()) {
            Section at = e.flowBytes() > e.heapBytes() - e.flowBytes() ? workload : topology;
            String what = e.flows() == 0 ? "the fabric's " + e.describeElements() + " alone"
                    : FabricEstimate.count(e.flows()) + " flows and " + e.describeElements();
            throw at.error(held(budget) + " about " + bytes(needed) + " of heap before the first packet moves, for "
                    + what + "; this JVM may use " + bytes(budget.maxHeapBytes()) + ". Give it at least " + xmx(needed)
                    + " (FABRIC_EMU_JAVA_OPTS=" + xmx(needed) + " bin/fabric-emu ...), or make the fabric or the"
                    + " workload smaller");
        }
    }

    private static String held(HeapBudget budget) {
        return budget.holdsAll() ? "the run needs"
                : "this JVM takes part in a run across JVMs and holds its topology, routes and flows:";
    }

    /**
     * A JVM option giving at least {@code bytes} of usable heap: a whole number of GiB a ninth above it, since a
     * JVM may use a little less than its -Xmx (the collector keeps a survivor space aside).
     */
    static String xmx(long bytes) {
        return "-Xmx" + ((bytes >> 30) * 10 / 9 + 1) + "g";
    }

    /** A heap size for a message: {@code 412.5 GiB}, or "more than ..." once saturated. */
    static String bytes(long n) {
        return n == Long.MAX_VALUE ? "more than " + Units.formatBytes(n - 1) : Units.formatBytes(n);
    }
}
