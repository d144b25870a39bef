package io.fabricemu.scenario;

import static io.fabricemu.scenario.ScenarioTexts.BASE;
import static io.fabricemu.scenario.ScenarioTexts.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.scenario.yaml.ScenarioException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A file with errors in several independent parts is refused with every one of them, each with its line and field,
 * in the order of their lines; a part that needs another in error is not checked against it.
 */
class ScenarioErrorListTest {
    private static final String SOURCE = "scenarios/err.yaml";

    private static List<ScenarioException> errors(String yaml) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(yaml, SOURCE,
                List.of()));
        return e.errors();
    }

    private static List<String> where(List<ScenarioException> errors) {
        return errors.stream().map(e -> e.line() + " " + e.field()).toList();
    }

    @Test
    void transportAndWorkloadErrors_areBothReported() {
        String yaml = with(BASE, 19, "  rto: 0us", 25, "  bytes: 2XB");
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(yaml, SOURCE,
                List.of()));
        assertEquals(List.of("19 transport.rto", "25 workload.bytes"), where(e.errors()));
        assertTrue(e.errors().get(1).getMessage().startsWith(SOURCE + ":25: workload.bytes: '2XB' is not a size"),
                e.errors().get(1).getMessage());
        assertEquals(e.errors().get(0).getMessage() + " (and 1 more error)", e.getMessage());
        assertEquals(19, e.line());
    }

    @Test
    void everyIndependentPart_reportsItsErrors() {
        String yaml = with(BASE, 2, "seed: -1", 5, "  leaves: 0", 13, "  queue: 12XB", 19, "  rto: 0us", 27,
                "stop: 0s") + "sampling: {interval: 0ns}\nextra: 1\n";
        List<ScenarioException> errors = errors(yaml);
        assertEquals(List.of("2 seed", "5 topology.leaves", "19 transport.rto", "27 stop", "28 sampling.interval",
                "29 extra"), where(errors));
        assertTrue(errors.get(5).getMessage().startsWith(SOURCE + ":29: extra: unknown field"),
                errors.get(5).getMessage());
    }

    @Test
    void withinOneSection_everyFieldsOwnErrorIsReported() {
        String yaml = with(BASE, 5, "  leaves: 0", 7, "  spines: two", 8, "  hostLink: {rate: 100Gbs, delay: 5}",
                11, "  latency: -1ns", 13, "  queue: 12XB", 14, "  trafficClass: 2", 18, "  window: 256KB",
                19, "  rto: 0us");
        List<ScenarioException> errors = errors(yaml);
        assertEquals(List.of("5 topology.leaves", "7 topology.spines", "8 topology.hostLink.rate",
                "8 topology.hostLink.delay", "19 transport.rto"), where(errors));
        // the switch is checked once its transport binds: with the rto right, all three of its errors show
        assertEquals(List.of("11 switch.latency", "13 switch.queue", "14 switch.trafficClass"),
                where(errors(with(yaml, 19, "  rto: 100us"))).subList(4, 7));
    }

    @Test
    void anErrorThatComparesFields_isLeftOutBesideAFieldsOwnError_whichMayCauseIt() {
        // kmax below kmin is reported alone; beside a bad kmin (read as its lowest value) it would be a guess
        String bad = with(BASE, 14, "  trafficClasses: 2\n  ecn: [{kmin: 400KB, kmax: 100KB, pmax: 20%}]");
        assertEquals(List.of("15 switch.ecn[0].kmax"), where(errors(bad)));
        String both = with(BASE, 13, "  queue: 12XB", 14,
                "  trafficClasses: 2\n  ecn: [{kmin: 400KB, kmax: 100KB, pmax: 20%}]");
        assertEquals(List.of("13 switch.queue"), where(errors(both)));
    }

    @Test
    void aMisspeltRequiredField_isReportedOnceAsUnknown_andReadingGoesOn() {
        String yaml = with(BASE, 7, "  spine: 2", 8, "  hostLink: {rate: 100Gbs, delay: 500ns}");
        List<ScenarioException> errors = errors(yaml);
        assertEquals(List.of("7 topology.spine", "8 topology.hostLink.rate"), where(errors),
                "no 'spines is required' beside it, and the fields after it still read");
        assertTrue(errors.get(0).getMessage().contains("did you mean 'spines'"), errors.get(0).getMessage());
    }

    @Test
    void switchAndWorkload_areCheckedWhenTheirTransportAndTopologyBind() {
        // the bad queue and the senders beyond 16 hosts are found once the transport and the topology are right
        String yaml = with(BASE, 13, "  queue: 12XB", 24, "  senders: [1, 2, 99]");
        assertEquals(List.of("13 switch.queue", "24 workload.senders[2]"), where(errors(yaml)));
    }

    @Test
    void oneError_isItsOwnList() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(
                with(BASE, 25, "  bytes: 2XB"), SOURCE, List.of()));
        assertEquals(1, e.errors().size());
        assertSame(e, e.errors().get(0));
    }
}
