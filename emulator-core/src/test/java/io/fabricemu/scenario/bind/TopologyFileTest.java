package io.fabricemu.scenario.bind;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.scenario.ScenarioLoader;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.topology.Topologies;
import io.fabricemu.topology.Topology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A fabric from a file in the ns-3/HPCC topology.txt format ({@code topology: {kind: file, path: ...}}): a good
 * file builds the fabric it describes, hosts numbered by their ids, switches tiered by their distance from the
 * hosts, every link at its own rate, delay and loss; every bad line is refused at its line and field, with what is
 * allowed, and a file of another kind is never quoted.
 */
class TopologyFileTest {
    /** Two ToRs (4, 5) of two hosts each under one spine (6); ToR 5 has two links to the spine. */
    private static final List<String> GOOD = List.of("7 3 7", "4 5 6", "0 4 100Gbps 0.0005ms 0",
            "1 4 100Gbps 0.0005ms 0", "2 5 400Gbps 500ns 0.000000", "# a comment", "", "3 5 400Gbps 500ns 0",
            "4 6 200Gbps 1us 0", "5 6 400Gbps 1us 0", "6 5 400Gbps 1us 0");

    private static final String RANGE = "error_rate is a number from 0 up to but not including 1, exact to a millionth";

    @TempDir
    Path dir;

