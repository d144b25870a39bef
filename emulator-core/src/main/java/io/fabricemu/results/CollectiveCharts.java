package io.fabricemu.results;

import io.fabricemu.report.HeatMap;
import io.fabricemu.report.LineChart;
import io.fabricemu.report.Palette;
import io.fabricemu.report.Quantity;
import io.fabricemu.report.Series;
import io.fabricemu.time.Ps;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The collectives' plots in {@code report.html}: each collective's JCT per iteration, and a step timeline of its
 * ranks, a staircase per rank climbing one step at the time the rank began it (its first flow of the step
 * started), over every iteration. Where one rank's stair lags, the ranks after it in the schedule wait for it: in a
 * ring, rank i+1 cannot begin a step before rank i's slice of the step before has arrived.
 */
final class CollectiveCharts {
    /** Ranks drawn in a step timeline at most, spread evenly over the ranks. */
    static final int MAX_RANKS = 16;

    private CollectiveCharts() {
    }

    /** JCT against iteration, one line per collective; unfinished iterations are gaps. */
    static LineChart jctPerIteration(List<CollectiveResult> results) {
        LineChart chart = new LineChart("collective-jct", "Job completion time per iteration", Quantity.COUNT,
                "iteration", Quantity.TIME, "JCT");
        List<CollectiveSummary> collectives = CollectiveSummary.of(results);
        for (int c = 0; c < collectives.size(); c++) {
            List<CollectiveResult> its = iterationsOf(results, collectives.get(c).name());
            double[] x = new double[its.size()];
            double[] y = new double[its.size()];
            for (int i = 0; i < its.size(); i++) {
                x[i] = its.get(i).iteration();
                y[i] = its.get(i).jctPs() < 0 ? Double.NaN : its.get(i).jctPs();
            }
            chart.add(new Series(collectives.get(c).name(), Palette.colour(c), 2, x, y));
        }
        return chart.points();
    }

    /** JCT against iteration, one line per run and collective ({@code label: name}), for a comparison. */
    static LineChart jctPerIteration(List<RunResult> runs, List<String> labels) {
        LineChart chart = new LineChart("collective-jct", "Job completion time per iteration", Quantity.COUNT,
                "iteration", Quantity.TIME, "JCT");
        int line = 0;
        for (int r = 0; r < runs.size(); r++) {
            for (CollectiveSummary c : CollectiveSummary.of(runs.get(r).collectives())) {
                List<CollectiveResult> its = iterationsOf(runs.get(r).collectives(), c.name());
                double[] x = new double[its.size()];
                double[] y = new double[its.size()];
                for (int i = 0; i < its.size(); i++) {
                    x[i] = its.get(i).iteration();
                    y[i] = its.get(i).jctPs() < 0 ? Double.NaN : its.get(i).jctPs();
                }
                chart.add(new Series(labels.get(r) + ": " + c.name(), Palette.colour(line++), 2, x, y));
            }
        }
        return chart;
    }

    /** The iterations of collective {@code name}, in order. */
    static List<CollectiveResult> iterationsOf(List<CollectiveResult> results, String name) {
        List<CollectiveResult> its = new ArrayList<>();
        for (CollectiveResult c : results) {
            if (c.name().equals(name)) {
                its.add(c);
            }
        }
        return its;
    }

    /** The ranks drawn: every rank, or {@link #MAX_RANKS} spread evenly over them. */
    static List<Integer> drawnRanks(int ranks) {
        List<Integer> drawn = new ArrayList<>();
        int shown = Math.min(ranks, MAX_RANKS);
        for (int k = 0; k < shown; k++) {
            drawn.add((int) ((long) k * ranks / shown));
        }
        return drawn;
    }

    /** The step timeline of one collective's iterations {@code its}, from the flows' results. */
    static LineChart stepTimeline(List<CollectiveResult> its, List<FlowResult> flows) {
        CollectiveResult first = its.get(0);
        LineChart chart = new LineChart("steps-" + first.name(), "Step timeline of " + first.name() + " ("
                + first.kind() + ", " + first.algorithm() + ")", Quantity.TIME, "virtual time", Quantity.COUNT,
                "step begun");
        List<Integer> drawn = drawnRanks(first.ranks().size());
        for (int k = 0; k < drawn.size(); k++) {
            int rank = drawn.get(k);
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            long[] begun = stepStarts(its, flows, first.ranks().get(rank));
            for (int step = 0; step < begun.length; step++) {
                if (begun[step] < 0) {
                    continue;
                }
                if (!y.isEmpty()) {
                    x.add((double) begun[step]);
                    y.add(y.get(y.size() - 1));
                }
                x.add((double) begun[step]);
                y.add((double) step);
            }
            long endPs = its.get(its.size() - 1).finishPs();
            if (!y.isEmpty() && endPs >= x.get(x.size() - 1)) {
                x.add((double) endPs);
                y.add(y.get(y.size() - 1));
            }
            chart.add(new Series("rank " + rank + " (host " + first.ranks().get(rank) + ")", Palette.colour(k), 1.5,
                    toArray(x), toArray(y)));
        }
        return chart;
    }

