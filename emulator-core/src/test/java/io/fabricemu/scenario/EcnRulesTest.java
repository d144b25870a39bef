package io.fabricemu.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.ecn.EcnPolicy;
import io.fabricemu.ecn.EcnRamp;
import io.fabricemu.scenario.yaml.ScenarioException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EcnRulesTest {
    private static final String BASE = String.join("\n",
            "name: ecn",
            "topology: {kind: leaf-spine, leaves: 2, hostsPerLeaf: 2, spines: 1,",
            "  hostLink: {rate: 100Gbps, delay: 500ns}, fabricLink: {rate: 100Gbps, delay: 500ns}}",
            "workload: {kind: incast, receiver: 0, senders: 3, bytes: 64KiB}",
            "switch:",
            "  ecn:",
            "");

    private static EcnPolicy parse(String rules) throws ScenarioException {
        return ScenarioLoader.parse(BASE + rules, "ecn.yaml", List.of()).switchConfig().ecn();
    }

    @Test
    void parse_rulesBecomeAPolicyWhoseLastMatchWins() throws ScenarioException {
        EcnPolicy p = parse("    - {kmin: 100KB, kmax: 400KB, pmax: 20%}\n"
                + "    - {tier: 1, lastHop: true, class: 0, off: true}\n");
        assertEquals(new EcnRamp(100_000, 400_000, 200_000), p.rampFor(1, false, 0));
        assertNull(p.rampFor(1, true, 0));
        assertEquals(new EcnRamp(100_000, 400_000, 200_000), p.rampFor(1, true, 1));
    }

    @Test
    void parse_withoutEcnNothingMarks() throws ScenarioException {
        assertEquals(EcnPolicy.NONE, ScenarioLoader.parse(BASE.replace("switch:\n  ecn:\n", ""), "ecn.yaml",
                List.of()).switchConfig().ecn());
    }

    @ParameterizedTest(name = "pmax {0}")
    @CsvSource({"0.2, 200000", "20%, 200000", "1, 1000000", "0, 0", "0.000001, 1", "12.5%, 125000"})
    void parse_pmaxIsExact(String pmax, int ppm) throws ScenarioException {
        assertEquals(ppm, parse("    - {kmin: 1KB, kmax: 2KB, pmax: " + pmax + "}\n").rampFor(1, false, 0).pmaxPpm());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "- {kmin: 1KB, kmax: 2KB, pmax: 1.5}|ecn.yaml:7: switch.ecn[0].pmax: '1.5' is out of range",
            "- {kmin: 1KB, kmax: 2KB, pmax: lots}|ecn.yaml:7: switch.ecn[0].pmax: 'lots' is not a probability",
            "- {kmin: 1KB, kmax: 2KB, pmax: 0.0000001}|switch.ecn[0].pmax: '0.0000001' is not a probability",
            "- {kmin: 3KB, kmax: 2KB, pmax: 0.1}|switch.ecn[0].kmax: '2KB' must be at least kmin ('3KB')",
            "- {off: true, kmin: 1KB}|switch.ecn[0].kmin: a rule with off: true has no kmin",
            "- {class: 2, off: true}|switch.ecn[0].class",
            "- {tier: 4, off: true}|switch.ecn[0].tier",
            "- {kmin: 1KB, kmax: 2KB}|switch.ecn[0].pmax",
            "- {kmin: 1KB, kmax: 2KB, pmax: 0.1, colour: red}|unknown field; allowed fields of switch.ecn[0]"})
    void parse_badRulesNameTheFieldAndTheLine(String rule, String expected) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> parse("    " + rule + "\n"));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(e.getMessage().startsWith("ecn.yaml:7:"), e.getMessage());
    }
}
