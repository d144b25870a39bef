package io.fabricemu.scenario.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.scenario.yaml.ScenarioException;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The reading of the UEC reference simulator's connection matrices, line by line and trigger by trigger. */
class ConnectionMatrixTest {
    private static final ConnectionMatrix.Bounds BOUNDS = new ConnectionMatrix.Bounds(16, 4086, 1_000_000_000_000L);

    private static List<FlowSpec> read(String text) throws ScenarioException {
        return ConnectionMatrix.flows("m.cm", text, BOUNDS);
    }

    private static String error(String text) {
        return assertThrows(ScenarioException.class, () -> read(text)).getMessage();
    }

    @Test
    void flowsKeepTheFileOrder_startInMicroseconds_commentsAndCrLfSkipped() throws ScenarioException {
        List<FlowSpec> flows = read("# made by hand\r\nNodes 16\r\nConnections 2\r\n\r\n"
                + "3->1 start 7 size 4087 prio 2\r\n# between\r\n0->15\tid 9 size 1 start 0.0\r\n");
        assertEquals(List.of(new FlowSpec(3, 1, 4087, 7_000_000), new FlowSpec(0, 15, 1, 0)), flows);
    }

    @Test
    void aChainOfOneshots_andABarrier_becomeWaits() throws ScenarioException {
        List<FlowSpec> flows = read("Nodes 16\nConnections 5\nTriggers 3\n"
                + "7->15 id 1 start 0 size 100 send_done_trigger 1\n"
                + "7->0 id 2 trigger 1 size 100 send_done_trigger 2\n"
                + "8->0 id 3 start 0 size 100 recv_done_trigger 2\n"
                + "0->1 id 4 trigger 2 size 100\n"
                + "1->2 id 5 start 3 size 100 send_done_trigger 3\n"
                + "trigger id 1 oneshot\ntrigger id 2 barrier count 2\ntrigger id 3 multishot\n");
        assertArrayEquals(new int[0], flows.get(0).after());
        assertArrayEquals(new int[] {0}, flows.get(1).after());
        assertArrayEquals(new int[] {1, 2}, flows.get(3).after());
        assertEquals(0, flows.get(3).startPs(), "a flow started by a trigger has no time of its own");
    }

    @Test
    void aMultishotSetOffOnceForOneFlow_isAOneshot() throws ScenarioException {
        List<FlowSpec> flows = read("Nodes 4\nConnections 2\nTriggers 1\n1->0 id 1 start 0 size 9 send_done_trigger 5\n"
                + "2->0 id 2 trigger 5 size 9\ntrigger id 5 multishot\n");
        assertArrayEquals(new int[] {0}, flows.get(1).after());
    }

