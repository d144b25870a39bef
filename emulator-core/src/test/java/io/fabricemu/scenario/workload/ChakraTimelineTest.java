package io.fabricemu.scenario.workload;

import static io.fabricemu.scenario.workload.ChakraTraceWriter.collective;
import static io.fabricemu.scenario.workload.ChakraTraceWriter.compute;
import static io.fabricemu.scenario.workload.ChakraTraceWriter.file;
import static io.fabricemu.scenario.workload.ChakraTraceWriter.recv;
import static io.fabricemu.scenario.workload.ChakraTraceWriter.send;
import static org.junit.jupiter.api.Assertions.assertEquals;

import ChakraProtoMsg.EtDef;
import io.fabricemu.results.ChakraNodeTime;
import io.fabricemu.results.ChakraRank;
import io.fabricemu.results.ChakraTimeline;
import io.fabricemu.results.FlowResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A two-rank trace timed from made-up flow results: a send and its receive, compute on either side of them, a
 * compute node beside another, and a ring all-reduce of two steps; every time worked out by hand below.
 */
class ChakraTimelineTest {
    private static final long US = 1_000_000L;

    /*
     * Rank 0: compute 1 (10 us); send 2 to rank 1 after 1; compute 3 (5 us) after 2; all-reduce 4 after 3;
     * compute 5 (8 us) waiting for nothing, beside 1. Rank 1: receive 1 from rank 0; compute 2 (20 us) after 1;
     * all-reduce 3 after 2. Flows: 0 the send; the all-reduce's step 0 is 1 (0 -> 1) and 2 (1 -> 0), step 1 is
     * 3 (0 -> 1) and 4 (1 -> 0).
     */
    private static Chakra trace() {
        List<EtDef.Node> rank0 = List.of(compute(1, 10), send(2, 1, 1000, 0, 1), compute(3, 5, 2),
                collective(4, EtDef.CollectiveCommType.ALL_REDUCE, 2000, 3), compute(5, 8));
        List<EtDef.Node> rank1 = List.of(recv(1, 0, 1000, 0), compute(2, 20, 1),
                collective(3, EtDef.CollectiveCommType.ALL_REDUCE, 2000, 2));
        return Chakra.of("t", List.of("t.0.et", "t.1.et"), List.of(file(rank0), file(rank1)), List.of(0, 1));
    }

    /** Flow {@code i} of {@code trace} started at {@code startUs[i]} and was received at {@code finishUs[i]}. */
    private static List<FlowResult> flows(Chakra c, long[] startUs, long[] finishUs) {
        List<FlowResult> out = new ArrayList<>();
        for (int i = 0; i < c.flowList().size(); i++) {
            long start = startUs[i] * US;
            long finish = finishUs[i] < 0 ? -1 : finishUs[i] * US;
            out.add(new FlowResult(i, c.flowList().get(i).src(), c.flowList().get(i).dst(), 1000, start, finish,
                    finish < 0 ? -1 : finish - start, 0, 1000, false, 0, ""));
        }
        return out;
    }

    private static String times(ChakraRank r) {
        StringBuilder s = new StringBuilder();
        for (ChakraNodeTime n : r.nodes()) {
            s.append(n.id()).append(' ').append(n.kind()).append(' ').append(n.startPs() < 0 ? -1 : n.startPs() / US)
                    .append('-').append(n.endPs() < 0 ? -1 : n.endPs() / US).append("; ");
        }
        return s.toString();
    }

    @Test
    void nodesAreTimedFromTheirFlowsAndComputeTimes() {
        Chakra c = trace();
        assertEquals(5, c.flowList().size());
        ChakraTimeline t = ChakraTimeline.of(c.hosts(), c.timeline(), flows(c, new long[] {10, 20, 35, 40, 40},
                new long[] {15, 30, 40, 50, 55}));
        // rank 0: the send starts with its flow at 10 us, after compute 1; compute 3 when it is received (15 us);
        // the all-reduce with the rank's first send (20 us), done when the last step's flows are received (55 us)
        ChakraRank r0 = t.ranks().get(0);
        assertEquals("1 compute 0-10; 5 compute 0-8; 2 send 10-15; 3 compute 15-20; 4 collective 20-55; ",
                times(r0));
        assertEquals("c0-all-reduce", r0.nodes().get(4).collective());
        assertEquals("node2", r0.nodes().get(2).name());
        // rank 1: the receive from the send's start to its receipt; compute 2 from 15 to 35 us; the all-reduce
        // from its first send (flow 2, 35 us) to 55 us
        ChakraRank r1 = t.ranks().get(1);
        assertEquals("1 recv 10-15; 2 compute 15-35; 3 collective 35-55; ", times(r1));
        assertEquals(55 * US, t.iterationPs());
        // rank 0 computes 0..10 and 15..20 (node 5 beside node 1 counts once): 15 us; communicates 10..15 and
        // 20..55: 40 us; of its 55 us, 40 computing nothing
        assertEquals(List.of(15 * US, 40 * US, 40 * US, 55 * US), List.of(r0.computePs(), r0.communicationPs(),
                r0.exposedCommunicationPs(), r0.endPs()));
        // rank 1 computes 20 us, communicates 5 + 20 us, and of its 55 us computes nothing for 35
        assertEquals(List.of(20 * US, 25 * US, 35 * US), List.of(r1.computePs(), r1.communicationPs(),
                r1.exposedCommunicationPs()));
        assertEquals(List.of(0, 1), List.of(r0.host(), r1.host()));
    }

    @Test
    void aFlowNeverReceived_leavesItsNodesAndTheIterationUnended() {
        Chakra c = trace();
        ChakraTimeline t = ChakraTimeline.of(c.hosts(), c.timeline(), flows(c, new long[] {10, 20, 35, 40, 40},
                new long[] {15, 30, 40, 50, -1}));
        assertEquals(-1, t.iterationPs());
        assertEquals("1 compute 0-10; 5 compute 0-8; 2 send 10-15; 3 compute 15-20; 4 collective 20--1; ",
                times(t.ranks().get(0)));
        assertEquals(-1, t.ranks().get(1).endPs());
        assertEquals(-1, t.ranks().get(1).exposedCommunicationPs());
        assertEquals(20 * US, t.ranks().get(1).computePs());
    }
}
