package io.fabricemu.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/**
 * A layered network drawing: nodes in rows by tier (the highest tier on top), links as straight lines between them
 * coloured by {@link Ramp#load}, and on each link a dot near each end for the egress port there, coloured by
 * {@link Ramp#heat} and larger the hotter it is, the hottest drawn on top. Nodes keep the order they were added in within their row. Every link and every dot carries a
 * {@code <title>} with its figures, so hovering over the hot spot names it. Links are {@code path.data}, as a
 * line chart's lines are, so a browser check measures them the same way. A link a fault touched is dashed
 * ({@link LinkMark}), with a legend of its own.
 */
public final class TierPicture implements Figure {
    static final int ROW_GAP_PX = 96;
    private static final int LEFT = 84;
    private static final int RIGHT = 24;
    private static final int TOP = 44;
    private static final int BOTTOM = 70;
    private static final double PORT_AT = 0.2;
    private static final double LABEL_CHAR_PX = 5.2;
    /** A link within a row is drawn as an arc of this many straight segments, rising at most this high. */
    private static final int ARC_SEGMENTS = 12;
    private static final double ARC_MAX_PX = 40;
    /** How much larger than the others the hottest port's dot is drawn: 1 + this, in radius. */
    private static final double HOT_GROWTH = 1.2;

    private final String id;
    private final String title;
    private String loadTop = "100%";
    private String heatTop = "";
    private final List<Node> nodes = new ArrayList<>();
    private final List<Edge> edges = new ArrayList<>();
    /** Row labels other than {@code tier N} / {@code hosts}, by tier. */
    private final TreeMap<Integer, String> rowLabels = new TreeMap<>();

    /** A node: its row, its label (drawn when it fits in the node's box), its fill and its hover text. */
    private record Node(int tier, String label, String fill, String hover) {
    }

    /** A link between two nodes, and the port at each end. */
    private record Edge(int a, int b, double load, String hover, double heatA, String portAHover, double heatB,
                        String portBHover, LinkMark mark, double widthPx) {
    }

    /** A port's dot, placed. */
    private record Dot(double x, double y, double heat, String hover) {
    }

    public TierPicture(String id, String title) {
        this.id = id;
        this.title = title;
    }

    /** What the top of each legend bar stands for: the link ramp's (e.g. "100%") and the port ramp's ("1.05 MB"). */
    public TierPicture legendTops(String load, String heat) {
        this.loadTop = load;
        this.heatTop = heat;
        return this;
    }

    /** Adds a node to row {@code tier}; returns its index for {@link #link}. */
    public int node(int tier, String label, String fill, String hover) {
        nodes.add(new Node(tier, label, fill, hover));
        return nodes.size() - 1;
    }

    /**
     * A link from node {@code a} (lower tier) to node {@code b}: {@code load} places it on {@link Ramp#load}, and
     * {@code heatA}, {@code heatB} place the egress port at each end on {@link Ramp#heat} (all from 0 to 1).
     */
    public TierPicture link(int a, int b, double load, String hover, double heatA, String portAHover, double heatB,
                            String portBHover) {
        return link(a, b, load, hover, heatA, portAHover, heatB, portBHover, LinkMark.NONE);
    }

    /** As above, drawn as {@code mark} says when a fault touched the link. */
    public TierPicture link(int a, int b, double load, String hover, double heatA, String portAHover, double heatB,
                            String portBHover, LinkMark mark) {
        edges.add(new Edge(a, b, load, hover, heatA, portAHover, heatB, portBHover, mark, 2));
        return this;
    }

    /**
     * A link standing for a bundle of cables, drawn {@code widthPx} wide (a single cable is 2 px), as
     * {@link #link(int, int, double, String, double, String, double, String, LinkMark)} otherwise.
     */
    public TierPicture bundle(int a, int b, double widthPx, double load, String hover, double heatA, String portAHover,
                              double heatB, String portBHover, LinkMark mark) {
        edges.add(new Edge(a, b, load, hover, heatA, portAHover, heatB, portBHover, mark, widthPx));
        return this;
    }

    /** Labels row {@code tier} {@code label} instead of {@code tier N}. */
    public TierPicture rowLabel(int tier, String label) {
        rowLabels.put(tier, label);
        return this;
    }

