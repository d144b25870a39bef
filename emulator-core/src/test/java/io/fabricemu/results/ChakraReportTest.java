package io.fabricemu.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A Chakra trace's iteration in the summary, in compare's rows and as the report's lanes. */
class ChakraReportTest {
    private static final long US = 1_000_000L;

    private static RunResult run(String name) {
        return new RunResult(name, 1, "fabric", "d0123456789abcdef", 60 * US, 10, 2, 2, 250_000, 4, 1, false, 1, 0,
                List.of(), List.of(), "", TimeSeries.NONE);
    }

    /** Two ranks: compute 0..10 us then an all-reduce to 55 us; compute 0..20 us then the all-reduce to 45 us. */
    private static ChakraTimeline timeline() {
        ChakraRank r0 = new ChakraRank(0, 0, 55 * US, 10 * US, 45 * US, 45 * US, List.of(
                new ChakraNodeTime(1, "fwd", "compute", "", 0, 10 * US),
                new ChakraNodeTime(2, "grad", "collective", "c0-all-reduce", 10 * US, 55 * US)));
        ChakraRank r1 = new ChakraRank(1, 4, 45 * US, 20 * US, 25 * US, 25 * US, List.of(
                new ChakraNodeTime(1, "fwd", "compute", "", 0, 20 * US),
                new ChakraNodeTime(2, "grad", "collective", "c0-all-reduce", 20 * US, 45 * US)));
        return new ChakraTimeline(55 * US, List.of(r0, r1));
    }

    @Test
    void theSummaryGivesTheIterationAndTheRanksMeans() {
        RunResult r = run("s").withChakra(timeline());
        String[] row = SummaryTable.rows(r, Summary.of(r)).stream().filter(x -> x[0].equals("training iteration"))
                .findFirst().orElseThrow();
        // means over the two ranks: compute (10 + 20) / 2, communication (45 + 25) / 2, exposed the same
        assertEquals("55.000 us over 2 ranks; per rank (mean): compute 15.000 us, communication 35.000 us, exposed"
                + " communication 35.000 us", row[1]);
        assertTrue(SummaryTable.rows(run("t"), Summary.of(run("t"))).stream()
                .noneMatch(x -> x[0].equals("training iteration")), "no row without a trace");
    }

    @Test
    void compareHasTheIterationTime_dashWhereARunHasNoTrace() {
        RunResult with = run("a").withChakra(timeline());
        RunResult without = run("b");
        Comparison c = new Comparison(List.of(new Comparison.Column("a", with, Summary.of(with)),
                new Comparison.Column("b", without, Summary.of(without))));
        assertTrue(c.csv().contains("\ntraining_iteration,55000000,-1\n"), c.csv());
        assertTrue(c.csv().contains("\nexposed_communication,35000000,-1\n"), c.csv());
        assertTrue(c.render().lines().anyMatch(l -> l.strip().startsWith("training iteration")
                && l.contains("55.000 us") && l.strip().endsWith("-")), c.render());
        assertTrue(c.metrics().stream().anyMatch(m -> m.name().equals("training iteration")), "ensembles take it");
    }

    @Test
    void theReportDrawsALanePerRankAndABarPerNode_computeAndEachCollectiveInItsColour() {
        String svg = ChakraReport.lanes(timeline()).svg();
        assertTrue(svg.contains("data-plot=\"chakra-timeline\""), svg);
        assertEquals(4, count(svg, "<path class=\"data\""), svg);
        assertTrue(svg.contains(">rank 1 (host 4)</text>"), svg);
        assertTrue(svg.contains(">compute</text>") && svg.contains(">c0-all-reduce</text>"), "legend: " + svg);
        assertTrue(svg.contains("<title>rank 0 (host 0), collective node 2 grad (c0-all-reduce): 10.000 us to"
                + " 55.000 us</title>"), svg);
        assertTrue(svg.contains("virtual time (us)"), svg);
        assertEquals(2, Arrays.stream(svg.split("\n"))
                .filter(l -> l.startsWith("<path class=\"data\" fill=\"#4e79a7\"")).count(),
                "compute in the first colour");
    }

    private static int count(String text, String part) {
        return text.split(java.util.regex.Pattern.quote(part), -1).length - 1;
    }
}