    @Test
    void theKthTargetOfAMultishot_waitsForAnyKOfItsActivators() throws ScenarioException {
        List<FlowSpec> flows = read("Nodes 16\nConnections 5\nTriggers 1\n"
                + "1->2 id 1 start 0 size 300 send_done_trigger 4\n3->2 id 2 start 0 size 100 recv_done_trigger 4\n"
                + "2->7 id 3 trigger 4 size 9\n5->2 id 4 start 0 size 200 send_done_trigger 4\n"
                + "2->8 id 5 trigger 4 size 9\ntrigger id 4 multishot\n");
        assertArrayEquals(new int[] {0, 1, 3}, flows.get(2).after());
        assertEquals(1, flows.get(2).afterNeeded(), "the first target starts at the first activation");
        assertArrayEquals(new int[] {0, 1, 3}, flows.get(4).after());
        assertEquals(2, flows.get(4).afterNeeded(), "the second at the second; the third activation starts none");
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
        "Nodes 16\\nNodes 16\\nConnections 1\\n1->0 start 0 size 9|m.cm:2: Nodes: Nodes is given twice (also on"
            + " line 1)",
        "Nodes 16\\nConnections 1\\n1->0 start 0 size 9\\nTriggers 0|m.cm:4: Triggers: the header lines",
        "Nodes 17\\nConnections 1\\n1->0 start 0 size 9|m.cm:1: Nodes: the matrix has 17 nodes, but the topology has"
            + " only 16 hosts",
        "Nodes 16\\nConnections 1\\n1->0 size 9|m.cm:3: start: a connection needs a start time in microseconds",
        "Nodes 16\\nConnections 1\\n1->0 start 0 trigger 1 size 9|m.cm:3: trigger: a connection starts either at a"
            + " time (start) or when a trigger fires (trigger), not both",
        "Nodes 16\\nConnections 1\\n1->0 trigger 1 size 9|m.cm:3: trigger: a connection that waits for a trigger"
            + " needs an id",
        "Nodes 16\\nConnections 1\\n1->0 start 0|m.cm:3: size: a connection needs its size",
        "Nodes 16\\nConnections 1\\n1->0 start 0 size 0|m.cm:3: size: must be from 1 to 2147483647, was 0",
        "Nodes 16\\nConnections 1\\n1->0 id 0 start 0 size 9|m.cm:3: id: must be from 1 to 2147483647, was 0",
        "Nodes 16\\nConnections 1\\n1->0 start 2.5 size 9|m.cm:3: start: '2.5' has a fraction of a microsecond",
        "Nodes 16\\nConnections 1\\n1->0 start 0 size 9 start 1|m.cm:3: start: start is given twice on this line",
        "Nodes 16\\nConnections 1\\n1->0 start 0 size|m.cm:3: size: size needs a value after it",
        "Nodes 16\\nConnections 1\\n1->0 start 0 size 9 msg 2|m.cm:3: msg: msg puts several messages on one connection",
        "Nodes 16\\nConnections 1\\n1->0 id 1 msg start 0 size 9|m.cm:3: msg: msg puts several messages on one"
            + " connection",
        "Nodes 16\\nConnections 1\\n1->1 start 0 size 9|m.cm:3: dst: node 1 is also the source",
        "Nodes 16\\nConnections 1\\n1->x start 0 size 9|m.cm:3: '1->x' is not a connection; it is 'S->D'",
        "Nodes 16\\nConnections 1\\nTriggers 1\\n1->0 start 0 size 9\\ntrigger id 1 sometimes|m.cm:5: 'sometimes' is"
            + " not a word of a trigger line",
        "Nodes 16\\nConnections 1\\nTriggers 1\\n1->0 start 0 size 9\\ntrigger id 1 barrier|m.cm:5: count: a barrier"
            + " fires after 'count N'",
        "Nodes 16\\nConnections 1\\nTriggers 1\\n1->0 start 0 size 9\\ntrigger oneshot|m.cm:5: id: a trigger needs its"
            + " id",
        "Nodes 16\\nConnections 1\\nTriggers 2\\n1->0 start 0 size 9\\ntrigger id 1 oneshot\\ntrigger id 1 oneshot"
            + "|m.cm:6: id: trigger 1 is also defined on line 5",
        "Nodes 16\\nConnections 1\\nTriggers 2\\n1->0 start 0 size 9\\ntrigger id 1 oneshot|m.cm:3: Triggers: Triggers"
            + " says 2, but the file has 1 trigger line",
        "Nodes 16\\nConnections 2\\nTriggers 1\\n1->0 id 1 start 0 size 9 send_done_trigger 1\\n2->0 id 2 trigger 1"
            + " size 9\\ntrigger id 1 barrier count 3|m.cm:6: barrier 1 fires after 3 activations, but it is set off"
            + " once (line 4): it would never fire",
        "Nodes 16\\nConnections 3\\nTriggers 1\\n1->0 id 1 start 0 size 9 send_done_trigger 1\\n3->0 id 3 trigger 1"
            + " size 9\\n2->0 id 2 trigger 1 size 9\\ntrigger id 1 multishot|m.cm:7: multishot trigger 1 starts one"
            + " waiting connection per activation, and it is set off once (line 4) with 2 connections waiting: the one"
            + " on line 6 would never start",
        "Nodes 16\\nConnections 2\\nTriggers 1\\n1->0 id 1 start 0 size 9 send_done_trigger 1 recv_done_trigger 1"
            + "\\n3->0 id 3 trigger 1 size 9\\ntrigger id 1 multishot|m.cm:6: the connection on line 4 sets off"
            + " multishot trigger 1 twice",
        "Nodes 16\\nConnections 1\\nTriggers 1\\n1->0 id 1 trigger 1 size 9\\ntrigger id 1 oneshot|m.cm:5: no"
            + " connection sets off trigger 1",
        "Nodes 16\\nConnections 1\\nFailures 1\\n1->0 start 0 size 9\\nfailure switch_type AGG switch_id 0 link_id 0"
            + "|m.cm:5: failure: a failure line names a switch of the three-tier fat tree the reference builds for"
            + " Nodes 16; it fails a link only of that fabric, so the topology must be topology: {kind: fat-tree,"
            + " k: 4}",
        "Nodes 16\\nConnections 1\\n1->0 start 0 size 9\\nGroups 2|m.cm:4: 'Groups' is not a line of a connection"
            + " matrix",
        "\\u0001\\u0002 secret|m.cm:1: the first line must be a header line such as 'Nodes 128'",
        "Nodes 16|m.cm:1: the header must give Connections C",
        "Nodes 16\\nConnections 0|m.cm:2: Connections: the matrix has no connection",
        "Nodes 16\\nConnections 2\\nTriggers 2\\n1->0 id 1 trigger 2 size 9 send_done_trigger 1\\n2->0 id 2 trigger 1"
            + " size 9 send_done_trigger 2\\ntrigger id 1 oneshot\\ntrigger id 2 oneshot|m.cm:4: trigger: the"
            + " connections on lines 4, 5 wait for each other",
    })
    void aMistake_isReportedAtItsLine(String text, String expected) {
        String message = error(text.replace("\\n", "\n").replace("\\u0001", "\u0001").replace("\\u0002", "\u0002"));
        assertEquals(true, message.contains(expected), "expected '" + expected + "' in: " + message);
        assertEquals(false, message.contains("secret"), message);
    }
}
