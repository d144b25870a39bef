package io.fabricemu.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class GroupSummaryTest {
    private static FlowResult flow(int id, String group, long startPs, long finishPs) {
        long fct = finishPs < 0 ? -1 : finishPs - startPs;
        return new FlowResult(id, id + 1, 0, 1000, startPs, finishPs, fct, 0, finishPs < 0 ? 10 : 1000, false, 0,
                group);
    }

    @Test
    void flowsWithoutGroups_giveNoGroupSummaries() {
        assertEquals(List.of(), GroupSummary.of(List.of(flow(0, "", 0, 10), flow(1, "", 0, 20))));
    }

    @Test
    void eachGroup_inTheOrderItFirstAppears_withItsCompletionAndTail() {
        List<FlowResult> flows = List.of(
                flow(0, "victim", 5, 105),
                flow(1, "incast", 0, 400),
                flow(2, "incast", 10, 300),
                flow(3, "victim", 0, -1));
        assertEquals(List.of(
                        // one victim unfinished: no completion time; its FCTs are the finished one's
                        new GroupSummary("victim", 2, 1, -1, 100, 100),
                        // first start 0, last finish 400; FCTs 400 and 290, p99 is the larger by nearest rank
                        new GroupSummary("incast", 2, 2, 400, 400, 400)),
                GroupSummary.of(flows));
    }
}
