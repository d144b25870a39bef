package io.fabricemu.scenario.sizing;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import io.fabricemu.topology.FabricCounts;

/**
 * How the byte costs of {@link FabricEstimate} were measured: run with a large heap and the launcher's collector,
 * <pre>
 *   java -XX:+UseParallelGC -Xmx12g -cp CLASSPATH io.fabricemu.scenario.sizing.MeasureHeapCosts [NAMES]
 * </pre>
 * it builds and starts every fabric below ({@link StartHeap}) and prints one CSV row each: the counts the
 * estimate uses, the estimate (less its base) and the heap measured, prepared and started; first the base, the
 * heap in use with the actor system running and no fabric. The figures in {@link FabricEstimate} are a
 * least-squares fit of those rows. NAMES, a regular expression, keeps only the rows whose whole name it
 * matches. Not a test itself: all rows take a minute and 4 GB of heap ({@code FabricEstimateTest} runs a few).
 */
final class MeasureHeapCosts {
    private MeasureHeapCosts() {
    }

    public static void main(String[] args) {
        String names = args.length > 0 ? args[0] : ".*";
        ActorTestKit testKit = StartHeap.testKit();
        System.out.println("name,hosts,switches,cables,switchPorts,elements,edgeSwitches,routeEntries,flows,"
                + "uetPackets,estimate,prepared,started");
        try {
            // a first, small fabric loads the classes every row needs; then the heap an empty run holds
            StartHeap.measure(testKit, leafSpine(2, 2, 1, "incast1", ""));
            System.out.println("baseline," + StartHeap.usedAfterGc());
            for (String[] c : cases()) {
                if (c[0].matches(names)) {
                    row(testKit, c[0], c[1]);
                }
            }
        } finally {
            testKit.shutdownTestKit();
        }
    }

    /** The counts are the spec's, which FabricCountsTest checks against built topologies. */
    private static void row(ActorTestKit testKit, String name, String yaml) {
        StartHeap.Measured m = StartHeap.measure(testKit, yaml);
        FabricCounts c = m.prepared().scenario().topology().counts();
        FabricEstimate e = m.prepared().scenario().estimate();
        System.out.printf("%s,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d%n", name, c.hosts(), c.switches(), c.cables(),
                c.switchPorts(), e.elements(), c.edgeSwitches(), c.routeEntries(), e.flows(), e.uetPackets(),
                e.heapBytes() - FabricEstimate.BASE_BYTES, m.preparedBytes(), m.startedBytes());
    }