    /** The most ranks the step heat map has rows for; more are spread evenly. */
    static final int MAX_HEAT_RANKS = 64;

    /**
     * One collective's ranks by step: a row per rank (at most {@value #MAX_HEAT_RANKS}, spread evenly), a column per
     * step of every iteration, a cell how long the rank's sends of that step took, from its first one's start to its
     * last one's finish; so a slow rank is a hot row, a slow step a hot column, however many ranks and steps.
     */
    static HeatMap stepHeat(List<CollectiveResult> its, List<FlowResult> flows) {
        CollectiveResult first = its.get(0);
        HeatMap map = HeatMap.ofSteps("step-heat-" + first.name(), "Step durations of " + first.name()
                + ", rank by step", Quantity.TIME, "step (over the iterations)")
                .legend("a rank's sends of the step, of the longest on the map");
        int ranks = first.ranks().size();
        int shown = Math.min(ranks, MAX_HEAT_RANKS);
        map.band(shown == ranks ? "all " + ranks + " ranks" : shown + " of " + ranks + " ranks, spread evenly");
        for (int k = 0; k < shown; k++) {
            int rank = (int) ((long) k * ranks / shown);
            map.row("rank " + rank, stepDurations(its, flows, first.ranks().get(rank)));
        }
        return map;
    }

    /** How long the rank on {@code host} took for each step of {@code its} (as {@link #stepStarts}), -1 if none. */
    static long[] stepDurations(List<CollectiveResult> its, List<FlowResult> flows, int host) {
        int steps = its.get(0).steps();
        long[] begun = stepStarts(its, flows, host);
        long[] ended = new long[begun.length];
        java.util.Arrays.fill(ended, -1);
        for (int t = 0; t < its.size(); t++) {
            List<FlowResult> own = ownFlows(its.get(t), flows, host);
            int perStep = Math.max(1, own.size() / steps);
            for (int k = 0; k < own.size(); k++) {
                int step = t * steps + Math.min(steps - 1, k / perStep);
                ended[step] = Math.max(ended[step], own.get(k).finishPs());
            }
        }
        long[] durations = new long[begun.length];
        for (int g = 0; g < begun.length; g++) {
            durations[g] = begun[g] < 0 || ended[g] < begun[g] ? -1 : ended[g] - begun[g];
        }
        return durations;
    }

    /** The flows of iteration {@code it} that the rank on {@code host} sends, in flow order. */
    private static List<FlowResult> ownFlows(CollectiveResult it, List<FlowResult> flows, int host) {
        List<FlowResult> own = new ArrayList<>();
        for (int id = it.firstFlow(); id < it.endFlow(); id++) {
            if (flows.get(id).src() == host) {
                own.add(flows.get(id));
            }
        }
        return own;
    }

    /**
     * When the rank on {@code host} began each step of {@code its}, counted over the iterations (iteration t's step
     * s is step t x steps + s), or -1 for a step it never began. An iteration's flows go step by step, each rank
     * with as many flows in every step, so a rank's k-th flow of an iteration is in step k / (its flows / steps).
     */
    static long[] stepStarts(List<CollectiveResult> its, List<FlowResult> flows, int host) {
        int steps = its.get(0).steps();
        long[] begun = new long[its.size() * steps];
        java.util.Arrays.fill(begun, -1);
        for (int t = 0; t < its.size(); t++) {
            List<FlowResult> own = ownFlows(its.get(t), flows, host);
            int perStep = Math.max(1, own.size() / steps);
            for (int k = 0; k < own.size(); k++) {
                long start = own.get(k).startPs();
                int step = t * steps + Math.min(steps - 1, k / perStep);
                if (start >= 0 && (begun[step] < 0 || start < begun[step])) {
                    begun[step] = start;
                }
            }
        }
        return begun;
    }

    /**
     * A sentence per iteration (up to {@code max}): which rank began its last step last, the one whose last
     * transfer the iteration's end waited for.
     */
    static String lastRanks(List<CollectiveResult> its, List<FlowResult> flows, int max) {
        StringBuilder out = new StringBuilder();
        int steps = its.get(0).steps();
        for (int t = 0; t < Math.min(max, its.size()); t++) {
            long latest = -1;
            int latestRank = -1;
            for (int rank = 0; rank < its.get(t).ranks().size(); rank++) {
                long[] begun = stepStarts(its.subList(t, t + 1), flows, its.get(t).ranks().get(rank));
                if (begun[steps - 1] > latest) {
                    latest = begun[steps - 1];
                    latestRank = rank;
                }
            }
            if (latestRank >= 0) {
                out.append(String.format(Locale.ROOT, "Iteration %d: rank %d (host %d) began the last step last, at"
                        + " %s. ", t, latestRank, its.get(t).ranks().get(latestRank), Ps.format(latest)));
            }
        }
        return out.toString().strip();
    }

    private static double[] toArray(List<Double> values) {
        double[] out = new double[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = values.get(i);
        }
        return out;
    }
}
