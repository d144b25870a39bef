package io.fabricemu.results;

import java.util.ArrayList;
import java.util.List;

/**
 * How one group of flows fared (a part of a {@code mix} workload: the incast, the background traffic). FCT
 * percentiles use the nearest-rank method over the group's finished flows, as {@link Summary} does.
 *
 * @param name          the group's name
 * @param flows         flows in the group
 * @param flowsFinished those whose last byte arrived
 * @param completionPs  from the group's first start to its last finish, or -1 unless every flow finished: an
 *                      incast's completion time
 * @param fctP99Ps      99th percentile FCT over finished flows, -1 when none finished
 * @param fctMaxPs      largest FCT, -1 when none finished
 */
public record GroupSummary(String name, int flows, long flowsFinished, long completionPs, long fctP99Ps,
                           long fctMaxPs) {

    /** One summary per group named by the flows, in the order groups first appear; none when no flow has one. */
    static List<GroupSummary> of(List<FlowResult> flows) {
        List<String> order = new ArrayList<>();
        for (FlowResult f : flows) {
            if (!f.group().isEmpty() && !order.contains(f.group())) {
                order.add(f.group());
            }
        }
        List<GroupSummary> out = new ArrayList<>(order.size());
        for (String group : order) {
            List<FlowResult> members = flows.stream().filter(f -> f.group().equals(group)).toList();
            out.add(summarise(group, members));
        }
        return List.copyOf(out);
    }

    private static GroupSummary summarise(String name, List<FlowResult> members) {
        long[] fcts = members.stream().filter(FlowResult::finished).mapToLong(FlowResult::fctPs).sorted().toArray();
        long firstStart = Long.MAX_VALUE;
        long lastFinish = Long.MIN_VALUE;
        for (FlowResult f : members) {
            firstStart = Math.min(firstStart, f.startPs());
            lastFinish = Math.max(lastFinish, f.finishPs());
        }
        long completion = fcts.length == members.size() ? lastFinish - firstStart : -1;
        return new GroupSummary(name, members.size(), fcts.length, completion, Summary.rank(fcts, 99),
                Summary.rank(fcts, 100));
    }
}
