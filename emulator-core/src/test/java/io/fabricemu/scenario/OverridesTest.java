package io.fabricemu.scenario;

import static io.fabricemu.scenario.ScenarioTexts.BASE;
import static io.fabricemu.scenario.ScenarioTexts.FLOWS;
import static io.fabricemu.scenario.ScenarioTexts.MINIMAL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.scenario.transport.TransportConfig;
import io.fabricemu.scenario.workload.FlowList;
import io.fabricemu.scenario.workload.Incast;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.topology.LeafSpineSpec;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OverridesTest {
    private static final String SOURCE = "o.yaml";

    private static Scenario load(String yaml, String... overrides) throws ScenarioException {
        return ScenarioLoader.parse(yaml, SOURCE, List.of(overrides));
    }

    @Test
    void seed_replacesTheFileValue() throws ScenarioException {
        assertEquals(3, load(BASE).seed());
        assertEquals(7, load(BASE, "seed=7").seed());
    }

    @Test
    void workloadBytes_replacesTheFileValue() throws ScenarioException {
        Incast incast = (Incast) load(BASE, "workload.bytes=1MiB").workload();
        assertEquals(1L << 20, incast.bytes());
    }

    @Test
    void nestedPath_createsMissingSections() throws ScenarioException {
        Scenario s = load(MINIMAL, "switch.latency=1us", "transport.window=1MiB");
        assertEquals(1_000_000, s.switchConfig().latencyPs());
        assertEquals(1L << 20, s.transport().windowBytes());
        assertEquals(TransportConfig.defaults().mtuBytes(), s.transport().mtuBytes());
    }

    @Test
    void nestedPath_setsAFieldInsideAFlowMap() throws ScenarioException {
        LeafSpineSpec spec = (LeafSpineSpec) load(BASE, "topology.hostLink.rate=400Gbps",
                "topology.hostLink.fec=100ns").topology();
        assertEquals(400_000_000_000L, spec.hostLink().rateBps());
        assertEquals(100_000, spec.hostLink().fecDelayPs());
        assertEquals(500_000, spec.hostLink().delayPs());
    }

    @Test
    void numericSegment_indexesAList() throws ScenarioException {
        FlowList flows = (FlowList) load(FLOWS, "workload.flows.1.bytes=1MB").workload();
        assertEquals(List.of(1L << 20, 1_000_000L, 512L * 1024),
                flows.flows().stream().map(FlowSpec::bytes).toList());
    }

    @Test
    void value_isReadAsYaml() throws ScenarioException {
        Incast incast = (Incast) load(BASE, "workload.senders=[4, 5]").workload();
        assertEquals(List.of(4, 5), incast.senders());
        Incast counted = (Incast) load(BASE, "workload.senders=2").workload();
        assertEquals(List.of(1, 2), counted.senders());
    }

    @Test
    void laterOverride_winsOverEarlier() throws ScenarioException {
        assertEquals(9, load(BASE, "seed=7", "seed=9").seed());
    }

    @Test
    void badValue_namesTheOverrideInsteadOfALine() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> load(BASE, "workload.bytes=2XB"));
        assertEquals("o.yaml: --set workload.bytes=2XB: workload.bytes: '2XB' is not a size; use a number with B,"
                + " KB, MB, GB, KiB, MiB or GiB (e.g. 4150B, 2MiB)", e.getMessage());
        assertEquals(0, e.line());
        assertEquals("workload.bytes", e.field());
    }

    @Test
    void unknownField_createdByOverride_namesTheOverride() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> load(BASE, "switch.qeue=1MiB"));
        assertTrue(e.getMessage().startsWith("o.yaml: --set switch.qeue=1MiB: switch.qeue: unknown field"),
                e.getMessage());
        assertTrue(e.getMessage().contains("did you mean 'queue'?"), e.getMessage());
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiter = '|', value = {
            "seed                        | an override needs '='",
            "=7                          | the path before '=' is empty",
            "workload..bytes=1MiB        | has an empty segment",
            "workload.flows.3.bytes=1MB  | index 3 is out of range for 'workload.flows', which has 3 items; indexes are 0..2",
            "workload.flows.x.bytes=1MB  | 'workload.flows' is a list; index it with a number from 0 to 2, not 'x'",
            "name.first=x                | 'name' is a single value, not a map or list, so it has no 'first'",
            "seed=[1,                    | malformed YAML",
    })
    void malformedOverride_isAnErrorNamingIt(String override, String detail) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> load(FLOWS, override));
        assertTrue(e.getMessage().startsWith("o.yaml: --set " + override + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(detail), e.getMessage());
        assertEquals(0, e.line());
    }

    @Test
    void override_onAnEmptyFile_stillNeedsTheRequiredFields() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parse("", SOURCE, List.of("name=x")));
        assertEquals("o.yaml: --set name=x: topology: is required; expected a map of fields (and 1 more error)",
                e.getMessage());
        assertEquals("o.yaml: --set name=x: workload: is required; expected a map of fields",
                e.errors().get(1).getMessage());
    }
}
