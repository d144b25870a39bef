package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two planes end to end, on a leaf-spine of two leaves of four hosts copied twice (100 Gb/s everywhere): UET
 * spreads every NIC's bytes over both planes, a NIC whose link into one plane is down sends everything on the
 * other, RoCEv2 keeps each flow on one plane, and PFC is refused with planes.
 */
class PlanesScenarioTest {
    private static final String SCENARIO = String.join("\n",
            "name: planes-test",
            "seed: 3",
            "topology:",
            "  kind: leaf-spine",
            "  planes: 2",
            "  leaves: 2",
            "  hostsPerLeaf: 4",
            "  spines: 2",
            "  hostLink:   {rate: 100Gbps, delay: 500ns}",
            "  fabricLink: {rate: 100Gbps, delay: 500ns}",
            "switch:",
            "  latency: 500ns",
            "  queue: 200KB",
            "  trimming: true",
            "  ecn:",
            "    - {kmin: 40KB, kmax: 160KB, pmax: 20%}",
            "transport:",
            "  cc: nscc",
            "  loadBalancing: reps",
            "workload:",
            "  kind: permutation",
            "  bytes: 1MiB",
            "stop: 10ms",
            "");
    /** Hosts 0 to 3 (leaf 0) each send 1 MiB to the host four above them (leaf 1), and receive nothing. */
    private static final String FOUR_FLOWS = "workload={kind: flows, flows: [{src: 0, dst: 4, bytes: 1MiB},"
            + " {src: 1, dst: 5, bytes: 1MiB}, {src: 2, dst: 6, bytes: 1MiB}, {src: 3, dst: 7, bytes: 1MiB}]}";
    /** Hosts 0 and 1 (leaf 0) each send 1 MiB to the host four above them (leaf 1). */
    private static final String TWO_FLOWS = "workload={kind: flows, flows: [{src: 0, dst: 4, bytes: 1MiB},"
            + " {src: 1, dst: 5, bytes: 1MiB}]}";
    /** 1 MiB of payload at 100 Gb/s, in ps: one port's serialization alone. */
    private static final long ONE_PORT_PS = 1_048_576L * 8 * 10;

    @TempDir
    Path tmp;
    private String file;

    @BeforeEach
    void writeScenario() throws IOException {
        Path p = tmp.resolve("planes-test.yaml");
        Files.writeString(p, SCENARIO);
        file = p.toString();
    }

    private JsonNode run(String... sets) throws IOException {
        return Cli.results(Cli.runInto(tmp, 0, file, Cli.sets(sets)));
    }

    @Test
    void uetSpreadsEveryNicOverBothPlanes_andFinishesFasterThanOnePortCould() throws IOException {
        JsonNode r = run();
        for (int h = 0; h < 8; h++) {
            long plane0 = Cli.port(r, "h" + h + ":nic0").get("txBytes").asLong();
            long plane1 = Cli.port(r, "h" + h + ":nic1").get("txBytes").asLong();
            long total = plane0 + plane1;
            assertTrue(plane0 > total * 4 / 10 && plane1 > total * 4 / 10, "h" + h + ": " + plane0 + " / " + plane1);
            assertTrue(Cli.port(r, "p1.leaf" + h / 4 + ":p" + h % 4).get("txBytes").asLong() > 400_000);
        }
        for (JsonNode f : r.get("flows")) {
            assertTrue(f.get("fctPs").asLong() < ONE_PORT_PS, "flow " + f.get("id") + ": " + f.get("fctPs"));
        }
    }

    @Test
    void aNicWhoseLinkIntoOnePlaneIsDown_sendsAllOnTheOther() throws IOException {
        JsonNode r = run(TWO_FLOWS, "faults=[{at: 0ns, link: \"h0 <-> p1.leaf0\", state: down}]");
        assertEquals(0, Cli.port(r, "h0:nic1").get("txBytes").asLong());
        assertTrue(Cli.port(r, "h0:nic0").get("txBytes").asLong() > 1_048_576);
        JsonNode flow = r.get("flows").get(0);
        assertEquals(0, flow.get("src").asInt());
        assertEquals(2, r.get("summary").get("flowsFinished").asInt());
        long fctPs = flow.get("fctPs").asLong();
        assertTrue(fctPs > ONE_PORT_PS && fctPs < ONE_PORT_PS * 12 / 10, "h0's flow took " + fctPs + " ps");
        assertTrue(r.get("flows").get(1).get("fctPs").asLong() < ONE_PORT_PS, "h1's flow uses both planes");
    }

    @Test
    void senderStopsSprayingOnAPlaneWhoseLinkIntoTheTargetIsDown() throws IOException {
        JsonNode r = run("faults=[{at: 0ns, link: \"h4 <-> p1.leaf1\", state: down}]");
        assertEquals(8, r.get("summary").get("flowsFinished").asInt());
        for (JsonNode f : r.get("flows")) {
            long fctPs = f.get("fctPs").asLong();
            if (f.get("dst").asInt() == 4) {
                // 304 us: two timeouts of 100 us, one to see plane 1 swallow the packets, one for the probe;
                // 8.8 ms while the sender kept spraying half of every window onto the dead plane.
                assertTrue(fctPs < 4 * 100_000_000L, "the flow into h4 took " + fctPs + " ps");
            } else {
                assertTrue(fctPs < ONE_PORT_PS * 2, "flow " + f.get("id") + " took " + fctPs + " ps");
            }
        }
    }

    @Test
    void roceKeepsEachFlowOnOnePlane() throws IOException {
        JsonNode r = run(FOUR_FLOWS, "transport={cc: dcqcn, window: 64MiB, rto: 100us}", "switch.trimming=false");
        for (int h = 0; h < 4; h++) {
            long plane0 = Cli.port(r, "h" + h + ":nic0").get("txBytes").asLong();
            long plane1 = Cli.port(r, "h" + h + ":nic1").get("txBytes").asLong();
            assertTrue(plane0 == 0 != (plane1 == 0), "h" + h + ": " + plane0 + " / " + plane1);
        }
        assertEquals(4, r.get("summary").get("flowsFinished").asInt());
    }

    @Test
    void htsimFailedOnPlanesIsRefused_namedPlaneLinksAreNot() {
        String fatTree = "topology={kind: fat-tree, k: 4, planes: 2, hostLink: {rate: 100Gbps, delay: 1us},"
                + " aggLink: {rate: 100Gbps, delay: 1us}, coreLink: {rate: 100Gbps, delay: 1us}}";
        Cli.Outcome refused = Cli.run("validate", file, "--set", fatTree, "--set",
                "faults=[{at: 0ns, links: {htsimFailed: 1}, rate: 25Gbps}]");
        assertNotEquals(0, refused.exitCode());
        assertTrue(refused.err().contains("2 planes"), refused.err());
        Cli.Outcome named = Cli.run("validate", file, "--set", fatTree, "--set",
                "faults=[{at: 0ns, link: \"p1.agg0.0 <-> p1.core0\", state: down}]");
        assertEquals(0, named.exitCode(), named.err());
    }

    @Test
    void pfcWithPlanesIsRefusedAtTheField() {
        Cli.Outcome o = Cli.run("validate", file, "--set", "switch.pfc={classes: [0], xoff: 64KiB, xon: 32KiB}");
        assertNotEquals(0, o.exitCode());
        assertTrue(o.err().contains("topology.planes") && o.err().contains("PFC"), o.err());
    }
}
