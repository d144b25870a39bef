package io.fabricemu.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * FCT slowdown, the figure of merit of open-loop load studies (pFabric, SIGCOMM 2013; HPCC, Li et al., SIGCOMM
 * 2019, Figures 11 to 13): each flow's completion time divided by the completion time the same flow would have
 * alone on the idle fabric, so 1 is ideal and 3 means three times slower than alone. The ideal is computed from the
 * fabric's rates and delays by {@code io.fabricemu.run.IdealFct} ({@link #formula} says how); it is a lower bound
 * of what the run can achieve, so every slowdown is at least 1.
 *
 * <p>Flows are grouped by size into (at most) ten buckets of equal counts, the deciles of the sizes drawn, smallest
 * first, as HPCC reports slowdown by flow-size percentile; each bucket gives its size range, count and the median
 * and 99th percentile (nearest rank) of its slowdowns. Only finished flows have a slowdown: {@link #unfinished}
 * counts the others, which the stop time cut short or the sender gave up.
 *
 * @param flows      which flows are counted, e.g. "open-loop"
 * @param formula    the ideal FCT, in words
 * @param count      finished flows counted
 * @param unfinished counted flows that did not finish
 * @param p50        median slowdown over all counted flows (0 when none finished)
 * @param p99        99th percentile slowdown
 * @param min        the smallest slowdown
 * @param max        the largest slowdown
 * @param buckets    by size, smallest first
 */
public record FctSlowdown(String flows, String formula, int count, int unfinished, double p50, double p99, double min,
                          double max, List<Bucket> buckets) {
    /** No flow was counted: the run has no open-loop load. */
    public static final FctSlowdown NONE = new FctSlowdown("", "", 0, 0, 0, 0, 0, 0, List.of());
    /** The most buckets: deciles. */
    static final int BUCKETS = 10;

    public FctSlowdown {
        buckets = List.copyOf(buckets);
    }

    /**
     * One bucket of flow sizes.
     *
     * @param minBytes its smallest flow
     * @param maxBytes its largest flow
     * @param count    its flows
     * @param p50      their median slowdown
     * @param p99      their 99th percentile slowdown
     */
    public record Bucket(long minBytes, long maxBytes, int count, double p50, double p99) {
    }

    /** True if no flow was counted. */
    public boolean absent() {
        return count == 0 && unfinished == 0;
    }

    /**
     * The slowdowns of the flows {@code counted} marks, {@code idealFctPs[i]} the ideal of {@code flows.get(i)}.
     *
     * @param which   names the counted flows in results
     * @param formula the ideal FCT, in words
     */
    public static FctSlowdown of(List<FlowResult> flows, long[] idealFctPs, boolean[] counted, String which,
                                 String formula) {
        List<double[]> done = new ArrayList<>();
        int unfinished = 0;
        for (int i = 0; i < flows.size(); i++) {
            if (!counted[i]) {
                continue;
            }
            FlowResult f = flows.get(i);
            if (!f.finished() || f.failed()) {
                unfinished++;
            } else {
                done.add(new double[] {f.bytes(), (double) f.fctPs() / idealFctPs[i], f.id()});
            }
        }
        if (done.isEmpty()) {
            return new FctSlowdown(which, formula, 0, unfinished, 0, 0, 0, 0, List.of());
        }
        done.sort(Comparator.<double[]>comparingDouble(d -> d[0]).thenComparingDouble(d -> d[2]));
        int n = done.size();
        double[] all = new double[n];
        for (int i = 0; i < n; i++) {
            all[i] = done.get(i)[1];
        }
        int bucketCount = Math.min(BUCKETS, n);
        List<Bucket> buckets = new ArrayList<>(bucketCount);
        for (int b = 0; b < bucketCount; b++) {
            int from = (int) ((long) b * n / bucketCount);
            int to = (int) ((long) (b + 1) * n / bucketCount);
            double[] part = Arrays.copyOfRange(all, from, to);
            Arrays.sort(part);
            buckets.add(new Bucket((long) done.get(from)[0], (long) done.get(to - 1)[0], to - from,
                    percentile(part, 0.50), percentile(part, 0.99)));
        }
        Arrays.sort(all);
        return new FctSlowdown(which, formula, n, unfinished, percentile(all, 0.50), percentile(all, 0.99), all[0],
                all[n - 1], buckets);
    }

    /** The nearest-rank percentile {@code q} of {@code sorted}, which is not empty. */
    static double percentile(double[] sorted, double q) {
        int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }
}
