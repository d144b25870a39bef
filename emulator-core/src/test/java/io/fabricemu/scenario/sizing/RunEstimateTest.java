package io.fabricemu.scenario.sizing;

import static io.fabricemu.scenario.ScenarioTexts.BASE;
import static io.fabricemu.scenario.ScenarioTexts.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.Progress;
import io.fabricemu.run.PreparedRun;
import io.fabricemu.results.RunResult;
import io.fabricemu.scenario.Scenario;
import org.junit.jupiter.api.Test;

/** The bound's packets and events counted by hand, its wording, and a run that takes no fewer events. */
class RunEstimateTest {
    @Test
    void of_countsEveryFlowsPacketsAtFourEventsEach() {
        // Three senders of 2 MiB = 2,097,152 B at 4,150 - 64 = 4,086 B a packet: 513 full packets and one of
        // 1,034 B each, 1,542 in all.
        RunEstimate e = StartHeap.parse(BASE).runEstimate();
        assertEquals(1_542, e.dataPackets());
        assertEquals(6_168, e.eventsAtLeast());
        assertEquals(0, e.secondsAtLeast());
        assertFalse(e.isLong());
        assertEquals("1,542 data packets: at least 6,168 events, under a second at 2 M events/s", e.describe());
    }

    @Test
    void of_cutsAtTheTransportsPayload() {
        // 1,064 - 64 = 1,000 B a packet: 2,098 packets a flow (2,097 full, one of 152 B).
        RunEstimate e = StartHeap.parse(with(BASE, 16, "  mtu: 1064B")).runEstimate();
        assertEquals(3 * 2_098, e.dataPackets());
        assertEquals(4 * 3 * 2_098, e.eventsAtLeast());
    }

    @Test
    void isLong_fromAMinuteOfBoundEvents() {
        assertFalse(RunEstimate.ofPackets(120_000_000 / 4 - 1).isLong());
        RunEstimate minute = RunEstimate.ofPackets(120_000_000 / 4);
        assertEquals(60, minute.secondsAtLeast());
        assertTrue(minute.isLong());
        assertEquals("30,000,000 data packets: at least 120,000,000 events, at least 60 s at 2 M events/s",
                minute.describe());
    }

    @Test
    void duration_roundsDownToWholeSecondsMinutesHoursOrDays() {
        assertEquals("under a second", RunEstimate.duration(0));
        assertEquals("at least 119 s", RunEstimate.duration(119));
        assertEquals("at least 2 min", RunEstimate.duration(179));
        assertEquals("at least 119 min", RunEstimate.duration(2 * 3600 - 1));
        assertEquals("at least 2 h", RunEstimate.duration(2 * 3600));
        assertEquals("at least 47 h", RunEstimate.duration(2 * 86_400 - 1));
        assertEquals("at least 1,000 days", RunEstimate.duration(1_000 * 86_400L));
    }

    @Test
    void ofPackets_saturatesAndSaysSo() {
        RunEstimate e = RunEstimate.ofPackets(Long.MAX_VALUE / 3);
        assertEquals(Long.MAX_VALUE, e.eventsAtLeast());
        assertTrue(e.isLong());
        assertTrue(e.describe().contains("at least more than 9,223,372,036,854,775,806 events"), e.describe());
        assertThrows(IllegalArgumentException.class, () -> new RunEstimate(-1, 0));
    }

    /** The bound holds for a run: the same incast, all delivered, on one leaf and across the spines. */
    @Test
    void eventsAtLeast_isNoMoreThanARunTakes() {
        for (String senders : new String[] {"  senders: [1, 2, 3]", "  senders: [8, 9, 10]"}) {
            Scenario s = StartHeap.parse(with(BASE, 25, "  bytes: 64KiB", 24, senders));
            RunResult r = PreparedRun.of(s).run(1, new Progress());
            assertEquals(r.flows().size(), r.flowsFinished());
            long bound = s.runEstimate().eventsAtLeast();
            assertTrue(r.events() >= bound, senders + ": " + r.events() + " events, bound " + bound);
        }
    }
}