    /** The widest row, in nodes. */
    public int widestRow() {
        TreeMap<Integer, Integer> perTier = new TreeMap<>();
        for (Node n : nodes) {
            perTier.merge(n.tier, 1, Integer::sum);
        }
        return perTier.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    @Override
    public String svg() {
        TreeMap<Integer, List<Integer>> rows = new TreeMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            rows.computeIfAbsent(nodes.get(i).tier, t -> new ArrayList<>()).add(i);
        }
        double left = LEFT;
        double right = LineChart.WIDTH - RIGHT;
        double[] cx = new double[nodes.size()];
        double[] cy = new double[nodes.size()];
        double[] halfWidth = new double[nodes.size()];
        boolean sameTierLinks = false;
        for (Edge e : edges) {
            sameTierLinks |= nodes.get(e.a).tier == nodes.get(e.b).tier;
        }
        // Links within a row (a ring) arc above it, so the top row needs room for its arcs.
        double top = TOP + (sameTierLinks ? ARC_MAX_PX : 0);
        int row = 0;
        for (List<Integer> members : rows.descendingMap().values()) {
            double slot = (right - left) / members.size();
            for (int k = 0; k < members.size(); k++) {
                int n = members.get(k);
                cx[n] = left + slot * (k + 0.5);
                cy[n] = top + 10 + row * ROW_GAP_PX;
                halfWidth[n] = Math.max(1, Math.min(28, slot * 0.4));
            }
            row++;
        }
        int height = (int) top + 20 + Math.max(0, rows.size() - 1) * ROW_GAP_PX + BOTTOM;
        StringBuilder out = new StringBuilder();
        SvgFrame.open(out, id, height, title);
        out.append("<g class=\"axes\" font-size=\"11\" fill=\"#444444\">\n");
        row = 0;
        for (int tier : rows.descendingKeySet()) {
            out.append("<text x=\"8\" y=\"").append(LineChart.f(top + 14 + row * ROW_GAP_PX)).append("\">")
                    .append(Html.escape(rowLabels.getOrDefault(tier, tier == 0 ? "hosts" : "tier " + tier)))
                    .append("</text>\n");
            row++;
        }
        out.append("</g>\n<g class=\"lines\" fill=\"none\">\n");
        double portRadius = 3.5;
        for (List<Integer> members : rows.values()) {
            portRadius = Math.min(portRadius, Math.max(1.2, (right - left) / members.size() / 6));
        }
        for (Edge e : edges) {
            int steps = nodes.get(e.a).tier == nodes.get(e.b).tier ? ARC_SEGMENTS : 1;
            if (e.mark == LinkMark.NONE) {
                out.append("<path class=\"data\" stroke=\"").append(Ramp.load(e.load)).append("\" stroke-width=\"")
                        .append(e.widthPx == 2 ? "2" : LineChart.f(e.widthPx)).append("\" d=\"");
            } else {
                out.append("<path class=\"data\" data-link-mark=\"").append(e.mark.name().toLowerCase(Locale.ROOT))
                        .append("\" stroke=\"").append(e.mark.colour())
                        .append("\" stroke-width=\"2.5\" stroke-dasharray=\"6 3\" d=\"");
            }
            for (int i = 0; i <= steps; i++) {
                double[] p = along(e, (double) i / steps, cx, cy);
                out.append(i == 0 ? 'M' : 'L').append(LineChart.f(p[0])).append(' ').append(LineChart.f(p[1]));
            }
            out.append("\"><title>").append(Html.escape(e.hover)).append("</title></path>\n");
        }
        List<Dot> dots = new ArrayList<>(2 * edges.size());
        for (Edge e : edges) {
            double[] a = along(e, PORT_AT, cx, cy);
            double[] b = along(e, 1 - PORT_AT, cx, cy);
            dots.add(new Dot(a[0], a[1], e.heatA, e.portAHover));
            dots.add(new Dot(b[0], b[1], e.heatB, e.portBHover));
        }
        // The hottest last, so on top where dots crowd, and larger: the hot spot stays in sight on a wide fabric.
        dots.sort(Comparator.comparingDouble(Dot::heat));
        for (Dot d : dots) {
            dot(out, d.x, d.y, portRadius * (1 + HOT_GROWTH * Math.min(1, d.heat)), Ramp.heat(d.heat), d.hover);
        }
        for (int n = 0; n < nodes.size(); n++) {
            Node node = nodes.get(n);
            out.append("<rect x=\"").append(LineChart.f(cx[n] - halfWidth[n])).append("\" y=\"")
                    .append(LineChart.f(cy[n] - 7)).append("\" width=\"").append(LineChart.f(2 * halfWidth[n]))
                    .append("\" height=\"14\" rx=\"2\" fill=\"").append(node.fill).append("\" stroke=\"#555555\""
                            + " stroke-width=\"0.8\"><title>").append(Html.escape(node.hover)).append("</title></rect>\n");
            if (!node.label.isEmpty() && node.label.length() * LABEL_CHAR_PX <= 2 * halfWidth[n]) {
                out.append("<text x=\"").append(LineChart.f(cx[n])).append("\" y=\"").append(LineChart.f(cy[n] + 3.5))
                        .append("\" font-size=\"9\" text-anchor=\"middle\" fill=\"#222222\">")
                        .append(Html.escape(node.label)).append("</text>\n");
            }
        }
        out.append("</g>\n");
        double legendY = height - BOTTOM + 34;
        out.append(Ramp.legend(false, left, legendY, 200, "link utilisation (busier direction)", loadTop));
        out.append(Ramp.legend(true, left + 280, legendY, 200, "egress port's peak queue", heatTop));
        markLegend(out, left + 560, legendY);
        out.append("</svg>\n");
        return out.toString();
    }

