package io.fabricemu.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.wreb.EvalPoint;
import io.fabricemu.wreb.LevelWeights;
import io.fabricemu.wreb.LinearProfile;
import io.fabricemu.wreb.PowerProfile;
import io.fabricemu.wreb.StepProfile;
import io.fabricemu.wreb.WrebSettings;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The {@code switch.wreb} section: defaults, every option, and errors naming file, line, field and values. */
class WrebOptionsTest {
    private static final String SOURCE = "wreb.yaml";
    private static final String BASE = String.join("\n",
            "name: wreb",
            "topology: {kind: leaf-spine, leaves: 2, hostsPerLeaf: 2, spines: 1,",
            "  hostLink: {rate: 100Gbps, delay: 500ns}, fabricLink: {rate: 100Gbps, delay: 500ns}}",
            "workload: {kind: incast, receiver: 0, senders: 3, bytes: 64KiB}",
            "transport: {cc: nscc}",
            "switch:",
            "  ecn: [{kmin: 20KB, kmax: 80KB, pmax: 20%}]",
            "  wreb:",
            "");

    private static WrebSettings parse(String fields) throws ScenarioException {
        return ScenarioLoader.parse(BASE + fields, SOURCE, List.of()).switchConfig().wreb();
    }

    private static String error(String fields) {
        return assertThrows(ScenarioException.class, () -> parse(fields)).getMessage();
    }

    @Test
    void absentSection_isOff() throws ScenarioException {
        WrebSettings w = ScenarioLoader.parse(BASE.replace("  wreb:\n", ""), SOURCE, List.of()).switchConfig().wreb();
        assertEquals(WrebSettings.OFF, w);
    }

    @Test
    void presentSection_isOnWithTheDigestsDefaults() throws ScenarioException {
        WrebSettings w = parse("    enabled: true\n");
        assertEquals(WrebSettings.defaults(), w);
        assertEquals(new LinearProfile(50_000, 250_000, 100_000), w.profile());
        assertEquals(LevelWeights.QUEUE, w.level());
        assertEquals(EvalPoint.ENQUEUE, w.evalPoint());
        assertEquals(0, w.earlyEcnBit());
        assertEquals(0, w.btsBytes(), "resolved to transport.header when the run is prepared");
    }

    @Test
    void everyOption_isRead() throws ScenarioException {
        WrebSettings w = parse(String.join("\n", "    profile: nonlinear", "    kmin: 10KB", "    kmax: 90KB",
                "    pmax: 25%", "    gamma: 1.5", "    level: multi", "    queueWeight: 0.5", "    gradientWeight: 2",
                "    gradientWindow: 2us", "    evalPoint: dequeue", "    duplicatePolarity: 1", "    size: 80B", ""));
        assertEquals(new WrebSettings(true, new PowerProfile(10_000, 90_000, 250_000, 1_500),
                new LevelWeights(500, 2_000, 2_000_000), EvalPoint.DEQUEUE, false, 1, 80), w);
        assertEquals(new StepProfile(100_000, 0, 500_000), parse("    profile: step\n").profile());
        assertEquals(new StepProfile(30_000, 10_000, 200_000),
                parse("    profile: step\n    threshold: 30KB\n    pLow: 1%\n    pHigh: 0.2\n").profile());
        assertEquals(new LevelWeights(0, 1000, LevelWeights.DEFAULT_WINDOW_PS), parse("    level: gradient\n").level());
        assertEquals(false, parse("    enabled: false\n").enabled());
        assertEquals(true, parse("    sharedWithEcn: true\n").sharedWithEcn());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', ignoreLeadingAndTrailingWhitespace = false, value = {
            "    profile: cubic|wreb.yaml:9: switch.wreb.profile|linear, step, nonlinear",
            "    evalPoint: egress|wreb.yaml:9: switch.wreb.evalPoint|enqueue, dequeue",
            "    duplicatePolarity: 2|wreb.yaml:9: switch.wreb.duplicatePolarity|0, 1",
            "    level: latency|wreb.yaml:9: switch.wreb.level|queue, gradient, multi",
            "    enabled: yes|wreb.yaml:9: switch.wreb.enabled|false, true",
            "    kmax: 40KB|wreb.yaml:9: switch.wreb.kmax|must be above kmin",
            "    pmax: 1.5|wreb.yaml:9: switch.wreb.pmax|0..1",
            "    profile: step\\n    gamma: 2|wreb.yaml:10: switch.wreb.gamma|profile step has no gamma; it takes threshold, pLow, pHigh",
            "    profile: step\\n    pLow: 0.5\\n    pHigh: 0.1|wreb.yaml:11: switch.wreb.pHigh|must be above pLow",
            "    gamma: 2|wreb.yaml:9: switch.wreb.gamma|profile linear has no gamma",
            "    profile: nonlinear\\n    gamma: 0|wreb.yaml:10: switch.wreb.gamma|must be above 0",
            "    queueWeight: 0.5|wreb.yaml:9: switch.wreb.queueWeight|level: multi only",
            "    level: multi\\n    queueWeight: 0\\n    gradientWeight: 0|wreb.yaml:10: switch.wreb.queueWeight|must not both be 0",
            "    level: multi\\n    gradientWeight: x|wreb.yaml:10: switch.wreb.gradientWeight|not a number",
            "    sharedWithEcn: true\\n    kmin: 1KB|wreb.yaml:10: switch.wreb.kmin|leave out kmin",
            "    colour: red|wreb.yaml:9: switch.wreb.colour|allowed fields of switch.wreb are enabled, profile, kmin"})
    void badInput_namesFileLineFieldAndWhatIsAllowed(String fields, String where, String allowed) {
        String message = error(fields.replace("\\n", "\n") + "\n");
        assertEquals(true, message.startsWith(where + ":"), message);
        assertEquals(true, message.contains(allowed), message);
    }

    @Test
    void sharedWithEcn_withoutEcnRules_isAnError() {
        String yaml = BASE.replace("  ecn: [{kmin: 20KB, kmax: 80KB, pmax: 20%}]\n", "") + "    sharedWithEcn: true\n";
        String message = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(yaml, SOURCE, List.of()))
                .getMessage();
        assertEquals("wreb.yaml:8: switch.wreb.sharedWithEcn: true needs ECN marking rules in switch.ecn to share"
                + " their ramp", message);
    }

    @Test
    void baselineTransport_cannotReact_isAnError() {
        String yaml = BASE.replace("transport: {cc: nscc}", "transport: {cc: none}") + "    enabled: true\n";
        String message = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(yaml, SOURCE, List.of()))
                .getMessage();
        assertEquals("wreb.yaml:9: switch.wreb.enabled: transport.cc 'none' has no sender that reacts to"
                + " back-to-sender notices; WREB needs one of nscc, rccc, nscc+rccc, roce, dcqcn", message);
    }
}
