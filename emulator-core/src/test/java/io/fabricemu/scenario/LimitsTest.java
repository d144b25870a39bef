package io.fabricemu.scenario;

import static io.fabricemu.scenario.ScenarioTexts.BASE;
import static io.fabricemu.scenario.ScenarioTexts.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.topology.LeafSpineSpec;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The global bounds of {@link Limits}: every time, rate and size a scenario gives is refused just past its bound,
 * at its line with the bound in the message, and accepted at it. Values past these bounds overflowed the models'
 * arithmetic (a 9,223,372,036,854,775,807 ps timeout scheduled its timer in the past; a flow of nearly as many
 * bytes sent nothing).
 */
class LimitsTest {
    private static ScenarioErrorsTest.Case c(String name, String yaml, int line, String field, String bound) {
        return ScenarioErrorsTest.c(name, yaml, line, field, bound);
    }

    /** BASE with {@code transport.cc: cc} and {@code transport.key: value} after it. */
    private static String transport(String cc, String key, String value) {
        return with(BASE, 20, "  cc: " + cc + "\n  " + key + ": " + value);
    }

    static Stream<ScenarioErrorsTest.Case> pastTheBound() {
        return Stream.of(
                // times: one hour
                c("time: rto", with(BASE, 19, "  rto: 9223372036854775807ps"), 19, "transport.rto",
                        "from 1ps to 3600s"),
                c("time: rto just past an hour", with(BASE, 19, "  rto: 3600000000000001ps"), 19, "transport.rto",
                        "from 1ps to 3600s"),
                c("time: link delay", with(BASE, 8, "  hostLink: {rate: 100Gbps, delay: 3601s}"), 8,
                        "topology.hostLink.delay", "from 1ps to 3600s"),
                c("time: fec", with(BASE, 9, "  fabricLink: {rate: 400Gbps, delay: 500ns, fec: 3601s}"), 9,
                        "topology.fabricLink.fec", "from 0ps to 3600s"),
                c("time: switch latency", with(BASE, 11, "  latency: 3601s"), 11, "switch.latency",
                        "from 1ps to 3600s"),
                c("time: start", with(BASE, 26, "  start: 3601s"), 26, "workload.start", "from 0ps to 3600s"),
                c("time: stop", with(BASE, 27, "stop: 3601s"), 27, "stop", "from 1ps to 3600s"),
                c("time: pfc deadlock timeout", with(BASE, 14, "  pfc: {deadlockTimeout: 3601s}"), 14,
                        "switch.pfc.deadlockTimeout", "from 1ps to 3600s"),
                c("time: rnr aging", with(BASE, 14, "  rnrNack: {aging: 3601s}", 20, "  cc: roce"), 14,
                        "switch.rnrNack.aging", "from 1ps to 3600s"),
                c("time: wreb gradient window", with(BASE, 14, "  wreb: {level: gradient, gradientWindow: 3601s}",
                        20, "  cc: nscc"), 14, "switch.wreb.gradientWindow", "from 1ps to 3600s"),
                // rates: 1 Mb/s to 100 Tb/s
                c("rate: link too slow", with(BASE, 8, "  hostLink: {rate: 999999bps, delay: 500ns}"), 8,
                        "topology.hostLink.rate", "from 1Mbps to 100Tbps"),
                c("rate: link too fast", with(BASE, 9, "  fabricLink: {rate: 101Tbps, delay: 500ns}"), 9,
                        "topology.fabricLink.rate", "from 1Mbps to 100Tbps"),
                c("rate: memory write rate", transport("nscc", "receiverMemory",
                        "{writeRate: 200Tbps, buffer: 1MiB}"), 21, "transport.receiverMemory.writeRate",
                        "from 1Mbps to 100Tbps"),
                c("rate: dcqcn hyper increase", transport("dcqcn", "dcqcn", "{rateHai: 101Tbps}"), 21,
                        "transport.dcqcn.rateHai", "from 1Mbps to 100Tbps"),
                c("rate: dcqcn minimum", transport("dcqcn", "dcqcn", "{minRate: 10Kbps}"), 21,
                        "transport.dcqcn.minRate", "from 1Mbps to 100Tbps"),
                // flows: 1 TiB
                c("flow: bytes", with(BASE, 25, "  bytes: 9223372036854771723B"), 25, "workload.bytes",
                        "from 1B to 1024GiB"),
                c("flow: bytes just past a TiB", with(BASE, 25, "  bytes: 1099511627777B"), 25, "workload.bytes",
                        "from 1B to 1024GiB"),
                c("flow: roce message", transport("roce", "messageSize", "1025GiB"), 21, "transport.messageSize",
                        "from 1B to 1024GiB"),
                // buffers, windows and thresholds: 64 GiB
                c("buffer: queue", with(BASE, 13, "  queue: 65GiB"), 13, "switch.queue", "from 1B to 64GiB"),
                c("buffer: shared buffer", with(BASE, 14, "  sharedBuffer: 65GiB"), 14, "switch.sharedBuffer",
                        "from 0B to 64GiB"),
                c("buffer: window", with(BASE, 18, "  window: 65GiB"), 18, "transport.window", "from 4150B to 64GiB"),
                c("buffer: ecn kmax", with(BASE, 14, "  ecn: [{kmin: 1KiB, kmax: 65GiB, pmax: 1%}]"), 14,
                        "switch.ecn[0].kmax", "from 0B to 64GiB"),
                c("buffer: pfc xoff", with(BASE, 14, "  pfc: {xoff: 65GiB}"), 14, "switch.pfc.xoff",
                        "from 1B to 64GiB"),
                c("buffer: nscc initial window", transport("nscc", "initialWindow", "65GiB"), 21,
                        "transport.initialWindow", "from 0B to 64GiB"),
                // counts: hosts and switches together are numbered by an int, whatever each count's own bound
                c("count: leaf-spine hosts", with(BASE, 5, "  leaves: 1000000", 6, "  hostsPerLeaf: 1000000"), 5,
                        "topology.leaves", "leaves x hostsPerLeaf = 1,000,000,000,000 hosts, with 1,000,002 switches;"
                        + " a fabric has at most 2,147,483,647 hosts and switches together"),
                c("count: fat-tree hosts", with(BASE, 4, "  kind: fat-tree", 5, "  pods: 1000000",
                        6, "  torsPerPod: 1000000", 7, "  hostsPerTor: 1\n  aggsPerPod: 1\n  cores: 1",
                        9, "  aggLink: {rate: 400Gbps, delay: 500ns}\n  coreLink: {rate: 400Gbps, delay: 500ns}"), 5,
                        "topology.pods", "pods x torsPerPod x hostsPerTor = 1,000,000,000,000 hosts"),
                c("count: ring hosts", with(BASE, 4, "  kind: ring", 5, "  switches: 1000000",
                        6, "  hostsPerSwitch: 1000000", 7, "", 9, "  ringLink: {rate: 400Gbps, delay: 500ns}"), 5,
                        "topology.switches", "switches x hostsPerSwitch = 1,000,000,000,000 hosts"),
                c("count: rail-optimised hosts", with(BASE, 4, "  kind: rail-optimised", 5, "  segmentsPerPod: 1000000",
                        6, "  nodesPerSegment: 1000000\n  gpusPerNode: 8", 7, "  spinesPerPod: 1"), 4,
                        "topology.pods", "pods x segmentsPerPod x nodesPerSegment x gpusPerNode = 8,000,000,000,000 hosts"),
                // packets per flow: a flow of 1 TiB in 1-byte payloads is 2^40 packets
                c("packets: a TiB in 1 B payloads", with(BASE, 16, "  mtu: 65B", 25, "  bytes: 1024GiB"), 25,
                        "workload.bytes", "1,099,511,627,776 packets of 1 B of payload"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pastTheBound")
    void parse_pastItsBound_isRefusedAtItsLineWithTheBound(ScenarioErrorsTest.Case bad) {
        ScenarioErrorsTest.assertRefused(bad);
    }

    @Test
    void parse_aFabricTooLargeToBuild_isRefusedWithoutBindingItsWorkload() {
        // 10^9 hosts fit an int but not a run; a collective over all of them would list 10^9 ranks
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(with(BASE,
                4, "  kind: rail-optimised", 5, "  segmentsPerPod: 1000",
                6, "  nodesPerSegment: 1000\n  gpusPerNode: 1000", 7, "  spinesPerPod: 1",
                22, "  kind: all-reduce\n  algorithm: ring\n  ranks: 0..999999999", 23, "", 24, "", 26, ""),
                "limits.yaml", List.of()));
        assertEquals(1, e.errors().size(), e.getMessage());
        assertTrue(e.getMessage().startsWith("limits.yaml:4: topology: the fabric has 4,004,000,000 elements"),
                e.getMessage());
    }

    @Test
    void parse_packetsPerFlow_namesTheLimitAndTheWayOut() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(
                with(BASE, 16, "  mtu: 65B", 25, "  bytes: 1024GiB"), "limits.yaml", List.of()));
        assertEquals("limits.yaml:25: workload.bytes: '1024GiB' is 1,099,511,627,776 packets of 1 B of payload"
                + " (transport.mtu less transport.header); a flow may be at most 2,147,483,646 packets: give fewer"
                + " bytes or a larger transport.mtu", e.getMessage());
    }

    @Test
    void parse_everyBoundItself_isAccepted() throws ScenarioException {
        Scenario s = ScenarioLoader.parse(with(BASE,
                8, "  hostLink: {rate: 1Mbps, delay: 3600s}",
                9, "  fabricLink: {rate: 100Tbps, delay: 3600s, fec: 3600s}",
                11, "  latency: 3600s",
                13, "  queue: 64GiB",
                14, "  sharedBuffer: 64GiB",
                18, "  window: 64GiB",
                19, "  rto: 3600s",
                25, "  bytes: 1024GiB",
                26, "  start: 3599999999999999ps",
                27, "stop: 3600s"), "limits.yaml", List.of());
        assertEquals(3_600_000_000_000_000L, s.transport().rtoPs());
        assertEquals(1L << 40, s.workload().flows(16, 1).get(0).bytes());
        assertEquals(64L << 30, s.switchConfig().queueBytes());
        assertEquals(1_000_000, ((LeafSpineSpec) s.topology()).hostLink().rateBps());
        assertEquals(100_000_000_000_000L, ((LeafSpineSpec) s.topology()).fabricLink().rateBps());
    }
}