    private static String[][] cases() {
        return new String[][] {
                {"ls-4x32x4", leafSpine(4, 32, 4, "incast1", "")},
                {"ls-8x64x8", leafSpine(8, 64, 8, "incast1", "")},
                {"ls-16x64x16", leafSpine(16, 64, 16, "incast1", "")},
                {"ls-32x64x16", leafSpine(32, 64, 16, "incast1", "")},
                {"ls-64x32x32", leafSpine(64, 32, 32, "incast1", "")},
                {"ls-256x4x4", leafSpine(256, 4, 4, "incast1", "")},
                {"ls-1024x2x2", leafSpine(1024, 2, 2, "incast1", "")},
                {"ring-256", ring(256, 1, "incast1", "")},
                {"ring-1024", ring(1024, 1, "incast1", "")},
                {"ring-2048", ring(2048, 2, "incast1", "")},
                {"ft-8", fatTree(8, "incast1", "")},
                {"ft-16", fatTree(16, "incast1", "")},
                {"ft-24", fatTree(24, "incast1", "")},
                {"ft-32", fatTree(32, "incast1", "")},
                {"a2a-2x64", leafSpine(2, 64, 2, "all-to-all", "")},
                {"a2a-4x64", leafSpine(4, 64, 4, "all-to-all", "")},
                {"a2a-8x64", leafSpine(8, 64, 4, "all-to-all", "")},
                {"perm-ft-16", fatTree(16, "permutation", "")},
                {"perm-ft-32", fatTree(32, "permutation", "")},
                {"nosample-ls-16x64x16", leafSpine(16, 64, 16, "incast1", "sampling: {interval: off}\n")},
                {"nosample-a2a-4x64", leafSpine(4, 64, 4, "all-to-all", "sampling: {interval: off}\n")},
                {"uet-ls-16x64x16", leafSpine(16, 64, 16, "incast1", UET)},
                {"uet-a2a-4x64", leafSpine(4, 64, 4, "all-to-all", UET)},
                {"uet-a2a-4x64-16MiB", leafSpine(4, 64, 4, "all-to-all", UET).replace("bytes: 64KiB", "bytes: 16MiB")},
                {"uet-perm-ft-16", fatTree(16, "permutation", UET)},
                {"roce-ls-16x64x16", leafSpine(16, 64, 16, "incast1", ROCE)},
                {"roce-a2a-4x64", leafSpine(4, 64, 4, "all-to-all", ROCE)},
                {"uet-ls-32x64x16", leafSpine(32, 64, 16, "incast1", UET)},
                {"uet-a2a-2x64", leafSpine(2, 64, 2, "all-to-all", UET)},
                {"uet-a2a-8x64", leafSpine(8, 64, 4, "all-to-all", UET)},
                {"uet-a2a-4x64-1MiB", leafSpine(4, 64, 4, "all-to-all", UET).replace("bytes: 64KiB", "bytes: 1MiB")},
                {"uet-perm-ft-32", fatTree(32, "permutation", UET)},
                {"uet-rccc-a2a-4x64", leafSpine(4, 64, 4, "all-to-all", UET.replace("nscc", "rccc"))},
                {"pfc-pool-ft-16", fatTree(16, "permutation", "switch: {sharedBuffer: 4MiB, pfc: {classes: [0]}}\n")},
                {"rail-2x4x8x8", "name: rail\ntopology:\n  kind: rail-optimised\n  pods: 2\n  segmentsPerPod: 4\n"
                        + "  nodesPerSegment: 8\n  gpusPerNode: 8\n  spinesPerPod: 8\n  superSpines: 8\n"
                        + "  hostLink: {rate: 100Gbps, delay: 500ns}\n  fabricLink: {rate: 100Gbps, delay: 500ns}\n"
                        + "  superLink: {rate: 100Gbps, delay: 500ns}\n" + workload("permutation")},
        };
    }

    private static final String UET = "transport: {cc: nscc, loadBalancing: reps}\nswitch: {trimming: true}\n";
    private static final String ROCE = "transport: {cc: dcqcn}\n";

    private static String leafSpine(int leaves, int hostsPerLeaf, int spines, String workload, String extra) {
        return "name: ls\ntopology:\n  kind: leaf-spine\n  leaves: " + leaves + "\n  hostsPerLeaf: " + hostsPerLeaf
                + "\n  spines: " + spines + "\n  hostLink: {rate: 100Gbps, delay: 500ns}\n"
                + "  fabricLink: {rate: 100Gbps, delay: 500ns}\n" + workload(workload) + extra;
    }

    private static String fatTree(int k, String workload, String extra) {
        return "name: ft\ntopology:\n  kind: fat-tree\n  k: " + k + "\n  hostLink: {rate: 100Gbps, delay: 500ns}\n"
                + "  aggLink: {rate: 100Gbps, delay: 500ns}\n  coreLink: {rate: 100Gbps, delay: 500ns}\n"
                + workload(workload) + extra;
    }

    private static String ring(int switches, int hostsPerSwitch, String workload, String extra) {
        return "name: ring\ntopology:\n  kind: ring\n  switches: " + switches + "\n  hostsPerSwitch: " + hostsPerSwitch
                + "\n  hostLink: {rate: 100Gbps, delay: 500ns}\n  ringLink: {rate: 100Gbps, delay: 500ns}\n"
                + workload(workload) + extra;
    }

    private static String workload(String kind) {
        if (kind.equals("incast1")) {
            return "workload: {kind: incast, receiver: 0, senders: 1, bytes: 64KiB}\n";
        }
        return "workload: {kind: " + kind + ", bytes: 64KiB}\n";
    }
}
