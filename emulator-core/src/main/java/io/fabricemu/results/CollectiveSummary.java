package io.fabricemu.results;

import java.util.ArrayList;
import java.util.List;

/**
 * How one collective fared over its iterations, for the summary and {@code compare}: the mean and largest job
 * completion time over the iterations that finished, and the mean of their bus bandwidths.
 *
 * @param name          the collective's name
 * @param kind          e.g. all-reduce
 * @param algorithm     e.g. ring
 * @param ranks         how many ranks
 * @param iterations    iterations run
 * @param finished      iterations whose every flow was received
 * @param jctMeanPs     mean JCT of the finished iterations, rounded down, or -1 when none finished
 * @param jctMaxPs      largest JCT, or -1
 * @param busBwMeanBps  mean bus bandwidth of the finished iterations, or 0
 */
public record CollectiveSummary(String name, String kind, String algorithm, int ranks, int iterations, int finished,
                                long jctMeanPs, long jctMaxPs, long busBwMeanBps) {

    /** One summary per collective, in the order their first iteration appears. */
    public static List<CollectiveSummary> of(List<CollectiveResult> results) {
        List<String> order = new ArrayList<>();
        for (CollectiveResult c : results) {
            if (!order.contains(c.name())) {
                order.add(c.name());
            }
        }
        List<CollectiveSummary> out = new ArrayList<>(order.size());
        for (String name : order) {
            CollectiveResult first = null;
            int iterations = 0;
            int finished = 0;
            long jctSum = 0;
            long jctMax = -1;
            long busSum = 0;
            for (CollectiveResult c : results) {
                if (!c.name().equals(name)) {
                    continue;
                }
                first = first == null ? c : first;
                iterations++;
                if (c.jctPs() >= 0) {
                    finished++;
                    jctSum += c.jctPs();
                    jctMax = Math.max(jctMax, c.jctPs());
                    busSum += c.busBwBps();
                }
            }
            out.add(new CollectiveSummary(name, first.kind(), first.algorithm(), first.ranks().size(), iterations,
                    finished, finished == 0 ? -1 : jctSum / finished, jctMax, finished == 0 ? 0 : busSum / finished));
        }
        return List.copyOf(out);
    }
}
