package io.fabricemu.scenario.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.scenario.yaml.ScenarioException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A connection matrix's failure lines, as htsim's {@code FatTreeTopology::add_failed_link} takes them on the k = 4 fat
 * tree it builds for 16 nodes (8 aggregation switches, 2 per pod, 2 uplinks each): the one link each aggregation
 * switch can fail, named as fabric-emu's fault section names it, and every line the reference would stop at.
 */
class ConnectionFailuresTest {
    private static final long STOP_PS = 1_000_000_000_000L;
    private static final String HEAD = "Nodes 16\nConnections 1\nFailures 2\n1->0 start 0 size 9\n";

    private static ConnectionMatrix.Read read(String text, MatrixFabric fabric) throws ScenarioException {
        return ConnectionMatrix.read("m.cm", text, new ConnectionMatrix.Bounds(16, 4086, STOP_PS, fabric));
    }

    private static List<String> links(ConnectionMatrix.Read read) {
        return read.failures().stream().map(f -> f.line() + ": " + f.link()).toList();
    }

    @Test
    void anAggregationUplink_isTheLinkOfItsPodAndPositionToTheCoreTheReferenceNames() throws ScenarioException {
        ConnectionMatrix.Read read = read(HEAD + "failure switch_type AGG switch_id 3 link_id 1\n\n"
                + "failure link_id 0 switch_id 4 switch_type AGG\n", new MatrixFabric(4, 1));
        // switch 3 is position 1 of pod 1: core 1 * 2 + 1; switch 4 is position 0 of pod 2: core 0
        assertEquals(List.of("5: agg1.1 <-> core3", "7: agg2.0 <-> core0"), links(read));
        assertEquals(1, read.flows().size());
    }

    @Test
    void onAFabricOfPlanes_theLinkIsPlaneZeros() throws ScenarioException {
        ConnectionMatrix.Read read = read("Nodes 16\nConnections 1\nFailures 1\n1->0 start 0 size 9\n"
                + "failure switch_type AGG switch_id 7 link_id 1\n", new MatrixFabric(4, 2));
        assertEquals(List.of("5: p0.agg3.1 <-> p0.core3"), links(read));
    }

    @Test
    void noFailureLine_noFailedLink() throws ScenarioException {
        assertEquals(List.of(), read("Nodes 16\nConnections 1\n1->0 start 0 size 9\n", new MatrixFabric(4, 1))
                .failures());
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
        "Nodes 16\\nConnections 1\\n1->0 start 0 size 9\\nfailure switch_type AGG switch_id 0 link_id 0|4|m.cm:4:"
            + " Failures: the header gives no 'Failures F'",
        "AGG switch_id 0 link_id 0\\nfailure switch_type AGG switch_id 1 link_id 1\\nfailure switch_type AGG"
            + " switch_id 2 link_id 0|4|m.cm:7: Failures: Failures says 2, but this is failure line 3",
        "AGG switch_id 0 link_id 0|4|m.cm:3: Failures: Failures says 2, but the file has 1 failure line",
        "AGG switch_id 0 link 0|4|m.cm:5: 'link' is not a word of a failure line; it is 'failure switch_type AGG"
            + " switch_id S link_id L', which allows switch_type, switch_id, link_id",
        "AGG switch_id 0 switch_id 1 link_id 0|4|m.cm:5: switch_id: switch_id is given twice",
        "AGG switch_id 0 link_id|4|m.cm:5: link_id: link_id needs a value after it",
        "AGG switch_id 0|4|m.cm:5: link_id: a failure line gives switch_type, switch_id, link_id",
        "SPINE switch_id 0 link_id 0|4|m.cm:5: switch_type: 'SPINE' is not a switch type; the reference knows TOR,"
            + " AGG and CORE, and fails only AGG",
        "TOR switch_id 0 link_id 0|4|m.cm:5: switch_type: TOR is read by the reference, but its add_failed_link"
            + " fails only the uplinks of aggregation switches (it asserts type == AGG)",
        "CORE switch_id 0 link_id 0|4|m.cm:5: switch_type: CORE is read by the reference",
        "AGG switch_id 8 link_id 0|4|m.cm:5: switch_id: '8' is not from 0 to 7 (the reference asserts switch_id <"
            + " NAGG, 8)",
        "AGG switch_id -1 link_id 0|4|m.cm:5: switch_id: '-1' is not from 0 to 7",
        "AGG switch_id 0 link_id 2|4|m.cm:5: link_id: '2' is not from 0 to 1 (the reference asserts link_id <"
            + " radix_up[AGG_TIER], 2)",
        "AGG switch_id 2 link_id 1|4|m.cm:5: link_id: the reference fails the link from aggregation switch 2 to core"
            + " 1 (podpos 0 * 2 + link_id 1), but it joins that switch only to cores 0, 2, ... (l * 2 + 0), so it"
            + " stops at its assertion; the link_id it accepts for switch 2 is 0",
        "AGG switch_id 5 link_id 1\\nfailure switch_type AGG link_id 1 switch_id 5|4|m.cm:6: switch_id: the link"
            + " agg2.1 <-> core3 already fails on line 5",
        "AGG switch_id 0 link_id 0|0|m.cm:5: failure: a failure line names a switch of the three-tier fat tree the"
            + " reference builds for Nodes 16; it fails a link only of that fabric, so the topology must be"
            + " topology: {kind: fat-tree, k: 4}",
        "AGG switch_id 0 link_id 0|6|m.cm:5: failure: a failure line names a switch of the three-tier fat tree the"
            + " reference builds for Nodes 16; it fails a link only of that fabric, so the topology must be"
            + " topology: {kind: fat-tree, k: 4}, not the fat tree of k 6",
    })
    void aLineTheReferenceStopsAt_isRefusedAtItsLine(String text, int k, String expected) {
        String matrix = text.startsWith("Nodes") ? text : HEAD + "failure switch_type " + text;
        String message = assertThrows(ScenarioException.class,
                () -> read(matrix.replace("\\n", "\n"), new MatrixFabric(k, 1))).getMessage();
        assertTrue(message.contains(expected), "expected '" + expected + "' in: " + message);
    }

    @Test
    void nodesThatAreNoFatTree_areSaidSo() {
        String message = assertThrows(ScenarioException.class, () -> read("Nodes 15\nConnections 1\nFailures 1\n"
                + "1->0 start 0 size 9\nfailure switch_type AGG switch_id 0 link_id 0\n", new MatrixFabric(4, 1)))
                .getMessage();
        assertTrue(message.contains("m.cm:5: failure: a failure line names a switch of the three-tier fat tree the"
                + " reference builds for Nodes 15; it fails a link only of that fabric, so the topology must be a"
                + " fat tree of k^3/4 hosts, and Nodes 15 is not one"), message);
    }
}
