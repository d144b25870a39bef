package io.fabricemu.scenario.workload;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.time.Ps;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The open-loop generator: each host's count of flows is its Poisson rate times the window, the bytes offered
 * come within a few percent of the load asked for, arrivals spread over the window with exponential gaps,
 * destinations spread over the other hosts, and the same seed gives the same flows.
 */
class OpenLoopTest {
    private static final long GBPS_100 = 100_000_000_000L;

    private static OpenLoop load(long loadPpm, String sizes, int hosts, long durationPs) {
        List<Integer> list = new ArrayList<>();
        List<Long> rates = new ArrayList<>();
        for (int h = 0; h < hosts; h++) {
            list.add(h);
            rates.add(GBPS_100);
        }
        return new OpenLoop(loadPpm, CdfText.builtIn(sizes), list, rates, 10 * Ps.PER_US, durationPs);
    }

    @Test
    void flowCount_isLoadTimesRateTimesWindowOverTheMeanSize() {
        // 30% of 100 Gb/s is 3.75 GB/s; over 20 ms 75 MB, over Hadoop's mean of 120,420.75 B 622.8 flows: 623 a
        // host, 16 hosts 9,968.
        OpenLoop hadoop = load(300_000, "hadoop", 16, 20 * Ps.PER_MS);
        assertEquals(623, hadoop.flowsOf(0));
        assertEquals(16 * 623, hadoop.flowCount(16));
        assertEquals(16 * 623, hadoop.flows(16, 1).size());
    }

    @Test
    void flows_manyFlows_offerTheLoadWithinThreePercent() {
        // WebSearch at 50% of 100 Gb/s is 3,652.4 flows a second a host: over 500 ms 1,826 flows, on 32 hosts
        // 58,432. The sizes' coefficient of variation is 2.32 (standard deviation 3.97 MB over the mean of 1.71 MB),
        // so the bytes offered by that many flows are within 2.32 / sqrt(58,432) = 0.96% of their expectation at one
        // sigma: 3% is three sigmas.
        long windowPs = 500 * Ps.PER_MS;
        OpenLoop web = load(500_000, "websearch", 32, windowPs);
        List<FlowSpec> flows = web.flows(32, 11);
        double bytes = 0;
        for (FlowSpec f : flows) {
            bytes += f.bytes();
        }
        double offered = bytes * 8 / (32 * (double) GBPS_100 * windowPs / Ps.PER_S);
        assertEquals(0.5, offered, 0.5 * 0.03, "offered load " + offered + " over " + flows.size() + " flows");
    }

    @Test
    void flows_startTimes_areInTheWindowInOrderWithExponentialGaps() {
        long windowPs = 20 * Ps.PER_MS;
        OpenLoop hadoop = load(300_000, "hadoop", 8, windowPs);
        List<FlowSpec> flows = hadoop.flows(8, 5);
        long previous = 0;
        List<Long> gapsOfHost0 = new ArrayList<>();
        long lastOfHost0 = 10 * Ps.PER_US;
        int[] received = new int[8];
        for (FlowSpec f : flows) {
            assertTrue(f.startPs() >= previous, "sorted by start");
            assertTrue(f.startPs() >= 10 * Ps.PER_US && f.startPs() < 10 * Ps.PER_US + windowPs);
            assertNotEquals(f.src(), f.dst());
            previous = f.startPs();
            received[f.dst()]++;
            if (f.src() == 0) {
                gapsOfHost0.add(f.startPs() - lastOfHost0);
                lastOfHost0 = f.startPs();
            }
        }
        // A Poisson process's gaps are exponential: mean = standard deviation, and P[gap > mean] = 1/e (0.37).
        // 623 gaps: the mean within 10% (about 2.5 sigma), the fraction above the mean within 0.06 (3 sigma).
        double mean = gapsOfHost0.stream().mapToLong(Long::longValue).average().orElseThrow();
        double expectedMean = (double) windowPs / (gapsOfHost0.size() + 1);
        long above = gapsOfHost0.stream().filter(g -> g > mean).count();
        double destinations = flows.size() / 8.0;
        assertAll(
                () -> assertEquals(expectedMean, mean, expectedMean * 0.10),
                () -> assertEquals(Math.exp(-1), (double) above / gapsOfHost0.size(), 0.06),
                () -> {
                    for (int h = 0; h < 8; h++) {
                        // About 623 flows reach each host; 5 sigma is 125.
                        assertEquals(destinations, received[h], 125, "host " + h);
                    }
                });
    }

    @Test
    void flows_sameSeed_sameFlows_otherSeed_otherFlows() {
        OpenLoop web = load(300_000, "websearch", 16, 5 * Ps.PER_MS);
        List<FlowSpec> a = web.flows(16, 1);
        List<FlowSpec> b = web.flows(16, 1);
        List<FlowSpec> c = web.flows(16, 2);
        assertEquals(describe(a), describe(b));
        assertNotEquals(describe(a), describe(c));
        assertEquals(a.size(), c.size(), "the count does not depend on the seed");
    }

    @Test
    void hosts_aSubset_sendOnlyAmongThemselves() {
        OpenLoop two = new OpenLoop(1_000_000, CdfText.builtIn("hadoop"), List.of(3, 9), List.of(GBPS_100,
                GBPS_100 / 4), 0, Ps.PER_MS);
        // Host 3 at 100 Gb/s offers 12.5 MB in 1 ms, 103.8 flows: 104; host 9 at a quarter of that: 26.
        assertEquals(104, two.flowsOf(0));
        assertEquals(26, two.flowsOf(1));
        for (FlowSpec f : two.flows(16, 3)) {
            assertEquals(f.src() == 3 ? 9 : 3, f.dst());
        }
    }

    private static List<String> describe(List<FlowSpec> flows) {
        List<String> out = new ArrayList<>();
        for (FlowSpec f : flows) {
            out.add(f.src() + ">" + f.dst() + ":" + f.bytes() + "@" + f.startPs());
        }
        return out;
    }
}
