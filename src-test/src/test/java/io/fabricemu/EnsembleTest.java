package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Seed ensembles through the command line: {@code run --seeds} and {@code compare --seeds} give each headline
 * figure its mean and 95% interval, run the seeds at once with results identical to separate runs, and say which
 * differences between schemes are significant.
 */
class EnsembleTest {
    private static final String SCENARIO = "uet-incast-7to1-nscc.yaml";
    private static final String SMALL = "workload.bytes=256KiB";

    @TempDir
    Path tmp;

    private static JsonNode json(Path file) throws IOException {
        return new ObjectMapper().readTree(file.toFile());
    }

    @Test
    void runSeeds_printsEveryHeadlineFigureWithItsInterval_andEachSeedIsTheRunItWouldBeAlone() throws IOException {
        Path out = tmp.resolve("ens");
        Cli.Outcome o = Cli.run("run", Cli.scenario(SCENARIO), "--set", SMALL, "--seeds", "3", "--out",
                out.toString());
        assertEquals(0, o.exitCode(), o.err());
        for (String figure : List.of("FCT median", "FCT p99", "goodput", "virtual time")) {
            assertTrue(o.out().lines().anyMatch(l -> l.strip().startsWith(figure + " ") && l.contains(" ± ")
                    && l.contains(" to ")), figure + " with its interval:\n" + o.out());
        }
        assertTrue(o.out().contains("over 3 seeds") && o.out().contains("ensemble digest "), o.out());
        JsonNode doc = json(out.resolve("ensemble.json"));
        assertEquals(3, doc.get("seeds").size());
        for (int i = 0; i < 3; i++) {
            JsonNode seed = doc.get("seeds").get(i);
            assertEquals(1 + i, seed.get("seed").asLong(), "the scenario's seed, 1, and the two after it");
            Path alone = tmp.resolve("alone" + i);
            assertEquals(0, Cli.run("run", Cli.scenario(SCENARIO), "--quiet", "--set", SMALL, "--set", "seed="
                    + (1 + i), "--out", alone.toString()).exitCode());
            assertEquals(Cli.results(alone).get("digest").asText(), seed.get("digest").asText(), "seed " + (1 + i));
            assertEquals(seed.get("digest").asText(), Cli.results(out.resolve("seed-" + (1 + i))).get("digest")
                    .asText());
        }
        JsonNode p99 = figure(doc, "FCT_p99");
        assertTrue(p99.get("ci95Low").asDouble() <= p99.get("mean").asDouble()
                && p99.get("mean").asDouble() <= p99.get("ci95High").asDouble());
        assertEquals(3, p99.get("n").asInt());
        assertTrue(Files.readString(out.resolve("ensemble.csv")).startsWith("metric,n,mean,ci95_low,ci95_high,sd,"
                + "seed-1,seed-2,seed-3\n"));
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("Over the seeds") && html.contains("data-plot=\"ensemble-goodput\"")
                && html.contains("<path class=\"band\" data-band=\"goodput 95% interval\""),
                "the mean goodput over time with its 95% band");
        // the same seeds again, listed: the same ensemble digest
        Path again = tmp.resolve("again");
        assertEquals(0, Cli.run("run", Cli.scenario(SCENARIO), "--quiet", "--set", SMALL, "--seeds", "1,2,3",
                "--out", again.toString()).exitCode());
        assertEquals(doc.get("digest").asText(), json(again.resolve("ensemble.json")).get("digest").asText());
    }

    private static JsonNode figure(JsonNode doc, String metric) {
        for (JsonNode f : doc.get("figures")) {
            if (f.get("metric").asText().equals(metric)) {
                return f;
            }
        }
        throw new AssertionError("no figure " + metric + " in " + doc);
    }

    @Test
    void compareSeeds_saysWhichDifferencesAreSignificantAndByWhichTest() throws IOException {
        Path out = tmp.resolve("cmp");
        Cli.Outcome o = Cli.run("compare", Cli.scenario(SCENARIO), "--cc", "nscc,rccc", "--set", SMALL, "--seeds",
                "3", "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().contains("rccc vs nscc") && o.out().contains("Welch's unequal-variances t-test"), o.out());
        // RCCC's credit keeps the incast's queue to a fraction of NSCC's in every seed: that difference is real
        String peak = o.out().lines().filter(l -> l.strip().startsWith("peak queue")).findFirst().orElseThrow();
        assertTrue(peak.contains(", significant"), peak);
        String csv = Files.readString(out.resolve("comparison.csv"));
        assertTrue(csv.startsWith("metric,scheme,n,mean,ci95_low,ci95_high,sd,welch_t,welch_df,welch_p\n"), csv);
        for (String scheme : List.of("nscc", "rccc")) {
            for (int seed = 1; seed <= 3; seed++) {
                assertTrue(Files.isRegularFile(out.resolve(scheme).resolve("seed-" + seed).resolve("results.json")));
            }
        }
    }

    @Test
    void compareSeeds_ofASweep_plotsEachMeanWithItsIntervalAsAnErrorBar() throws IOException {
        Path out = tmp.resolve("sweep");
        Cli.Outcome o = Cli.run("compare", Cli.scenario(SCENARIO), "--sweep", "switch.queue=64KiB,256KiB", "--set",
                SMALL, "--seeds", "3", "--quiet", "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("Over 3 seeds") && html.contains("unequal-variances t-test"));
        String p99 = html.substring(html.indexOf("data-plot=\"sweep-fct-p99\""));
        p99 = p99.substring(0, p99.indexOf("</svg>"));
        assertEquals(2, p99.split("<path class=\"error-bar\"", -1).length - 1, "a bar at each queue size:\n" + p99);
        assertTrue(Files.isRegularFile(out.resolve("switch.queue=256KiB").resolve("seed-3").resolve("results.json")));
    }

    @ParameterizedTest(name = "--seeds {0}")
    @CsvSource(delimiter = ';', value = {
        "1;1 runs is not an ensemble",
        "1001;1001 runs is not an ensemble",
        "3,3;seed 3 is given twice",
        "x;'x' in 'x' is not a whole number from 0",
        "2,-1;'-1' in '2,-1' is not a whole number from 0"})
    void badSeeds_exitTwoSayingWhy_andWriteNothing(String seeds, String message) {
        Path out = tmp.resolve("bad");
        Cli.Outcome o = Cli.run("run", Cli.scenario(SCENARIO), "--set", SMALL, "--seeds", seeds, "--out",
                out.toString());
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().startsWith("error: --seeds: ") && o.err().contains(message), o.err());
        assertFalse(Files.exists(out));
    }
}
