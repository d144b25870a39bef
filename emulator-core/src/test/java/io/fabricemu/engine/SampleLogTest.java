package io.fabricemu.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SampleLogTest {

    /** Writes every row as text, with the tick it stands from. */
    static List<String> rows(SampleLog log) {
        List<String> out = new ArrayList<>();
        log.replay(new SampleReader() {
            long tick;

            @Override
            public void at(long tickPs) {
                tick = tickPs;
            }

            @Override
            public void port(String portId, int tier, long queueBytes, long drops, long trims, long ecnMarks,
                             long pauseFrames, long btsNotices, long rnrNaks, long txBytes) {
                out.add(tick + " port " + portId + " t" + tier + " q" + queueBytes + " d" + drops + " tr" + trims
                        + " m" + ecnMarks + " p" + pauseFrames + " b" + btsNotices + " n" + rnrNaks + " tx" + txBytes);
            }

            @Override
            public void classQueue(String portId, int trafficClass, long queueBytes) {
                out.add(tick + " class " + portId + " c" + trafficClass + " q" + queueBytes);
            }

            @Override
            public void sender(int flowId, long windowBytes, long creditBytes, long rateBps) {
                out.add(tick + " sender " + flowId + " w" + windowBytes + " c" + creditBytes + " r" + rateBps);
            }

            @Override
            public void receiver(int flowId, long deliveredBytes) {
                out.add(tick + " receiver " + flowId + " " + deliveredBytes);
            }

            @Override
            public void delivered(long totalBytes) {
                out.add(tick + " delivered " + totalBytes);
            }
        });
        return out;
    }

    private static void sample(SampleLog log, long tickPs, long queueBytes) {
        log.begin(tickPs);
        log.port("s0:p1", 1, queueBytes, 2, 3, 4, 5, 6, 7, 8);
        log.classQueue("s0:p1", 0, queueBytes);
        log.sender(9, 1000, -1, -1);
    }

    @Test
    void replay_givesEveryRowWithItsTick() {
        SampleLog log = new SampleLog(10);
        sample(log, 0, 100);
        log.begin(30);
        log.receiver(4, 4086);
        assertEquals(List.of("0 port s0:p1 t1 q100 d2 tr3 m4 p5 b6 n7 tx8", "0 class s0:p1 c0 q100",
                "0 sender 9 w1000 c-1 r-1", "30 delivered 4086", "30 receiver 4 4086"), rows(log));
    }

    @Test
    void ofManyFlows_onlyTheSpreadOnesGetRows_butTheDeliveredTotalCountsThemAll() {
        // 640 flows: flows 0, 10, 20, ... 630 are kept, one in ten
        Sampling sampling = new Sampling(10, 200).forFlows(640);
        SampleLog log = new SampleLog(10, sampling);
        log.begin(0);
        for (int f = 0; f < 25; f++) {
            log.sender(f, 1000 + f, -1, -1);
            log.receiver(f, 100L * f);
        }
        assertEquals(List.of("0 sender 0 w1000 c-1 r-1", "0 delivered 30000", "0 receiver 0 0",
                "0 sender 10 w1010 c-1 r-1", "0 receiver 10 1000", "0 sender 20 w1020 c-1 r-1", "0 receiver 20 2000"),
                rows(log));
        log.begin(10);
        log.receiver(3, 7);
        assertEquals("10 delivered 7", rows(log).get(7), "each sample has its own total");
    }

    @Test
    void keepsFlow_spreadsSampledFlowsOverTheIdsAsTheReportDoes() {
        assertTrue(new Sampling(10, 2).forFlows(Sampling.SAMPLED_FLOWS).keepsFlow(Sampling.SAMPLED_FLOWS - 1));
        assertTrue(new Sampling(10, 2).keepsFlow(5_000_000), "an unknown flow count keeps every flow");
        for (int n : new int[] {65, 127, 1000, 2_096_128}) {
            Sampling s = new Sampling(10, 2).forFlows(n);
            List<Integer> kept = new ArrayList<>();
            for (int f = 0; f < n; f++) {
                if (s.keepsFlow(f)) {
                    kept.add(f);
                }
            }
            List<Integer> spread = new ArrayList<>();
            for (int i = 0; i < Sampling.SAMPLED_FLOWS; i++) {
                spread.add((int) ((long) i * n / Sampling.SAMPLED_FLOWS));
            }
            assertEquals(spread, kept, n + " flows");
        }
    }

    /*
     * Samples at 0, 10, 20, 50, 60 on a 10 ps grid, thinned to 40 ps: the coarse ticks are 0, 40, 80. The sample at 0
     * stands for tick 0. 10 and 20 both become 40: 20 replaces 10, and stands until 50, so tick 40 sees it. 50 and 60
     * both become 80: 60 replaces 50.
     */
    @Test
    void thin_keepsWhatTheCoarseTicksSee() {
        SampleLog log = new SampleLog(10);
        for (long t : new long[] {0, 10, 20, 50, 60}) {
            sample(log, t, t);
        }
        log.thin(40);
        assertEquals(40, log.intervalPs());
        List<String> rows = rows(log);
        assertEquals(9, rows.size(), rows::toString);
        assertTrue(rows.get(0).startsWith("0 port s0:p1 t1 q0 "), rows::toString);
        assertTrue(rows.get(3).startsWith("40 port s0:p1 t1 q20 "), rows::toString);
        assertTrue(rows.get(6).startsWith("80 port s0:p1 t1 q60 "), rows::toString);
    }

    @Test
    void thinningTwice_isThinningOnceToTheCoarserGrid() {
        SampleLog twice = new SampleLog(10);
        SampleLog once = new SampleLog(10);
        for (long t = 0; t < 1000; t += 30) {
            sample(twice, t, t * 7 % 13);
            sample(once, t, t * 7 % 13);
        }
        twice.thin(20);
        twice.thin(80);
        once.thin(80);
        assertEquals(rows(once), rows(twice));
    }

    @Test
    void aSampleAtTheTickOfTheLastOne_replacesIt() {
        SampleLog log = new SampleLog(10);
        sample(log, 0, 1);
        sample(log, 10, 2);
        log.thin(20);
        sample(log, 20, 3);
        List<String> rows = rows(log);
        assertEquals(6, rows.size(), rows::toString);
        assertTrue(rows.get(3).startsWith("20 port s0:p1 t1 q3 "), rows::toString);
        assertThrows(IllegalStateException.class, () -> log.begin(10));
        assertThrows(IllegalArgumentException.class, () -> log.thin(30));
    }

    @Test
    void interval_doublesAsVirtualTimeOutgrowsTheMostPoints() {
        Sampling s = new Sampling(1_000, 4);
        assertEquals(1_000, s.intervalAt(0));
        assertEquals(1_000, s.intervalAt(3_999));
        assertEquals(2_000, s.intervalAt(4_000));
        assertEquals(4_000, s.intervalAt(8_000));
        assertEquals(8_000, s.intervalAt(31_999));
        assertEquals(16_000, s.intervalAt(32_000));
    }
}