    private Path scenario(String path, List<String> topologyLines) throws IOException {
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, String.join("\n", "name: s", "topology:", "  kind: file", "  path: " + path,
                "workload:", "  kind: incast", "  receiver: 0", "  senders: [2, 3]", "  bytes: 64KiB", ""));
        if (topologyLines != null) {
            Files.writeString(dir.resolve("topo.txt"), String.join("\n", topologyLines) + "\n");
        }
        return file;
    }

    private ScenarioException refused(List<String> lines) throws IOException {
        Path s = scenario("topo.txt", lines);
        return assertThrows(ScenarioException.class, () -> ScenarioLoader.load(s, List.of()));
    }

    @Test
    void aGoodFile_buildsItsFabric() throws Exception {
        Topology t = Topologies.build(ScenarioLoader.load(scenario("topo.txt", GOOD), List.of()).topology());
        assertEquals(4, t.hostCount());
        assertEquals(3, t.switchCount());
        assertEquals(7, t.cableCount());
        assertEquals("sw4", t.name(4));
        assertEquals("sw6", t.name(6));
        assertEquals(1, t.tier(4));
        assertEquals(2, t.tier(6));
        assertTrue(t.describe().startsWith("file: 4 hosts, 3 switches (2 edge, 1 second-tier), 7 cables"),
                t.describe());
        // h2 hangs off ToR 5 at 400 Gb/s, 500 ns; ToR 4's one uplink runs at 200 Gb/s
        assertEquals(400_000_000_000L, t.cableAt(2, 0).spec().rateBps());
        assertEquals(500_000, t.cableAt(2, 0).spec().delayPs());
        assertEquals(3, t.switchHops(0, 3));
        assertEquals(2, t.nextPorts(5, 0).length, "ToR 5 reaches h0 over both its links to the spine");
    }

    @Test
    void anErrorRate_isItsCablesLoss_inEveryPlane() throws Exception {
        List<String> lossy = new java.util.ArrayList<>(GOOD);
        lossy.set(2, "0 4 100Gbps 0.0005ms 0.01");
        lossy.set(3, "1 4 100Gbps 0.0005ms 1e-05");
        Topology t = Topologies.build(ScenarioLoader.load(scenario("topo.txt", lossy), List.of()).topology());
        assertEquals(0.01, t.cableAt(0, 0).spec().lossProbability());
        assertEquals(1e-5, t.cableAt(1, 0).spec().lossProbability());
        assertEquals(0, t.cableAt(2, 0).spec().lossProbability());
        assertEquals(0, t.cableAt(4, 2).spec().lossProbability(), "ToR 4's uplink has error_rate 0");
        Path twoPlanes = scenario("topo.txt", lossy);
        Files.writeString(twoPlanes, Files.readString(twoPlanes).replace("  kind: file", "  kind: file\n  planes: 2"));
        Topology planes = Topologies.build(ScenarioLoader.load(twoPlanes, List.of()).topology());
        assertEquals(0.01, planes.cableAt(0, 0).spec().lossProbability(), "h0's cable into plane 0");
        assertEquals(0.01, planes.cableAt(0, 1).spec().lossProbability(), "h0's cable into plane 1");
        assertEquals(0, planes.cableAt(2, 1).spec().lossProbability());
    }

    @Test
    void hostsAreNumberedByTheirIds_switchesAnywhere() throws Exception {
        // switches 0 and 3; hosts are ids 1, 2, 4 -> h0, h1, h2
        Path s = scenario("topo.txt", List.of("5 2 4", "3 0", "1 0 100Gbps 1us 0", "2 0 100Gbps 1us 0",
                "4 3 100Gbps 1us 0", "0 3 100Gbps 1us 0"));
        Files.writeString(s, Files.readString(s).replace("senders: [2, 3]", "senders: [1, 2]"));
        Topology t = Topologies.build(ScenarioLoader.load(s, List.of()).topology());
        assertEquals(3, t.hostCount());
        assertEquals("sw0", t.name(t.peerNode(0, 0)), "h0 is node 1, on switch 0");
        assertEquals("sw3", t.name(t.peerNode(2, 0)), "h2 is node 4, on switch 3");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "counts not three numbers|1|2 x 7|''|the first line must be three whole numbers",
        "switch list too short|2|7 3 7;4 5|switches|must list the 3 switch ids the first line counts; it has 2",
        "switch id out of range|2|7 3 7;4 5 9|switch id|'9' is not a node id; ids are whole numbers from 0 to 6",
        "switch listed twice|2|7 3 7;4 5 5|switches|switch id 5 is listed twice",
        "short link line|3|7 3 7;4 5 6;0 4 100Gbps 1us|''|a link line has 5 fields",
        "link to itself|3|7 3 7;4 5 6;4 4 100Gbps 1us 0|dst|node 4 is linked to itself",
        "two hosts|3|7 3 7;4 5 6;0 1 100Gbps 1us 0|dst|nodes 0 and 1 are both hosts",
        "bad rate|3|7 3 7;4 5 6;0 4 100Gbbps 1us 0|rate|'100Gbbps' is not a rate",
        "bad delay|3|7 3 7;4 5 6;0 4 100Gbps 1 0|delay|'1' is not a delay",
        "error_rate 1|3|7 3 7;4 5 6;0 4 100Gbps 1us 1|error_rate|'1' is not a loss probability; " + RANGE,
        "error_rate above 1|3|7 3 7;4 5 6;0 4 100Gbps 1us 1.5|error_rate|'1.5' is not a loss probability",
        "negative error_rate|3|7 3 7;4 5 6;0 4 100Gbps 1us -0.01|error_rate|'-0.01' is not a loss probability",
        "error_rate not a number|3|7 3 7;4 5 6;0 4 100Gbps 1us lossy|error_rate|'lossy' is not a loss probability",
        "error_rate NaN|3|7 3 7;4 5 6;0 4 100Gbps 1us NaN|error_rate|'NaN' is not a loss probability; " + RANGE,
        "error_rate finer than a millionth|3|7 3 7;4 5 6;0 4 100Gbps 1us 1e-07|error_rate|'1e-07' is not a loss",
        "error_rate as a percentage|3|7 3 7;4 5 6;0 4 100Gbps 1us 1%|error_rate|is not a loss probability; " + RANGE,
        "host on two links|4|7 3 7;4 5 6;0 4 100Gbps 1us 0;0 5 100Gbps 1us 0|src|host node 0 already has a link, on line 3",
        "too few lines|3|7 3 7;4 5 6;0 4 100Gbps 1us 0|''|the file ends before link 2 of 7",
    })
    void aBadLine_isRefusedAtItsLineAndField(String what, int line, String text, String field, String fragment)
            throws IOException {
        ScenarioException e = refused(List.of(text.split(";")));
        assertAll(what,
                () -> assertTrue(e.source().endsWith("topo.txt"), e.getMessage()),
                () -> assertEquals(line, e.line(), e.getMessage()),
                () -> assertEquals(field, e.field(), e.getMessage()),
                () -> assertTrue(e.getMessage().contains(fragment), e.getMessage()));
    }

    @Test
    void moreLinksThanCounted_aHostWithoutALink_andTwoIslands_areRefused() throws IOException {
        List<String> more = new java.util.ArrayList<>(GOOD);
        more.add("0 6 100Gbps 1us 0");
        assertTrue(refused(more).getMessage().contains("the first line counts 7 links, but more lines follow"));
        ScenarioException lonely = refused(List.of("4 1 2", "3", "0 3 100Gbps 1us 0", "1 3 100Gbps 1us 0"));
        assertEquals(2, lonely.line());
        assertTrue(lonely.getMessage().contains("node 2 is a host (not on this line) with no link"),
                lonely.getMessage());
        ScenarioException islands = refused(List.of("6 2 4", "4 5", "0 4 100Gbps 1us 0", "1 4 100Gbps 1us 0",
                "2 5 100Gbps 1us 0", "3 5 100Gbps 1us 0"));
        assertTrue(islands.getMessage().contains("node 2 cannot be reached from node 0"), islands.getMessage());
    }

    @Test
    void aFileOfAnotherKind_isNeverQuoted() throws IOException {
        String secret = "root:x:0:0:secret-line";
        Files.writeString(dir.resolve("other.txt"), secret + "\n3 1 2\n");
        Path s = scenario("other.txt", null);
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(s, List.of()));
        assertTrue(e.getMessage().contains("is not a topology file of that format"), e.getMessage());
        assertFalse(e.getMessage().contains("secret"), e.getMessage());
        Path outside = scenario("/etc/hostname", null);
        ScenarioException far = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(outside, List.of()));
        assertTrue(far.getMessage().contains("is an absolute path"), far.getMessage());
    }

    /** The YAML form: named switches with their tiers, links by name; the same checks, at the YAML file's lines. */
    @Test
    void theYamlForm_buildsNamedSwitchesAtTheirTiers_andRefusesAtItsLines() throws Exception {
        List<String> yaml = List.of("hosts: 4", "switches:", "  - {name: leaf0, tier: 1}", "  - {name: leaf1, tier: 1}",
                "  - {name: core0, tier: 3}", "links:", "  - {a: h0, b: leaf0, rate: 400Gbps, delay: 500ns}",
                "  - {a: h1, b: leaf0, rate: 400Gbps, delay: 500ns}", "  - {a: h2, b: leaf1, rate: 400Gbps, delay: 500ns}",
                "  - {a: h3, b: leaf1, rate: 400Gbps, delay: 500ns}", "  - {a: leaf0, b: core0, rate: 800Gbps, delay: 1us}",
                "  - {a: leaf1, b: core0, rate: 800Gbps, delay: 1us}");
        Files.writeString(dir.resolve("fabric.yaml"), String.join("\n", yaml) + "\n");
        Topology t = Topologies.build(ScenarioLoader.load(scenario("fabric.yaml", null), List.of()).topology());
        assertEquals("core0", t.name(6));
        assertEquals(3, t.tier(6), "the tier given, not the distance (2)");
        assertEquals(800_000_000_000L, t.cableAt(6, 0).spec().rateBps());

        Files.writeString(dir.resolve("fabric.yaml"), String.join("\n", yaml).replace("b: core0, rate: 800Gbps, delay: 1us}",
                "b: core1, rate: 800Gbps, delay: 1us}") + "\n");
        ScenarioException unknown = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.load(dir.resolve("s.yaml"), List.of()));
        assertEquals(11, unknown.line(), unknown.getMessage());
        assertEquals("links[4].b", unknown.field());
        assertTrue(unknown.getMessage().contains("'core1' is neither a host (h0 to h3) nor a switch (leaf0, leaf1,"
                + " core0)"), unknown.getMessage());
        Files.writeString(dir.resolve("fabric.yaml"), String.join("\n", yaml).replace("{a: h3, b: leaf1", "{a: h2, b: leaf1")
                + "\n");
        ScenarioException twice = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.load(dir.resolve("s.yaml"), List.of()));
        assertTrue(twice.getMessage().contains("h2 already has a link, on line 9"), twice.getMessage());
    }

    /** The YAML form's {@code loss}: a probability as the faults write one, below 100%, at its line when bad. */
    @Test
    void theYamlForm_takesALinksLoss_asAProbability() throws Exception {
        List<String> yaml = List.of("hosts: 2", "switches:", "  - {name: leaf0}", "links:",
                "  - {a: h0, b: leaf0, rate: 400Gbps, delay: 500ns, loss: 0.1%}",
                "  - {a: h1, b: leaf0, rate: 400Gbps, delay: 500ns, loss: 0.00002}");
        Files.writeString(dir.resolve("fabric.yaml"), String.join("\n", yaml) + "\n");
        Path s = scenario("fabric.yaml", null);
        Files.writeString(s, Files.readString(s).replace("senders: [2, 3]", "senders: [1]"));
        Topology t = Topologies.build(ScenarioLoader.load(s, List.of()).topology());
        assertEquals(0.001, t.cableAt(0, 0).spec().lossProbability());
        assertEquals(0.00002, t.cableAt(1, 0).spec().lossProbability());
        for (String[] bad : new String[][] {{"loss: 100%", "'100%' would lose every packet"},
                {"loss: 1.5", "'1.5' is out of range; it must be 0..1 (or 0%..100%)"},
                {"loss: lots", "'lots' is not a probability"}}) {
            Files.writeString(dir.resolve("fabric.yaml"), String.join("\n", yaml).replace("loss: 0.00002", bad[0])
                    + "\n");
            ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(s, List.of()));
            assertEquals(6, e.line(), e.getMessage());
            assertEquals("links[1].loss", e.field(), e.getMessage());
            assertTrue(e.getMessage().contains(bad[1]), e.getMessage());
        }
    }
}
