package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.scenario.Scenario;
import io.fabricemu.scenario.ScenarioLoader;
import io.fabricemu.scenario.yaml.ScenarioException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code workload: {kind: connection-matrix}} reads the UEC reference simulator's traffic files as that simulator
 * does: the reference's own incast_128.cm gives exactly the flows written out in YAML, and runs to the same digest;
 * the permutation of uet-permutation-1024-reference.yaml written as a matrix gives back its flows; triggers run as
 * the waits ({@code after}) they stand for.
 */
class ConnectionMatrixTest {
    private static final Path CM_SCENARIO = Cli.SCENARIOS.resolve("uet-incast-cm-reference.yaml");
    /** A connection line as the reference's generators write it: 'S->D start US size BYTES'. */
    private static final Pattern SIMPLE = Pattern.compile("(\\d+)->(\\d+) start (\\d+) size (\\d+)");

    @TempDir
    Path tmp;

    private static List<FlowSpec> flows(Path scenario) throws ScenarioException {
        Scenario s = ScenarioLoader.load(scenario, List.of());
        return s.workload().flows(s.topology().hostCount(), s.seed());
    }

    /** The reference scenario's text with its workload section replaced by {@code workload}. */
    private static String withWorkload(String workload) throws IOException {
        String text = Files.readString(CM_SCENARIO);
        int at = text.indexOf("workload:");
        int end = text.indexOf("stop:", at);
        return text.substring(0, at) + workload + text.substring(end);
    }

    /** incast_128.cm's connections written out as a YAML flows list, read with a pattern of this test's own. */
    private String incastAsYaml() throws IOException {
        StringBuilder yaml = new StringBuilder("workload:\n  kind: flows\n  flows:\n");
        for (String line : Files.readAllLines(Cli.SCENARIOS.resolve("incast_128.cm"))) {
            Matcher m = SIMPLE.matcher(line.strip());
            if (m.matches()) {
                yaml.append("    - {src: ").append(m.group(1)).append(", dst: ").append(m.group(2))
                        .append(", bytes: ").append(m.group(4)).append("B, start: ").append(m.group(3))
                        .append("us}\n");
            }
        }
        return withWorkload(yaml.toString());
    }

    @Test
    void incast128_givesTheFlowsOfTheSameListInYamlAndTheSameRun() throws Exception {
        Path yaml = tmp.resolve("uet-incast-cm-reference.yaml");
        Files.writeString(yaml, incastAsYaml());
        List<FlowSpec> fromCm = flows(CM_SCENARIO);
        List<FlowSpec> fromYaml = flows(yaml);
        assertEquals(127, fromCm.size());
        assertEquals(fromYaml, fromCm);
        assertTrue(fromCm.stream().allMatch(f -> f.dst() == 33 && f.bytes() == 2_000_000 && f.startPs() == 0));
        assertEquals(104, fromCm.get(0).src(), "the file's first line, 104->33, is flow 0");

        String[] shortRun = Cli.sets("stop=150us");
        JsonNode cm = Cli.results(Cli.runInto(tmp, 0, CM_SCENARIO.toString(), shortRun));
        JsonNode listed = Cli.results(Cli.runInto(tmp, 0, yaml.toString(), shortRun));
        assertEquals(listed.get("flows"), cm.get("flows"), "every flow's progress and times");
        assertEquals(listed.get("digest").asText(), cm.get("digest").asText());
    }

    @Test
    void permutation1024_writtenAsAMatrix_givesBackTheReferenceScenariosFlows() throws Exception {
        List<FlowSpec> perm = flows(Cli.SCENARIOS.resolve("uet-permutation-1024-reference.yaml"));
        StringBuilder cm = new StringBuilder("Nodes 1024\nConnections " + perm.size() + "\n");
        for (FlowSpec f : perm) {
            cm.append(f.src()).append("->").append(f.dst()).append(" start ").append(f.startPs() / 1_000_000)
                    .append(" size ").append(f.bytes()).append('\n');
        }
        Files.writeString(tmp.resolve("perm_1024.cm"), cm);
        String text = Files.readString(Cli.SCENARIOS.resolve("uet-permutation-1024-reference.yaml"))
                .replace("kind: permutation\n  bytes: 2000000B", "kind: connection-matrix\n  file: perm_1024.cm");
        assertFalse(text.contains("kind: permutation"), "the workload section was replaced");
        Path scenario = tmp.resolve("uet-permutation-1024-reference.yaml");
        Files.writeString(scenario, text);
        assertEquals(perm, flows(scenario));
    }

    /** A chain and a barrier as the reference's generators write them (gen_allreduce.py, foo2.cm). */
    private static final String TRIGGERS = String.join("\n",
            "Nodes 128", "Connections 4", "Triggers 2",
            "1->2 id 1 start 0 size 200000 send_done_trigger 1",
            "2->3 id 2 trigger 1 size 200000 recv_done_trigger 2",
            "5->3 id 3 start 5 size 100000 send_done_trigger 2",
            "3->9 id 4 trigger 2 size 300000",
            "trigger id 1 oneshot",
            "trigger id 2 barrier count 2", "");

