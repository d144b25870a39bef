package io.fabricemu.results;

import io.fabricemu.report.LinkMark;
import io.fabricemu.report.Quantity;
import io.fabricemu.report.Ramp;
import io.fabricemu.report.TierPicture;
import io.fabricemu.stats.PortStats;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The report's picture of a fat tree of more than {@value #MIN_HOSTS} hosts, by pod ({@link FabricPods}): a box per
 * pod (filled with the colour of its hottest host-facing port's peak queue, as an edge switch is when hosts are left
 * out), a box per core group, and one line per pod and core group standing for all the cables between them, wider
 * the more cables it bundles, coloured by the bundle's utilisation (its busier direction: bytes sent over the sum of
 * its cables' line rates for the run), with a dot at each end for the bundle's hottest egress port there. A bundle
 * holding a cable a fault touched is dashed as that cable would be (down before degraded).
 */
final class PodView {
    /** Fat trees of more hosts than this are drawn by pod. */
    static final int MIN_HOSTS = 64;

    private PodView() {
    }

    /** The picture by pod, or null when the fabric is small enough to draw whole or has no pods. */
    static TierPicture of(RunResult r, Map<String, PortStats> ports, long deepest) {
        FabricMap map = r.fabricMap();
        long hosts = map.nodes().stream().filter(n -> n.tier() == 0).count();
        FabricPods pods = hosts > MIN_HOSTS ? FabricPods.of(map) : null;
        if (pods == null) {
            return null;
        }
        TierPicture picture = new TierPicture("fabric", "The fabric by pod: bundles by utilisation, ports by peak queue")
                .rowLabel(1, "pods").rowLabel(2, "core groups");
        for (int p = 0; p < pods.pods().size(); p++) {
            long hottest = hottestHostFacing(map, ports, pods, p);
            picture.node(1, "pod " + p, hottest >= 0 ? Ramp.heat(fraction(hottest, deepest)) : "#ffffff",
                    podHover(map, pods, p, hottest));
        }
        for (int g = 0; g < pods.coreGroups().size(); g++) {
            List<Integer> cores = pods.coreGroups().get(g).switches();
            picture.node(2, "cores " + g, "#ffffff", "core group " + g + ": " + cores.size() + " core switches ("
                    + range(map, cores) + ")");
        }
        LinkMark[] marks = FaultMarks.links(r.faults(), map, r.virtualEndPs());
        int podCount = pods.pods().size();
        for (FabricPods.Bundle b : pods.bundles()) {
            long capacityBps = 0;
            long upBytes = 0;
            long downBytes = 0;
            LinkMark mark = LinkMark.NONE;
            for (int c : b.links()) {
                FabricMap.Link l = map.links().get(c);
                capacityBps += l.rateBps();
                upBytes += tx(ports, l.portA());
                downBytes += tx(ports, l.portB());
                mark = marks[c].compareTo(mark) > 0 ? marks[c] : mark;
            }
            double up = utilisation(upBytes, capacityBps, r.virtualEndPs());
            double down = utilisation(downBytes, capacityBps, r.virtualEndPs());
            int cables = b.links().size();
            String hover = String.format(Locale.ROOT, "pod %d - core group %d: %d cables, %s in all: up %.1f%%,"
                    + " down %.1f%%", b.pod(), b.core(), cables, Quantity.RATE.show(capacityBps), 100 * up, 100 * down);
            double width = Math.min(8, 2 + Math.log(cables) / Math.log(2));
            picture.bundle(b.pod(), podCount + b.core(), width, Math.max(up, down), hover,
                    fraction(end(map, ports, b, true).peak, deepest),
                    end(map, ports, b, true).describe("pod " + b.pod() + " toward core group " + b.core()),
                    fraction(end(map, ports, b, false).peak, deepest),
                    end(map, ports, b, false).describe("core group " + b.core() + " toward pod " + b.pod()), mark);
        }
        return picture.legendTops("100%", FabricView.bytes(deepest));
    }

    /** What a bundle's egress ports at one end did, added up (the peak queue: the hottest one's). */
    private record End(int ports, long peak, long drops, long trims, long marks) {
        String describe(String where) {
            return where + ": " + ports + " ports, hottest peak queue " + FabricView.bytes(peak) + "; " + drops
                    + " drops, " + trims + " trims, " + marks + " ECN marks in all";
        }
    }

    private static End end(FabricMap map, Map<String, PortStats> ports, FabricPods.Bundle b, boolean podSide) {
        long peak = 0;
        long drops = 0;
        long trims = 0;
        long marks = 0;
        for (int c : b.links()) {
            FabricMap.Link l = map.links().get(c);
            PortStats p = ports.get(podSide ? l.portA() : l.portB());
            if (p != null) {
                peak = Math.max(peak, p.maxQueueBytes());
                drops += p.drops();
                trims += p.trims();
                marks += p.ecnMarks();
            }
        }
        return new End(b.links().size(), peak, drops, trims, marks);
    }

    /** The deepest peak queue of the ports from pod {@code pod}'s switches down to its hosts, -1 without hosts. */
    private static long hottestHostFacing(FabricMap map, Map<String, PortStats> ports, FabricPods pods, int pod) {
        long hottest = -1;
        for (FabricMap.Link l : map.links()) {
            if (map.nodes().get(l.nodeA()).tier() == 0 && pods.podOf()[l.nodeB()] == pod) {
                PortStats p = ports.get(l.portB());
                hottest = Math.max(hottest, p == null ? 0 : p.maxQueueBytes());
            }
        }
        return hottest;
    }

    private static String podHover(FabricMap map, FabricPods pods, int pod, long hottest) {
        List<Integer> switches = pods.pods().get(pod).switches();
        long edge = switches.stream().filter(s -> map.nodes().get(s).tier() == 1).count();
        return "pod " + pod + ": " + edge + " edge and " + (switches.size() - edge) + " aggregation switches ("
                + range(map, switches) + "), " + pods.pods().get(pod).hosts() + " hosts"
                + (hottest >= 0 ? "; hottest host-facing port's peak queue " + FabricView.bytes(hottest) : "");
    }

    private static String range(FabricMap map, List<Integer> nodes) {
        String first = map.nodes().get(nodes.get(0)).name();
        return nodes.size() == 1 ? first : first + " to " + map.nodes().get(nodes.get(nodes.size() - 1)).name();
    }

    private static long tx(Map<String, PortStats> ports, String id) {
        PortStats p = ports.get(id);
        return p == null ? 0 : p.txBytes();
    }

    private static double utilisation(long bytes, long capacityBps, long durationPs) {
        return capacityBps <= 0 || durationPs <= 0 ? 0 : bytes * 8.0 / (capacityBps * (durationPs / 1e12));
    }

    private static double fraction(long value, long of) {
        return of <= 0 ? 0 : (double) value / of;
    }
}
