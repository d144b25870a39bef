package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every results folder holds report.html and the series CSVs; the sampling section shapes them. */
class ReportFilesTest {
    private static final String INCAST = "uet-incast-7to1-nscc.yaml";

    @TempDir
    Path tmp;

    private Path run(String... sets) {
        Path out = tmp.resolve("r" + System.nanoTime());
        List<String> args = new ArrayList<>(List.of("run", Cli.scenario(INCAST), "--quiet", "--out",
                out.toString(), "--set", "workload.bytes=128KiB"));
        for (String s : sets) {
            args.add("--set");
            args.add(s);
        }
        Cli.Outcome o = Cli.run(args.toArray(String[]::new));
        assertEquals(0, o.exitCode(), o.err());
        return out;
    }

    @Test
    void run_writesSeriesOnTheScenariosGrid() throws IOException {
        Path out = run("sampling.interval=2us", "sampling.maxPoints=1000");
        JsonNode results = Cli.results(out);
        assertEquals(2_000_000, results.get("sampleIntervalPs").asLong());
        List<String> ports = Files.readAllLines(out.resolve("series-ports.csv"));
        assertEquals("tick_ps,port,tier,queue_bytes,drops,trims,ecn_marks,pause_frames,bts_notices,rnr_naks,tx_bytes",
                ports.get(0));
        int points = results.get("samplePoints").asInt();
        long hottest = ports.stream().skip(1).filter(l -> l.split(",")[1].equals("leaf0:p0")).count();
        assertEquals(points, hottest, "the hottest port has a row per tick");
        assertTrue(ports.get(1).startsWith("0,leaf0:p0,1,"), ports.get(1));
        assertTrue(ports.stream().anyMatch(l -> l.startsWith("2000000,tier1,1,")));
        long marks = ports.stream().skip(1).filter(l -> l.split(",")[1].equals("tier1"))
                .mapToLong(l -> Long.parseLong(l.split(",")[6])).sum();
        long switchMarks = 0;
        for (JsonNode p : results.get("ports")) {
            if (p.get("tier").asInt() == 1) {
                switchMarks += p.get("ecnMarks").asLong();
            }
        }
        assertEquals(switchMarks, marks, "per-interval marks add up to the run's");
        List<String> flows = Files.readAllLines(out.resolve("series-flows.csv"));
        assertEquals("tick_ps,flow,delivered_bytes,goodput_bps,window_bytes,credit_bytes,rate_bps,rtt_ps,queueing_delay_ps", flows.get(0));
        String last = flows.get(flows.size() - 1);
        assertTrue(last.startsWith((points - 1) * 2_000_000L + ",all," + 7 * 131072 + ","), last);
    }

    @Test
    void run_sameRunGivesTheSameReportBytes() throws IOException {
        Path a = run();
        Path b = run();
        assertEquals(Files.readString(a.resolve("report.html")), Files.readString(b.resolve("report.html")));
        assertEquals(Files.readString(a.resolve("series-flows.csv")), Files.readString(b.resolve("series-flows.csv")));
    }

    @Test
    void run_samplingOffWritesHeadersAndAReportWithoutTimePlots() throws IOException {
        Path out = run("sampling.interval=off");
        assertEquals(1, Files.readAllLines(out.resolve("series-ports.csv")).size());
        assertEquals(1, Files.readAllLines(out.resolve("series-flows.csv")).size());
        String report = Files.readString(out.resolve("report.html"));
        assertTrue(report.contains("data-plot=\"fct-cdf\""));
        assertTrue(!report.contains("data-plot=\"queue\"") && report.contains("Nothing was recorded"), report);
    }
}