    @Test
    void triggers_runAsTheWaitsTheyStandFor() throws Exception {
        Files.writeString(tmp.resolve("chain.cm"), TRIGGERS);
        Path cm = tmp.resolve("chain.yaml");
        Files.writeString(cm, withWorkload("workload: {kind: connection-matrix, file: chain.cm}\n"));
        Path yaml = tmp.resolve("chain-flows.yaml");
        Files.writeString(yaml, withWorkload("workload:\n  kind: flows\n  flows:\n"
                + "    - {id: a, src: 1, dst: 2, bytes: 200000B}\n"
                + "    - {id: b, src: 2, dst: 3, bytes: 200000B, after: [a]}\n"
                + "    - {id: c, src: 5, dst: 3, bytes: 100000B, start: 5us}\n"
                + "    - {src: 3, dst: 9, bytes: 300000B, after: [b, c]}\n"));
        assertEquals(flows(yaml), flows(cm));
        JsonNode fromCm = Cli.results(Cli.runInto(tmp, 0, cm.toString()));
        JsonNode fromYaml = Cli.results(Cli.runInto(tmp, 0, yaml.toString()));
        assertEquals(4, fromCm.get("summary").get("flowsFinished").asInt());
        assertEquals(fromYaml.get("flows"), fromCm.get("flows"));
        assertEquals(fromYaml.get("digest").asText(), fromCm.get("digest").asText());
        JsonNode f = fromCm.get("flows");
        long lastIn = Math.max(f.get(1).get("finishPs").asLong(), f.get(2).get("finishPs").asLong());
        assertTrue(f.get(1).get("startPs").asLong() >= f.get(0).get("finishPs").asLong(), "b waits for a: " + f);
        assertTrue(f.get(3).get("startPs").asLong() >= lastIn, "the barrier's target waits for b and c: " + f);
    }

    @Test
    void aMatrixOutsideTheScenariosFolder_isRefusedWithoutReadingIt() throws Exception {
        Path inner = Files.createDirectories(tmp.resolve("inner"));
        Files.writeString(tmp.resolve("secret.cm"), "Nodes 2\nConnections 1\n0->1 start 0 size 99\nSECRET\n");
        Path scenario = inner.resolve("s.yaml");
        Files.writeString(scenario, withWorkload("workload: {kind: connection-matrix, file: ../secret.cm}\n"));
        Cli.Outcome o = Cli.run("validate", scenario.toString());
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().contains("workload.file"), o.err());
        assertFalse(o.err().contains("SECRET"), o.err());
        Cli.Outcome allowed = Cli.run("validate", "--allow-files", tmp.toString(), scenario.toString());
        assertTrue(allowed.err().contains("secret.cm:4: 'SECRET' is not a line of a connection matrix"),
                allowed.err());
    }

    @Test
    void badLines_areReportedAtTheirLineWithWhatIsAllowed() throws Exception {
        List<String[]> cases = new ArrayList<>();
        cases.add(new String[] {"Nodes 128\nConnections 2\n1->0 start 0 size 100\n",
            "t.cm:2: Connections: Connections says 2, but the file has 1 connection line"});
        cases.add(new String[] {"Nodes 129\nConnections 1\n1->0 start 0 size 100\n",
            "t.cm:1: Nodes: the matrix has 129 nodes, but the topology has only 128 hosts"});
        cases.add(new String[] {"Nodes 128\nConnections 1\n1->0 start 0 size 1x\n",
            "t.cm:3: size: '1x' is not a whole number"});
        cases.add(new String[] {"Nodes 16\nConnections 1\n1->16 start 0 size 100\n",
            "t.cm:3: dst: node 16 is not one of the matrix's nodes 0..15"});
        cases.add(new String[] {"Nodes 8\nConnections 2\n1->0 id 4 start 0 size 9\n2->0 id 4 start 0 size 9\n",
            "t.cm:4: id: id 4 is also the id of the connection on line 3"});
        cases.add(new String[] {"Nodes 8\nConnections 1\n1->0 id 4 trigger 7 size 9\n",
            "t.cm:3: trigger 7 is named here but no line defines it"});
        cases.add(new String[] {"Nodes 8\nConnections 1\n1->0 start 0 size 9 priority 1\n",
            "t.cm:3: 'priority' is not a word of a connection line; it allows id, start, trigger, size"});
        for (String[] c : cases) {
            Files.writeString(tmp.resolve("t.cm"), c[0]);
            Path scenario = tmp.resolve("t.yaml");
            Files.writeString(scenario, withWorkload("workload: {kind: connection-matrix, file: t.cm}\n"));
            Cli.Outcome o = Cli.run("validate", scenario.toString());
            assertEquals(2, o.exitCode(), c[0]);
            assertTrue(o.err().contains(c[1]), "expected '" + c[1] + "' in:\n" + o.err());
        }
    }
}
