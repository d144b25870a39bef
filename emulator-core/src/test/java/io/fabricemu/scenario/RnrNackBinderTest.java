package io.fabricemu.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.fabricemu.rnrnak.PairRtt;
import io.fabricemu.rnrnak.RnrNackSettings;
import io.fabricemu.rnrnak.TriggerMode;
import io.fabricemu.roce.RnrTimer;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.time.Ps;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Valid {@code switch.rnrNack} sections: defaults and every field read (the errors are in ScenarioErrorsTest). */
class RnrNackBinderTest {
    /** ScenarioTexts.BASE (queue 1 MiB) with {@code rnrNack: map} and {@code transport.cc: cc}. */
    private static RnrNackSettings bind(String map, String cc) throws ScenarioException {
        String yaml = ScenarioTexts.with(ScenarioTexts.BASE, 14, "  trafficClasses: 2\n  rnrNack: " + map,
                20, "  cc: " + cc);
        return ScenarioLoader.parse(yaml, "rnr.yaml", List.of()).switchConfig().rnrNack();
    }

    @Test
    void bind_absent_isOff() throws ScenarioException {
        RnrNackSettings o = ScenarioLoader.parse(ScenarioTexts.BASE, "b.yaml", List.of()).switchConfig().rnrNack();
        assertSame(RnrNackSettings.OFF, o);
        assertFalse(o.enabled());
    }

    @Test
    void bind_emptySection_isOnWithTheDefaults() throws ScenarioException {
        assertEquals(new RnrNackSettings(true, true, 512 * 1024, 256 * 1024, TriggerMode.AT_OVERFLOW, 0, 100,
                RnrTimer.Encoding.EXACT_PS, 2, 4096, 10 * Ps.PER_MS, PairRtt.DERIVED), bind("{}", "roce"));
    }

    @Test
    void bind_everyField() throws ScenarioException {
        assertEquals(new RnrNackSettings(true, false, 600_000, 100_000, TriggerMode.AT_THRESHOLD, Ps.PER_US, 50,
                RnrTimer.Encoding.IBTA_CODE, 3, 16, Ps.PER_MS, PairRtt.fixed(8 * Ps.PER_US)),
                bind("{ports: all, threshold: 600KB, clear: 100KB, mode: at-threshold, pauseBase: 1us, rttMultiplier: 0.5,"
                        + " baseRtt: 8us, encoding: ibta-code, guard: 3, tableSize: 16, aging: 1ms}", "dcqcn"));
    }

    @Test
    void bind_disabledUnderAnotherTransport_isAccepted() throws ScenarioException {
        assertFalse(bind("{enabled: false}", "nscc").enabled(), "an override may switch it off anywhere");
    }
}
