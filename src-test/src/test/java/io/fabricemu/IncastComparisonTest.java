package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The five-scheme comparison: the same 32:1 incast with victims beside it ({@code compare-incast-32to1-*.yaml}) under
 * each scheme, run once through {@code compare} as a user runs it; each test reads one outcome from the
 * comparison it wrote.
 */
class IncastComparisonTest {
    static final List<String> SCHEMES = List.of("pfc-dcqcn", "nscc", "rccc", "wreb", "rnr-nack");
    /** 2 MiB alone at 100 Gb/s with this MTU and header: the victims' best. */
    private static final long VICTIM_ALONE_PS = 170_400_000L;
    /** The incast's 32 senders are hosts 36 to 67. */
    private static final int FIRST_INCAST_SENDER = 36;

    @TempDir
    static Path tmp;
    private static Map<String, Map<String, Long>> table;

    @BeforeAll
    static void compareAll() throws IOException {
        List<String> args = new ArrayList<>(List.of("compare", "--quiet", "--out", tmp.resolve("cmp").toString()));
        for (String scheme : SCHEMES) {
            args.add(Cli.scenario("compare-incast-32to1-" + scheme + ".yaml"));
        }
        Cli.Outcome o = Cli.run(args.toArray(new String[0]));
        assertEquals(0, o.exitCode(), o.err());
        table = read(tmp.resolve("cmp").resolve("comparison.csv"));
    }

    /** metric -> scheme -> raw value, from comparison.csv. */
    private static Map<String, Map<String, Long>> read(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        String[] labels = lines.get(0).split(",");
        Map<String, Map<String, Long>> out = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",");
            Map<String, Long> row = new LinkedHashMap<>();
            for (int i = 1; i < cells.length; i++) {
                row.put(labels[i].substring("compare-incast-32to1-".length()), Long.parseLong(cells[i]));
            }
            out.put(cells[0], row);
        }
        return out;
    }

    private static long get(String metric, String scheme) {
        Map<String, Long> row = table.get(metric);
        assertTrue(row != null, "comparison.csv has a row " + metric + ": " + table.keySet());
        return row.get(scheme);
    }

    @Test
    void everySchemeDeliversEveryFlow() {
        for (String scheme : SCHEMES) {
            assertEquals(34, get("flows_finished", scheme), scheme);
        }
    }

    @Test
    void underPfcTheVictimsArePausedWithTheIncast_underTheOthersTheyKeepTheirRate() {
        long pfcVictimsPs = get("victims_FCT_p99", "pfc-dcqcn");
        assertTrue(pfcVictimsPs > 4 * VICTIM_ALONE_PS, "PFC victims p99 " + pfcVictimsPs + " ps");
        assertTrue(get("PFC_pauses", "pfc-dcqcn") > 0);
        for (String scheme : SCHEMES.subList(1, SCHEMES.size())) {
            long victimsPs = get("victims_FCT_p99", scheme);
            assertTrue(victimsPs < VICTIM_ALONE_PS * 11 / 10, scheme + " victims p99 " + victimsPs + " ps");
            assertEquals(0, get("PFC_pauses", scheme), scheme);
        }
    }

    @Test
    void rnrNacksNameEveryIncastQpOnceAndLoseNothingToTimeouts() {
        assertEquals(32, get("RNR_NAKs", "rnr-nack"));
        assertEquals(0, get("RNR_unresolved", "rnr-nack"));
        // the switch dropped every packet it resent, no more: with a 100 ms RTO a timeout would show
        assertTrue(get("virtual_time", "rnr-nack") < 1_000_000_000L);
        for (String scheme : List.of("pfc-dcqcn", "nscc", "rccc", "wreb")) {
            assertEquals(0, get("RNR_NAKs", scheme), scheme);
        }
    }

    @Test
    void creditHoldsTheIncastToTheReceiversRate() {
        long rcccPeak = get("peak_queue", "rccc");
        for (String scheme : List.of("pfc-dcqcn", "nscc", "rnr-nack")) {
            assertTrue(rcccPeak * 5 < get("peak_queue", scheme), "RCCC peak " + rcccPeak + " B vs " + scheme);
        }
        assertEquals(0, get("retransmitted", "rccc"));
    }

    /** When each incast sender's NIC first cut its window, in ps, from the scheme's results.json. */
    private static List<Long> firstCutsOfTheIncastSenders(String scheme) throws IOException {
        JsonNode r = Cli.results(tmp.resolve("cmp").resolve("compare-incast-32to1-" + scheme));
        List<Long> cuts = new ArrayList<>();
        for (JsonNode port : r.get("ports")) {
            String id = port.get("id").asText();
            if (id.startsWith("h") && id.endsWith(":nic")) {
                int host = Integer.parseInt(id.substring(1, id.indexOf(':')));
                if (host >= FIRST_INCAST_SENDER && host < FIRST_INCAST_SENDER + 32) {
                    cuts.add(port.get("firstSignalPs").asLong());
                }
            }
        }
        assertEquals(32, cuts.size(), scheme + ": a NIC per incast sender");
        return cuts;
    }

    @Test
    void wrebNoticesCutNsccEarlierThanTheEchoAndCostAFewHeaders() throws IOException {
        assertTrue(get("peak_queue", "wreb") < get("peak_queue", "nscc"), "WREB lowers NSCC's peak queue");
        // every incast sender hears of the queue from a notice before any of them hears of it from an ECN echo
        long latestWrebCutPs = Collections.max(firstCutsOfTheIncastSenders("wreb"));
        long earliestEchoCutPs = Collections.min(firstCutsOfTheIncastSenders("nscc"));
        assertTrue(latestWrebCutPs >= 0 && latestWrebCutPs < earliestEchoCutPs, "last first cut under WREB at "
                + latestWrebCutPs + " ps, first under NSCC alone at " + earliestEchoCutPs + " ps");
        long notices = get("BTS_notices", "wreb");
        assertTrue(notices > 0);
        assertEquals(notices * 64, get("BTS_overhead", "wreb"), "each notice is one 64 B header");
        for (String scheme : List.of("pfc-dcqcn", "nscc", "rccc", "rnr-nack")) {
            assertEquals(0, get("BTS_notices", scheme), scheme);
        }
    }
}
