package io.fabricemu.scenario;

import static io.fabricemu.scenario.ScenarioTexts.BASE;
import static io.fabricemu.scenario.ScenarioTexts.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    void everyIndependentPart_reportsItsFirstError() {
        String yaml = with(BASE, 2, "seed: -1", 5, "  leaves: 0", 13, "  queue: 12XB", 19, "  rto: 0us", 27,
                "stop: 0s") + "sampling: {interval: 0ns}\nextra: 1\n";
        List<ScenarioException> errors = errors(yaml);
        assertEquals(List.of("2 seed", "5 topology.leaves", "19 transport.rto", "27 stop", "28 sampling.interval",
                "29 extra"), where(errors));
        assertTrue(errors.get(5).getMessage().startsWith(SOURCE + ":29: extra: unknown field"),
                errors.get(5).getMessage());
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
