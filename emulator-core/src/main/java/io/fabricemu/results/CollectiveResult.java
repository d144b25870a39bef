package io.fabricemu.results;

import io.fabricemu.scenario.workload.CollectiveSpan;
import io.fabricemu.time.Ps;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * One iteration of one collective: when it started and finished, its job completion time, and the two
 * bandwidths NCCL reports (nccl-tests' PERFORMANCE.md): the algorithm bandwidth, the buffer over the time, and the
 * bus bandwidth, that times the collective's factor, which makes it comparable to a link's rate whatever the rank
 * count (all-reduce 2(n-1)/n; all-gather, reduce-scatter and all-to-all (n-1)/n). Rates are in bits per second, as
 * every rate here (NCCL prints bytes per second).
 *
 * @param steps     its steps (as {@link CollectiveSpan#steps})
 * @param firstFlow its first flow's id
 * @param endFlow   one past its last flow's id
 * @param startPs  when its first flow started
 * @param finishPs when its last flow was received, -1 if some flow never was
 * @param jctPs    {@code finishPs - startPs}, or -1
 * @param algBwBps {@code bytes} x 8 / JCT, or 0 when it did not finish
 * @param busBwBps the algorithm bandwidth times the bus factor, or 0
 */
public record CollectiveResult(String name, String kind, String algorithm, List<Integer> ranks, long bytes,
                               int iteration, int steps, int firstFlow, int endFlow, long startPs, long finishPs,
                               long jctPs, long algBwBps, long busBwBps) {
    public CollectiveResult {
        ranks = List.copyOf(ranks);
    }

    /** The result of every span, from the flows' results (indexed by flow id). */
    public static List<CollectiveResult> of(List<CollectiveSpan> spans, List<FlowResult> flows) {
        List<CollectiveResult> out = new ArrayList<>(spans.size());
        for (CollectiveSpan span : spans) {
            long start = Long.MAX_VALUE;
            long finish = 0;
            boolean finished = true;
            for (int id = span.firstFlow(); id < span.endFlow(); id++) {
                FlowResult f = flows.get(id);
                if (f.startPs() >= 0) {
                    start = Math.min(start, f.startPs());
                }
                finished &= f.finished();
                finish = Math.max(finish, f.finishPs());
            }
            long startPs = start == Long.MAX_VALUE ? -1 : start;
            long finishPs = finished ? finish : -1;
            long jctPs = finished ? finishPs - startPs : -1;
            long[] factor = span.busFactor();
            out.add(new CollectiveResult(span.name(), span.kind(), span.algorithm(), span.ranks(), span.bytes(),
                    span.iteration(), span.steps(), span.firstFlow(), span.endFlow(), startPs, finishPs, jctPs,
                    rateBps(span.bytes(), jctPs, 1, 1),
                    rateBps(span.bytes(), jctPs, factor[0], factor[1])));
        }
        return out;
    }

    /** {@code bytes} x 8 over {@code jctPs}, times {@code num / den}, in bits per second, rounded down; 0 if no JCT. */
    static long rateBps(long bytes, long jctPs, long num, long den) {
        if (jctPs <= 0) {
            return 0;
        }
        return BigInteger.valueOf(bytes).multiply(BigInteger.valueOf(8 * Ps.PER_S)).multiply(BigInteger.valueOf(num))
                .divide(BigInteger.valueOf(jctPs).multiply(BigInteger.valueOf(den))).longValue();
    }
}
