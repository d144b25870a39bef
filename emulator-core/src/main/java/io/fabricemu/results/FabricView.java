package io.fabricemu.results;

import io.fabricemu.report.LinkMark;
import io.fabricemu.report.Quantity;
import io.fabricemu.report.Ramp;
import io.fabricemu.report.TierPicture;
import io.fabricemu.stats.PortStats;
import io.fabricemu.time.Ps;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The report's picture of the fabric: the topology by tier, each link coloured by how busy its busier direction
 * was over the run (bytes sent over the line rate times the run's virtual time) and each egress port by its peak
 * queue as a fraction of the deepest peak of any port. Hosts are drawn up to {@value #MAX_HOSTS_DRAWN}; past that
 * they are left out and each edge switch is filled with the colour of its hottest host-facing port instead, so an
 * incast's hot downlink still shows. A link a fault took down or degraded is dashed ({@link FaultMarks#links}). A fabric with more than {@value #MAX_ROW} switches in one tier is not drawn.
 * A fat tree of more than {@value PodView#MIN_HOSTS} hosts is drawn by pod instead ({@link PodView}).
 */
final class FabricView {
    static final int MAX_HOSTS_DRAWN = 256;
    static final int MAX_ROW = 256;

    private FabricView() {
    }

    /** The picture, or null when the run has no fabric map or the fabric is too wide to draw. */
    static TierPicture of(RunResult r) {
        FabricMap map = r.fabricMap();
        if (map.isEmpty()) {
            return null;
        }
        Map<String, PortStats> ports = new HashMap<>();
        long deepest = 0;
        for (PortStats p : r.ports()) {
            ports.put(p.id(), p);
            deepest = Math.max(deepest, p.maxQueueBytes());
        }
        TierPicture byPod = PodView.of(r, ports, deepest);
        if (byPod != null) {
            return byPod;
        }
        int hosts = 0;
        for (FabricMap.Node n : map.nodes()) {
            hosts += n.tier() == 0 ? 1 : 0;
        }
        boolean drawHosts = hosts <= MAX_HOSTS_DRAWN;
        long[] hottestDownlink = new long[map.nodes().size()];
        Arrays.fill(hottestDownlink, -1);
        for (FabricMap.Link l : map.links()) {
            if (map.nodes().get(l.nodeA()).tier() == 0) {
                hottestDownlink[l.nodeB()] = Math.max(hottestDownlink[l.nodeB()], peak(ports, l.portB()));
            }
        }
        TierPicture picture = new TierPicture("fabric", "The fabric: links by utilisation, ports by peak queue");
        int[] index = new int[map.nodes().size()];
        for (int n = 0; n < map.nodes().size(); n++) {
            FabricMap.Node node = map.nodes().get(n);
            index[n] = -1;
            if (node.tier() == 0 && !drawHosts) {
                continue;
            }
            boolean filled = !drawHosts && hottestDownlink[n] >= 0;
            String fill = filled ? Ramp.heat(fraction(hottestDownlink[n], deepest))
                    : node.tier() == 0 ? "#f4f4f4" : "#ffffff";
            String hover = node.name() + (filled ? ": hottest host-facing port's peak queue "
                    + bytes(hottestDownlink[n]) : "");
            index[n] = picture.node(node.tier(), node.name(), fill, hover);
        }
        if (picture.widestRow() > MAX_ROW) {
            return null;
        }
        LinkMark[] marks = FaultMarks.links(r.faults(), map, r.virtualEndPs());
        for (int c = 0; c < map.links().size(); c++) {
            FabricMap.Link l = map.links().get(c);
            if (index[l.nodeA()] < 0 || index[l.nodeB()] < 0) {
                continue;
            }
            String a = map.nodes().get(l.nodeA()).name();
            String b = map.nodes().get(l.nodeB()).name();
            double up = utilisation(ports, l.portA(), l.rateBps(), r.virtualEndPs());
            double down = utilisation(ports, l.portB(), l.rateBps(), r.virtualEndPs());
            String hover = String.format(Locale.ROOT, "%s - %s, %s: %s to %s %.1f%%, %s to %s %.1f%%", a, b,
                    Quantity.RATE.show(l.rateBps()), a, b, 100 * up, b, a, 100 * down)
                    + FaultMarks.about(r.faults(), c);
            picture.link(index[l.nodeA()], index[l.nodeB()], Math.max(up, down), hover,
                    fraction(peak(ports, l.portA()), deepest), portHover(ports, l.portA(), b),
                    fraction(peak(ports, l.portB()), deepest), portHover(ports, l.portB(), a), marks[c]);
        }
        return picture.legendTops("100%", bytes(deepest));
    }

    /** A sentence under the picture: how to read it, and what was left out. */
    static String note(RunResult r) {
        FabricMap map = r.fabricMap();
        long hosts = map.nodes().stream().filter(n -> n.tier() == 0).count();
        String base = "Utilisation is each direction's bytes sent (headers included) over its line rate for the "
                + Ps.format(r.virtualEndPs()) + " the run lasted; a link shows its busier direction. Each dot is an egress"
                + " port, near the node it belongs to; grey means nothing ever queued there. Hover over a link, a"
                + " port or a switch for its figures.";
        if (!r.faults().isEmpty()) {
            base += " A link dashed red was down at some moment of the run (a fault); dashed orange, it ran degraded"
                    + " (a lower rate, or losing or corrupting packets); its hover names the faults.";
        }
        FabricPods pods = hosts > PodView.MIN_HOSTS ? FabricPods.of(map) : null;
        if (pods != null) {
            return base + " The " + hosts + " hosts are drawn by pod (more than " + PodView.MIN_HOSTS + "): "
                    + pods.pods().size() + " pods, each a box filled with its hottest host-facing port's colour, and "
                    + pods.coreGroups().size() + " core groups; a line stands for all the cables between a pod and a"
                    + " core group, wider the more there are, coloured by their bytes over their summed line rates;"
                    + " its dots show the hottest egress port at each end.";
        }
        if (hosts > MAX_HOSTS_DRAWN) {
            base += " The " + hosts + " hosts are left out (more than " + MAX_HOSTS_DRAWN + "); each edge switch is"
                    + " filled with its hottest host-facing port's colour.";
        }
        return base;
    }

    private static long peak(Map<String, PortStats> ports, String id) {
        PortStats p = ports.get(id);
        return p == null ? 0 : p.maxQueueBytes();
    }

    private static double fraction(long value, long of) {
        return of <= 0 ? 0 : (double) value / of;
    }

    /** Bytes sent by port {@code id} over what its line could carry in {@code durationPs}; 0 for no time. */
    static double utilisation(Map<String, PortStats> ports, String id, long rateBps, long durationPs) {
        PortStats p = ports.get(id);
        if (p == null || durationPs <= 0) {
            return 0;
        }
        return p.txBytes() * 8.0 / (rateBps * (durationPs / 1e12));
    }

    private static String portHover(Map<String, PortStats> ports, String id, String toward) {
        PortStats p = ports.get(id);
        if (p == null) {
            return id + " (toward " + toward + "): not reported";
        }
        return id + " (toward " + toward + "): peak queue " + bytes(p.maxQueueBytes()) + ", " + p.drops()
                + " drops, " + p.trims() + " trims, " + p.ecnMarks() + " ECN marks";
    }

    static String bytes(long b) {
        return Quantity.BYTES.show(b);
    }
}