    /** The legend of the marks of links faults touched, when any link has one. */
    private void markLegend(StringBuilder out, double x, double y) {
        double row = y - 5;
        for (LinkMark m : new LinkMark[] {LinkMark.DOWN, LinkMark.DEGRADED}) {
            if (edges.stream().noneMatch(e -> e.mark == m)) {
                continue;
            }
            out.append("<line x1=\"").append(LineChart.f(x)).append("\" y1=\"").append(LineChart.f(row - 4))
                    .append("\" x2=\"").append(LineChart.f(x + 24)).append("\" y2=\"").append(LineChart.f(row - 4))
                    .append("\" stroke=\"").append(m.colour()).append("\" stroke-width=\"2.5\" stroke-dasharray=\"6 3\"/>\n");
            out.append("<text x=\"").append(LineChart.f(x + 30)).append("\" y=\"").append(LineChart.f(row))
                    .append("\" font-size=\"11\">").append(m == LinkMark.DOWN ? "link down (fault)"
                            : "link degraded (fault)").append("</text>\n");
            row += 16;
        }
    }

    /**
     * The point at fraction {@code t} of link {@code e} from its node {@code a}: on the straight line from the top of
     * {@code a}'s box to the bottom of {@code b}'s, or, for two nodes of one row, on an arc above the row, higher the
     * farther apart they are (at most {@link #ARC_MAX_PX}).
     */
    private double[] along(Edge e, double t, double[] cx, double[] cy) {
        double ax = cx[e.a];
        double bx = cx[e.b];
        if (nodes.get(e.a).tier == nodes.get(e.b).tier) {
            double rise = Math.min(ARC_MAX_PX, 10 + 0.12 * Math.abs(bx - ax));
            return new double[] {ax + (bx - ax) * t, cy[e.a] - 7 - rise * 4 * t * (1 - t)};
        }
        double ay = cy[e.a] - 7;
        double by = cy[e.b] + 7;
        return new double[] {ax + (bx - ax) * t, ay + (by - ay) * t};
    }

    private static void dot(StringBuilder out, double x, double y, double r, String fill, String hover) {
        out.append("<circle cx=\"").append(LineChart.f(x)).append("\" cy=\"").append(LineChart.f(y)).append("\" r=\"")
                .append(LineChart.f(r)).append("\" fill=\"").append(fill).append("\" stroke=\"#555555\""
                        + " stroke-width=\"0.5\"><title>").append(Html.escape(hover)).append("</title></circle>\n");
    }
}
