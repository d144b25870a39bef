package io.fabricemu.scenario.workload;

import static io.fabricemu.scenario.workload.ChakraTraceWriter.collective;
import static io.fabricemu.scenario.workload.ChakraTraceWriter.compute;
import static io.fabricemu.scenario.workload.ChakraTraceWriter.file;
import static io.fabricemu.scenario.workload.ChakraTraceWriter.recv;
import static io.fabricemu.scenario.workload.ChakraTraceWriter.send;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ChakraProtoMsg.EtDef;
import io.fabricemu.fabric.FlowSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChakraTest {
    private static final long US = 1_000_000L;

    private static Chakra load(List<List<EtDef.Node>> ranks) {
        List<String> names = new ArrayList<>();
        List<byte[]> contents = new ArrayList<>();
        List<Integer> hosts = new ArrayList<>();
        for (int r = 0; r < ranks.size(); r++) {
            names.add("t." + r + ".et");
            contents.add(file(ranks.get(r)));
            hosts.add(r);
        }
        return Chakra.of("t", names, contents, hosts);
    }

    private static List<List<EtDef.Node>> same(int n, List<EtDef.Node> nodes) {
        List<List<EtDef.Node>> ranks = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            ranks.add(nodes);
        }
        return ranks;
    }

    @Test
    void computeThenAllReduce_isARingWhoseFirstStepWaitsTheComputeTime() {
        Chakra c = load(same(4, ChakraTraceWriter.iteration(100, 4000, 50, 1000)));
        List<FlowSpec> flows = c.flowList();
        assertEquals(2 * 4 * 2 * 3, flows.size()); // two all-reduces of 2(n-1) steps of n flows
        FlowSpec first = flows.get(0);
        assertEquals(0, first.src());
        assertEquals(1, first.dst());
        assertEquals(1000, first.bytes());
        assertEquals(100 * US, first.startPs());
        assertEquals(0, first.dependencyCount());
        // step 1 of rank 1 waits for what it received in step 0 (from rank 0) and queues behind its own send
        FlowSpec step1 = flows.get(5);
        assertEquals(1, step1.src());
        assertArrayEquals(new int[] {0}, step1.after());
        assertEquals(1, step1.follows());
        // the second all-reduce's first step at rank 0 waits for rank 0's last step, then 50 us
        FlowSpec second = flows.get(24);
        assertEquals(250, second.bytes());
        assertEquals(50 * US, second.gapPs());
        assertArrayEquals(new int[] {20, 23}, second.after());
        assertEquals(150 * US, second.startPs());
        assertEquals(2, c.collectives(4).size());
        assertEquals(24, c.collectives(4).get(1).firstFlow());
        FlowDependencies.check(flows);
    }

    @Test
    void chainsOfComputeAddUp_andSendMeetsItsReceive() {
        List<EtDef.Node> rank0 = List.of(compute(1, 10), compute(2, 5, 1), send(3, 1, 64, 7, 2), compute(4, 3, 3),
                send(5, 1, 32, 7, 4));
        List<EtDef.Node> rank1 = List.of(recv(9, 0, 64, 7), compute(10, 20, 9), recv(11, 0, 32, 7, 10),
                send(12, 0, 16, 1, 11));
        Chakra c = load(List.of(rank0, rank1));
        List<FlowSpec> flows = c.flowList();
        assertEquals(3, flows.size());
        assertEquals(15 * US, flows.get(0).startPs());
        assertArrayEquals(new int[] {0}, flows.get(1).after());
        assertEquals(3 * US, flows.get(1).gapPs());
        FlowSpec reply = flows.get(2);
        assertEquals(1, reply.src());
        assertArrayEquals(new int[] {0, 1}, reply.after());
        assertEquals(20 * US, reply.gapPs()); // a bound from above: the longest gap after both
    }

    @Test
    void errorsNameTheFileAndNode() {
        List<EtDef.Node> bad = List.of(compute(1, 10),
                collective(7, EtDef.CollectiveCommType.BROADCAST, 4096, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> load(same(2, bad)));
        assertTrue(e.getMessage().startsWith("t.0.et: node 7: comm_type BROADCAST (5)"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> load(same(2, List.of(compute(1, 10, 3)))));
        assertEquals("t.0.et: node 1 depends on node 3, which is not in the file", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> load(List.of(
                List.of(collective(1, EtDef.CollectiveCommType.ALL_REDUCE, 4096)),
                List.of(collective(2, EtDef.CollectiveCommType.ALL_GATHER, 4096)))));
        assertTrue(e.getMessage().startsWith("t.1.et: node 2 is collective number 0"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> load(List.of(List.of(recv(1, 1, 8, 0)),
                List.of(recv(2, 0, 8, 0)))));
        assertTrue(e.getMessage().startsWith("t.0.et: node 1 can never start: no send of rank 1"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> load(List.of(List.of(compute(1, 1, 2),
                compute(2, 1, 1), send(3, 1, 8, 0)), List.of(compute(1, 1)))));
        assertTrue(e.getMessage().startsWith("t.0.et: node 1 can never start: its dependencies wait in a cycle"),
                e.getMessage());
    }

    @Test
    void aTruncatedFileIsRefusedAtTheOffsetOfItsCutMessage() {
        byte[] whole = file(ChakraTraceWriter.iteration(100, 4000, 50, 1000));
        byte[] cut = Arrays.copyOf(whole, whole.length - 3);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ChakraTrace.read("t.0.et", cut, 0, 2));
        assertTrue(e.getMessage().matches("t\\.0\\.et: byte offset [0-9]+: a message of [0-9]+ bytes, but only [0-9]+"
                + " remain; the file is truncated"), e.getMessage());
        byte[] garbage = {5, 1, 2, 3, 4, 5};
        e = assertThrows(IllegalArgumentException.class, () -> ChakraTrace.read("g.0.et", garbage, 0, 2));
        assertTrue(e.getMessage().startsWith("g.0.et: byte offset 0: not a Chakra GlobalMetadata"), e.getMessage());
    }

    @Test
    void inAMix_theCollectivesKeepTheirOwnNamesAfterThePart() {
        Chakra c = load(same(2, ChakraTraceWriter.iteration(1, 4000, 1, 1000)));
        Mix mix = new Mix(List.of("other", "train"), List.of(new Incast(0, List.of(1), 64, 0), c));
        List<CollectiveSpan> spans = mix.collectives(2);
        assertEquals(List.of("train-c0-all-reduce", "train-c1-all-reduce"),
                spans.stream().map(CollectiveSpan::name).toList());
        assertEquals(1, spans.get(0).firstFlow());
    }
}
