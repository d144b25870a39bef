package io.fabricemu.results;

import static io.fabricemu.fault.SmallLeafSpine.both;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabricemu.fault.Fault;
import io.fabricemu.fault.LinkState;
import io.fabricemu.fault.LossChange;
import io.fabricemu.fault.LossEffect;
import io.fabricemu.fault.RandomLoss;
import io.fabricemu.fault.SmallLeafSpine;
import io.fabricemu.stats.FaultDrop;
import io.fabricemu.time.Ps;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole run of a leaf-spine whose spine link goes down and comes back while a leaf's uplink to the other spine
 * loses packets: results.json lists the faults with every key the docs promise and figures that add up, faults.csv
 * has a line per place, the summary and the report show them; a healthy run's results are as before.
 */
class FaultResultsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static RunResult faulty;
    private static RunResult healthy;

    @TempDir
    Path dir;

    static RunResult run(List<Fault> faults) {
        return SmallLeafSpine.crossTraffic("leaf-spine", faults, 1);
    }

    @BeforeAll
    static void runBoth() {
        int[] spine = both("leaf0", "spine0");
        faulty = run(List.of(
                new Fault(0, "leaf0 <-> spine0 down at 20us", 20 * Ps.PER_US, new LinkState(true), spine),
                new Fault(1, "leaf0 <-> spine0 up at 120us", 120 * Ps.PER_US, new LinkState(false), spine),
                new Fault(2, "leaf0 -> spine1 loss 1% at 10us", 10 * Ps.PER_US,
                        new LossChange(new RandomLoss(0.01), LossEffect.LOSS), new int[] {both("leaf0", "spine1")[0]})));
        healthy = run(List.of());
    }

    @Test
    void resultsJson_listsEveryFaultWithItsKeys_andThePlacesAddUpToTheTotals() throws IOException {
        JsonNode doc = JSON.valueToTree(ResultsWriter.document(faulty, Summary.of(faulty), "s.yaml", List.of()));
        JsonNode faults = doc.path("faults");
        assertEquals(3, faults.size());
        List<String> keys = List.of("index", "label", "atPs", "kind", "targets", "faultDrops", "faultDropPlaces",
                "faultDropPlaceCount", "touchedFlows", "touchedFct", "untouchedFct", "recoveryPs");
        long allFaults = 0;
        for (int i = 0; i < faults.size(); i++) {
            JsonNode f = faults.get(i);
            for (String key : keys) {
                assertTrue(f.has(key), "fault " + i + " has " + key + ": " + f);
            }
            assertEquals(i, f.path("index").asInt());
            assertEquals(faulty.faults().faults().get(i).label(), f.path("label").asText());
            JsonNode totals = f.path("faultDrops");
            long packets = 0;
            long bytes = 0;
            for (FaultDrop kind : FaultDrop.values()) {
                long kindPackets = 0;
                for (JsonNode place : f.path("faultDropPlaces")) {
                    kindPackets += place.path(kind.key() + "Packets").asLong();
                }
                assertTrue(f.path("faultDropPlaceCount").asInt() <= FaultsJson.MAX_PLACES);
                assertEquals(totals.path(kind.key() + "Packets").asLong(), kindPackets, "fault " + i + " " + kind);
                assertEquals(faulty.faults().packets(i, kind), kindPackets, "fault " + i + " " + kind);
                packets += totals.path(kind.key() + "Packets").asLong();
                bytes += totals.path(kind.key() + "Bytes").asLong();
            }
            assertEquals(packets, totals.path("totalPackets").asLong());
            assertEquals(bytes, totals.path("totalBytes").asLong());
            allFaults += packets;
            long previous = Long.MAX_VALUE;
            for (JsonNode place : f.path("faultDropPlaces")) {
                assertTrue(place.path("totalPackets").asLong() <= previous, "places most first: " + f);
                previous = place.path("totalPackets").asLong();
            }
            JsonNode touched = f.path("touchedFct");
            JsonNode untouched = f.path("untouchedFct");
            assertEquals(4, touched.path("flows").asInt() + untouched.path("flows").asInt());
            assertEquals(f.path("touchedFlows").asInt(), touched.path("flows").asInt());
            for (JsonNode fct : List.of(touched, untouched)) {
                for (String key : List.of("unfinished", "medianPs", "p99Ps", "maxPs")) {
                    assertTrue(fct.has(key), key + " in " + fct);
                }
            }
            assertEquals(f.path("recoveryPs").isNull(), f.has("recoveryNote"), "a note exactly when no time: " + f);
        }
        assertEquals("down", faults.get(0).path("kind").asText());
        assertEquals("up", faults.get(1).path("kind").asText());
        assertEquals("loss", faults.get(2).path("kind").asText());
        assertEquals(2, faults.get(0).path("targets").asInt());
        assertEquals(1, faults.get(2).path("targets").asInt());
        assertEquals(20 * Ps.PER_US, faults.get(0).path("atPs").asLong());
        assertTrue(faults.get(0).path("faultDrops").path("blackholePackets").asLong() > 0, faults.get(0).toString());
        assertTrue(faults.get(0).path("touchedFlows").asInt() > 0);
        assertTrue(faults.get(2).path("faultDrops").path("lossPackets").asLong() > 0, faults.get(2).toString());
        assertTrue(faults.get(0).path("recoveryPs").asLong() > 0, "goodput came back: " + faults.get(0));
        assertEquals(allFaults, doc.path("summary").path("faultDropPackets").asLong());
        assertEquals(Summary.of(faulty).faultDropPackets(), allFaults);
        assertTrue(allFaults > 0);
        assertEveryFaultKeyNamesFault(doc);
    }

    /** The contract: outside the {@code faults} list, every key about faults says so. */
    private static void assertEveryFaultKeyNamesFault(JsonNode doc) {
        JsonNode healthyDoc = JSON.valueToTree(ResultsWriter.document(healthy, Summary.of(healthy), "s.yaml",
                List.of()));
        for (JsonNode[] pair : List.of(new JsonNode[] {doc, healthyDoc},
                new JsonNode[] {doc.path("summary"), healthyDoc.path("summary")})) {
            Iterator<String> names = pair[0].fieldNames();
            while (names.hasNext()) {
                String name = names.next();
                assertTrue(pair[1].has(name) || name.contains("fault"), name + " is new and does not name faults");
            }
        }
    }

    @Test
    void aHealthyRun_hasNoFaultKeysNorFaultsCsv() throws IOException {
        Map<String, Object> doc = ResultsWriter.document(healthy, Summary.of(healthy), "s.yaml", List.of());
        String json = JSON.writeValueAsString(doc);
        assertFalse(json.contains("fault"), "a healthy run's results.json names no fault");
        assertTrue(doc.get("summary") instanceof Summary, "the summary is the record, written as before");
        ResultsWriter.writeInto(healthy, Summary.of(healthy), "s.yaml", List.of(), dir);
        assertFalse(Files.exists(dir.resolve(FaultsCsv.FILE)));
        assertFalse(Files.readString(dir.resolve(RunReport.FILE)).contains("data-mark"));
    }

    @Test
    void faultsCsv_hasALinePerFaultAndPlace_thatAddUpToResultsJson() throws IOException {
        ResultsWriter.writeInto(faulty, Summary.of(faulty), "s.yaml", List.of(), dir);
        List<String> lines = Files.readAllLines(dir.resolve(FaultsCsv.FILE));
        assertEquals(FaultsCsv.header().strip(), lines.get(0));
        String[] header = lines.get(0).split(",");
        int total = List.of(header).indexOf("totalPackets");
        long[] perFault = new long[3];
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",");
            assertEquals(header.length, cells.length, line);
            perFault[Integer.parseInt(cells[0])] += Long.parseLong(cells[total]);
        }
        List<FaultCost> costs = FaultCost.of(faulty);
        for (int f = 0; f < 3; f++) {
            assertEquals(costs.get(f).drops().totalPackets(), perFault[f], "fault " + f);
        }
        assertEquals(costs.stream().mapToInt(c -> c.places().size()).sum(), lines.size() - 1);
    }

    @Test
    void summaryTable_saysWhatEachFaultCost() {
        String table = SummaryTable.render(faulty, Summary.of(faulty));
        assertTrue(table.contains("fault drops"), table);
        assertTrue(table.contains("  fault 0  ") && table.contains("leaf0 <-> spine0 down at 20us: lost "), table);
        assertTrue(table.contains("black-holed"), table);
        assertTrue(table.contains("flows touched (p99 FCT "), table);
        assertTrue(table.contains("goodput back within 5% after "), table);
        assertTrue(table.contains("to link loss"), table);
        assertFalse(SummaryTable.render(healthy, Summary.of(healthy)).contains("fault"));
    }

    @Test
    void report_marksEveryFaultOnThePlotsOverTime_dashesTheDownLink_andTablesTheFaults() {
        String html = RunReport.html(faulty, Summary.of(faulty), SeriesSelection.of(faulty.series()));
        for (String mark : List.of("f0", "f1", "f2")) {
            assertTrue(html.contains("<line class=\"mark\" data-mark=\"" + mark + "\""), mark);
        }
        // a down fault is shaded until its links come back up (fault 1)
        assertTrue(html.contains("<rect class=\"mark-band\" data-mark=\"f0\""));
        int goodput = html.indexOf("data-plot=\"goodput\"");
        int queue = html.indexOf("data-plot=\"queue\"");
        assertTrue(goodput > 0 && html.substring(goodput, queue).contains("data-mark=\"f1\""), "goodput plot marked");
        int signals = html.indexOf("data-plot=\"signals\"");
        assertTrue(html.substring(signals).contains("data-mark=\"f2\""), "signals plot marked");
        assertTrue(html.contains("data-link-mark=\"down\""), "the spine link is dashed as down");
        assertTrue(html.contains("data-link-mark=\"degraded\""), "the lossy uplink is dashed as degraded");
        assertTrue(html.contains("<table class=\"faults\">"));
        assertTrue(html.contains("leaf0 &lt;-&gt; spine0 down at 20us"));
    }

    @Test
    void comparison_givesEachRunsRecoveryAndTouchedP99PerFault() {
        Comparison c = new Comparison(List.of(new Comparison.Column("a", faulty, Summary.of(faulty)),
                new Comparison.Column("b", faulty, Summary.of(faulty))));
        String csv = c.csv();
        Recovery.Back back = assertInstanceOf(Recovery.Back.class, FaultCost.of(faulty).get(0).recovery());
        assertTrue(csv.contains("\nfault_0_recovery," + back.afterPs() + "," + back.afterPs() + "\n"), csv);
        long p99 = FaultCost.of(faulty).get(0).touchedFct().p99Ps();
        assertTrue(csv.contains("\nfault_0_touched_FCT_p99," + p99 + "," + p99 + "\n"), csv);
        assertTrue(csv.contains("\nfault_2_recovery,"), csv);
        String html = ComparisonReport.html(c, List.of(SeriesSelection.of(faulty.series()),
                SeriesSelection.of(faulty.series())));
        assertTrue(html.contains("<line class=\"mark\" data-mark=\"f0\""), "the comparison's plots are marked");
        Comparison plain = new Comparison(List.of(new Comparison.Column("a", healthy, Summary.of(healthy))));
        assertFalse(plain.csv().contains("fault"));
    }
}
