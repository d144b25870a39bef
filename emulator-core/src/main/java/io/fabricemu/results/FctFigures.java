package io.fabricemu.results;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The completion times of a set of flows: nearest-rank median and 99th percentile and the largest, over those
 * that finished (-1 when none did), and how many did not finish.
 *
 * @param flows      flows in the set
 * @param unfinished those that did not finish
 * @param medianPs   median FCT, or -1
 * @param p99Ps      99th percentile FCT, or -1
 * @param maxPs      largest FCT, or -1
 */
record FctFigures(int flows, int unfinished, long medianPs, long p99Ps, long maxPs) {

    static FctFigures of(Collection<FlowResult> flows) {
        long[] fcts = flows.stream().filter(FlowResult::finished).mapToLong(FlowResult::fctPs).sorted().toArray();
        return new FctFigures(flows.size(), flows.size() - fcts.length, Summary.rank(fcts, 50),
                Summary.rank(fcts, 99), Summary.rank(fcts, 100));
    }

    /** As results.json writes them. */
    Map<String, Object> json() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("flows", flows);
        out.put("unfinished", unfinished);
        out.put("medianPs", medianPs);
        out.put("p99Ps", p99Ps);
        out.put("maxPs", maxPs);
        return out;
    }
}
