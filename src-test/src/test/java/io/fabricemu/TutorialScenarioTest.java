package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The outcomes docs/tutorial.md explains, on {@code tutorial-incast-background.yaml}, run through the same two
 * {@code compare} commands the tutorial shows: {@code --cc nscc,rccc,nscc+rccc} and
 * {@code --sweep switch.wreb.enabled=false,true}. The tutorial quotes the exact figures; these tests hold the
 * reading of them, and the NSCC run's digest, so a model change that moves them says the tutorial needs its
 * figures measured again.
 */
class TutorialScenarioTest {
    private static final String SCENARIO = Cli.scenario("tutorial-incast-background.yaml");
    /** The digest section 2 of the tutorial prints (NSCC, seed 1). */
    private static final String NSCC_DIGEST = "77475e292c05ad65114079106ecf0e2d1ae56db227b038d7d0d6ae2b1817cbfb";
    /** 2,048 packets of 4,160 B into one 100 Gb/s link. */
    private static final long INCAST_LINE_RATE_PS = 681_574_400L;
    private static final String WREB_OFF = "switch.wreb.enabled=false";
    private static final String WREB_ON = "switch.wreb.enabled=true";

    @TempDir
    static Path tmp;
    private static Map<String, Map<String, Long>> cc;
    private static Map<String, Map<String, Long>> wreb;

    @BeforeAll
    static void runTheTutorial() throws IOException {
        cc = compare("cc", "--cc", "nscc,rccc,nscc+rccc");
        wreb = compare("wreb", "--sweep", WREB_OFF + ",true");
    }

    private static Map<String, Map<String, Long>> compare(String out, String option, String values) throws IOException {
        Path dir = tmp.resolve(out);
        Cli.Outcome o = Cli.run("compare", SCENARIO, option, values, "--quiet", "--out", dir.toString());
        assertEquals(0, o.exitCode(), o.err());
        List<String> lines = Files.readAllLines(dir.resolve("comparison.csv"));
        String[] labels = lines.get(0).split(",");
        Map<String, Map<String, Long>> table = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",");
            Map<String, Long> row = new LinkedHashMap<>();
            for (int i = 1; i < cells.length; i++) {
                row.put(labels[i], Long.parseLong(cells[i]));
            }
            table.put(cells[0], row);
        }
        return table;
    }

    private static long get(Map<String, Map<String, Long>> table, String metric, String run) {
        Map<String, Long> row = table.get(metric);
        assertTrue(row != null && row.containsKey(run), "comparison.csv has no " + metric + " for " + run);
        return row.get(run);
    }

    private static JsonNode results(String out, String run) throws IOException {
        return Cli.results(tmp.resolve(out).resolve(run));
    }

    @Test
    void everyRunFinishesEveryFlow_andTheNsccRunIsTheOneTheTutorialPrints() throws IOException {
        for (String run : List.of("nscc", "rccc", "nscc+rccc")) {
            assertEquals(38, get(cc, "flows_finished", run), run);
        }
        assertEquals(NSCC_DIGEST, results("cc", "nscc").get("digest").asText(),
                "docs/tutorial.md prints this digest and its figures: measure them again");
    }

    @Test
    void bothTogetherEndTheIncastFirst_rcccAloneLast() {
        long both = get(cc, "incast_completion", "nscc+rccc");
        long nscc = get(cc, "incast_completion", "nscc");
        long rccc = get(cc, "incast_completion", "rccc");
        assertTrue(both < nscc && nscc < rccc, "incast completion nscc+rccc " + both + ", nscc " + nscc + ", rccc " + rccc);
        assertTrue(both < INCAST_LINE_RATE_PS * 102 / 100, "nscc+rccc incast " + both + " ps, line rate "
                + INCAST_LINE_RATE_PS);
    }

    @Test
    void rcccAloneResendsNothingButQueuesAtASpine_andServesTheBackgroundFastest() throws IOException {
        assertEquals(0, get(cc, "trims", "rccc"));
        assertEquals(0, get(cc, "retransmitted", "rccc"));
        String hottest = results("cc", "rccc").get("summary").get("hottestPort").asText();
        assertTrue(hottest.startsWith("spine"), "RCCC's hottest port " + hottest);
        long rccc = get(cc, "background_completion", "rccc");
        for (String run : List.of("nscc", "nscc+rccc")) {
            assertTrue(rccc < get(cc, "background_completion", run), "background under rccc " + rccc + " ps, " + run);
        }
    }

    @Test
    void nsccAloneFillsTheLastHop_bothTogetherKeepEveryQueueShort() throws IOException {
        assertEquals("leaf0:p0", results("cc", "nscc").get("summary").get("hottestPort").asText());
        assertTrue(get(cc, "trims", "nscc") > 0, "NSCC's first round trip trims");
        long both = get(cc, "peak_queue", "nscc+rccc");
        for (String run : List.of("nscc", "rccc")) {
            long peak = get(cc, "peak_queue", run);
            assertTrue(both * 5 < peak, "peak queue nscc+rccc " + both + " B, " + run + " " + peak + " B");
        }
        assertEquals(0, get(cc, "retransmitted", "nscc+rccc"));
    }

    @Test
    void wrebCutsEarlierAndEndsTheIncastSooner_butLeavesTheFirstBurst() throws IOException {
        assertEquals(0, get(wreb, "BTS_notices", WREB_OFF));
        assertTrue(get(wreb, "BTS_notices", WREB_ON) > 0);
        assertTrue(get(wreb, "incast_completion", WREB_ON) < get(wreb, "incast_completion", WREB_OFF));
        assertEquals(get(wreb, "peak_queue", WREB_OFF), get(wreb, "peak_queue", WREB_ON));
        assertEquals(get(wreb, "trims", WREB_OFF), get(wreb, "trims", WREB_ON));
        long off = firstNicCut(results("wreb", WREB_OFF));
        long on = firstNicCut(results("wreb", WREB_ON));
        assertTrue(on < off, "first window cut with WREB " + on + " ps, without " + off + " ps");
    }

    /** The earliest first window cut of any NIC (ports of tier 0), in ps. */
    private static long firstNicCut(JsonNode results) {
        long first = Long.MAX_VALUE;
        for (JsonNode p : results.get("ports")) {
            long at = p.get("firstSignalPs").asLong();
            if (p.get("tier").asInt() == 0 && at >= 0) {
                first = Math.min(first, at);
            }
        }
        assertTrue(first < Long.MAX_VALUE, "no NIC cut its window");
        return first;
    }
}
