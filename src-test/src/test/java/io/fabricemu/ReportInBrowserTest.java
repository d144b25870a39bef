package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.report.LineChart;
import io.fabricemu.report.Quantity;
import io.fabricemu.report.ReportPage;
import io.fabricemu.report.Series;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report as a user sees it: a real run's report.html and a compare report rendered in headless Chromium,
 * every plot present (the fabric's picture and the queue heat map among them), its lines (links, cells) drawn (points and a bounding box, as measured by the page's script in the
 * browser) and painted (coloured pixels where the lines are in a screenshot). A page with an empty plot fails
 * the same check.
 */
class ReportInBrowserTest {
    /** Fewer coloured pixels than this in a plot's line area counts as blank. */
    private static final int MIN_COLOURED_PIXELS = 40;

    @TempDir
    Path tmp;

    @Test
    void runReport_everyPlotDrawnAndPainted() throws Exception {
        Path out = tmp.resolve("run");
        Cli.Outcome o = Cli.run("run", Cli.scenario("uet-incast-7to1-nscc.yaml"), "--quiet", "--set",
                "workload.bytes=128KiB", "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        Browser.Rendered page = Browser.render(out.resolve("report.html"), tmp);
        assertAll(checks(page, List.of("fabric", "fct-cdf", "goodput", "queue", "queue-heatmap", "window", "rtt",
                "queueing", "signals")));
    }

    @Test
    void pfcRunReport_drawsTheRatesAndThePauseTimeline() throws Exception {
        Path out = tmp.resolve("pfc");
        Cli.Outcome o = Cli.run("run", Cli.scenario("roce-incast-8to1-dcqcn-pfc.yaml"), "--quiet", "--set",
                "workload.bytes=256KiB", "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        Browser.Rendered page = Browser.render(out.resolve("report.html"), tmp);
        assertAll(checks(page, List.of("fabric", "fct-cdf", "goodput", "queue", "queue-heatmap", "rate",
                "rtt", "queueing", "signals", "pfc-timeline")));
    }

    @Test
    void compareReport_everyRunOverlaidInEveryPlot() throws Exception {
        Path out = tmp.resolve("cmp");
        Cli.Outcome o = Cli.run("compare", Cli.scenario("uet-incast-7to1-nscc.yaml"), "--cc", "nscc,rccc,none",
                "--quiet", "--set", "workload.bytes=128KiB", "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        Browser.Rendered page = Browser.render(out.resolve("report.html"), tmp);
        List<String> plots = List.of("fct-cdf", "goodput", "queue", "losses", "signals");
        assertAll(checks(page, plots));
        for (Browser.Plot p : page.plots()) {
            assertEquals(3, p.drawn(), p.name() + ": one line per run");
        }
    }

    @Test
    void sweepReport_everyFigureAgainstTheValueDrawn() throws Exception {
        Path out = tmp.resolve("sweep");
        Cli.Outcome o = Cli.run("compare", Cli.scenario("incast-7to1.yaml"), "--sweep",
                "switch.queue=64KiB,128KiB,256KiB", "--quiet", "--set", "workload.bytes=256KiB", "--out",
                out.toString());
        assertEquals(0, o.exitCode(), o.err());
        Browser.Rendered page = Browser.render(out.resolve("report.html"), tmp);
        assertAll(checks(page, List.of("sweep-fct", "sweep-goodput", "sweep-queue", "sweep-losses", "fct-cdf",
                "goodput", "queue", "losses", "signals")));
    }

    @Test
    void collectiveReport_jctPerIterationAndStepTimelineDrawn() throws Exception {
        Path file = tmp.resolve("two-jobs.yaml");
        Files.writeString(file, CollectivesTest.scenario("nscc", 2));
        Path out = tmp.resolve("collectives");
        Cli.Outcome o = Cli.run("run", file.toString(), "--quiet", "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        Browser.Rendered page = Browser.render(out.resolve("report.html"), tmp);
        assertAll(checks(page, List.of("fabric", "fct-cdf", "collective-jct", "steps-training", "step-heat-training",
                "steps-moe", "step-heat-moe",
                "goodput", "queue", "queue-heatmap", "window", "rtt", "queueing", "signals")));
    }

    @Test
    void chakraReport_aLanePerRankDrawn() throws Exception {
        Path out = tmp.resolve("chakra");
        Cli.Outcome o = Cli.run("run", Cli.scenario("chakra-all-reduce-8.yaml"), "--quiet", "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        Browser.Rendered page = Browser.render(out.resolve("report.html"), tmp);
        assertAll(checks(page, List.of("fabric", "fct-cdf", "steps-c0-all-reduce", "step-heat-c0-all-reduce",
                "steps-c1-all-reduce", "step-heat-c1-all-reduce", "chakra-timeline",
                "goodput", "queue", "queue-heatmap", "window", "rtt", "queueing", "signals")));
        Browser.Plot lanes = page.plots().stream().filter(p -> p.name().equals("chakra-timeline")).findFirst()
                .orElseThrow();
        assertEquals(8 * 4, lanes.drawn(), "a bar per node of every rank");
    }

    /*
     * The k = 16 fat tree (1,024 hosts, 320 switches, 3,072 cables) drawn by pod: 16 pods and 8 core groups, a box
     * each, and 128 bundles of 8 cables (one per pod and core group), every one drawn and the picture painted.
     */
    @Test
    void fatTreeOf1024Hosts_drawnByPod() throws Exception {
        Path out = tmp.resolve("pods");
        Cli.Outcome o = Cli.run("run", Cli.scenario("uet-permutation-1024.yaml"), "--quiet", "--set", "stop=5us",
                "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        Browser.Rendered page = Browser.render(out.resolve("report.html"), tmp);
        Browser.Plot fabric = page.plots().stream().filter(p -> p.name().equals("fabric")).findFirst().orElseThrow();
        assertEquals(128, fabric.paths(), "a line per pod and core group");
        assertEquals(128, fabric.drawn(), "every bundle drawn");
        assertTrue(Browser.colouredPixels(page.screenshot(), fabric.lines()) >= MIN_COLOURED_PIXELS, "painted");
        String html = Files.readString(out.resolve("report.html"));
        String svg = html.substring(html.indexOf("data-plot=\"fabric\""));
        svg = svg.substring(0, svg.indexOf("</svg>"));
        assertEquals(16 + 8, svg.split("stroke-width=\"0.8\"><title>", -1).length - 1, "a box per pod and core group");
        assertTrue(svg.contains("<title>pod 15: 8 edge and 8 aggregation switches (tor15.0 to agg15.7), 64 hosts"),
                "pod 15's box");
    }

    @Test
    void check_failsOnAPageWithAnEmptyPlot() throws Exception {
        LineChart drawn = new LineChart("drawn", "A line", Quantity.TIME, "t", Quantity.BYTES, "b")
                .add(Series.ofTicks("a", "#4e79a7", 2, 1000, new long[] {0, 5, 9, 3, 7}));
        LineChart empty = new LineChart("empty", "Nothing", Quantity.TIME, "t", Quantity.BYTES, "b")
                .add(Series.ofTicks("a", "#4e79a7", 2, 1000, new long[] {-1, -1, -1}));
        Path html = tmp.resolve("broken.html");
        Files.writeString(html, new ReportPage("broken").chart(drawn).chart(empty).html());
        Browser.Rendered page = Browser.render(html, tmp);
        List<String> failures = new ArrayList<>();
        for (Executable check : checks(page, List.of("drawn", "empty"))) {
            try {
                check.execute();
            } catch (AssertionError e) {
                failures.add(e.getMessage());
            } catch (Throwable e) {
                throw new AssertionError(e);
            }
        }
        assertFalse(failures.isEmpty(), "the empty plot must fail the check");
        assertTrue(failures.stream().allMatch(f -> f.startsWith("empty:")), String.join("\n", failures));
        assertTrue(failures.stream().anyMatch(f -> f.contains("painted")), String.join("\n", failures));
    }

    /** The page has exactly {@code expected} plots in that order, each drawn and painted. */
    private static List<Executable> checks(Browser.Rendered page, List<String> expected) {
        List<Executable> checks = new ArrayList<>();
        checks.add(() -> assertEquals(expected, page.plots().stream().map(Browser.Plot::name).toList(), "plots"));
        checks.add(() -> assertEquals(expected.size(), page.plotsOnBody(), "plots the script saw"));
        for (Browser.Plot p : page.plots()) {
            checks.add(() -> assertTrue(p.drawn() >= 1 && p.points() >= 2,
                    p.name() + ": no line drawn (" + p.paths() + " paths, " + p.points() + " points)"));
            checks.add(() -> assertTrue(p.lines()[2] > 100, p.name() + ": lines span " + p.lines()[2] + " px"));
            checks.add(() -> {
                int coloured = Browser.colouredPixels(page.screenshot(), p.lines());
                assertTrue(coloured >= MIN_COLOURED_PIXELS, p.name() + ": not painted, " + coloured
                        + " coloured pixels where its lines are");
            });
        }
        return checks;
    }
}
