package io.fabricemu.scenario.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.scenario.yaml.ScenarioException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Ns3FlowFileTest {
    private static final long STOP_PS = 1_000_000_000_000L;
    /** Six nodes, switches 0 and 3 (listed first, as SimAI's files may): nodes 1, 2, 4, 5 are hosts 0 to 3. */
    private static final NodeHosts GRAPH = NodeHosts.ofGraph(6, new int[] {0, 3});

    private static List<FlowSpec> read(String text) throws ScenarioException {
        return Ns3FlowFile.flows("flow.txt", text, GRAPH, 1L << 30, STOP_PS);
    }

    @Test
    void flows_nameHostsByNodeId_andStartExactlyToThePicosecond() throws ScenarioException {
        List<FlowSpec> flows = read("3\n1 5 3 100 1000000 0\n\n4 2 3 101 65536 0.000001\n2 1 0 7 1 2.5e-6\n");
        assertEquals(List.of(new FlowSpec(0, 3, 1_000_000, 0), new FlowSpec(2, 1, 65_536, 1_000_000),
                new FlowSpec(1, 0, 1, 2_500_000)), flows);
        assertEquals(5, NodeHosts.identity(8).hostOf(5), "another topology: a node id is a host number");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "2\\n1 2 3 100 10 0\\n\\n|flow.txt:2: the first line announced 2 flows; the file has 1",
        "1\\n1 2 3 100 10 0\\n2 4 3 100 10 0|flow.txt:3: a line after the 1 flows the first line announced",
        "1\\n0 2 3 100 10 0|flow.txt:2: src 0 is a switch; flows go between hosts",
        "1\\n1 6 3 100 10 0|flow.txt:2: dst 6 is not a node; the topology has nodes 0..5",
        "1\\n1 2 3 100 10|flow.txt:2: 5 words; a flow is 'src dst pg dport size start'",
        "1\\n1 1 3 100 10 0|flow.txt:2: src and dst are the same host; a flow needs two different hosts",
        "1\\n1 2 3 100 0 0|flow.txt:2: size must be at least 1 byte",
        "1\\n1 2 3 70000 10 0|flow.txt:2: dport 70000 is above its largest, 65535",
        "1\\n1 2 3 100 10 0.0000000000001|flow.txt:2: start 0.0000000000001 s is not a whole number of picoseconds",
        "1\\n1 2 3 100 10 1|flow.txt:2: start 1 s is not before the run's stop time; such a flow would never send",
        "1\\n1 2 3 100 10 soon|flow.txt:2: start 'soon' is not a time in seconds such as 2 or 2.000001",
        "flows: 1|flow.txt:1: the first line should be the number of flows",
        "0|flow.txt:1: the number of flows must be 1"})
    void badFiles_areRefusedAtTheirLine(String text, String message) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> read(text.replace("\\n", "\n")));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
    }

    @Test
    void aFileThatIsNotOne_isNotQuoted() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> read("root:x:0:0:secret\n"));
        assertTrue(!e.getMessage().contains("secret"), e.getMessage());
    }
}
