package io.fabricemu.results;

import io.fabricemu.report.Lanes;
import io.fabricemu.report.ReportPage;
import io.fabricemu.scenario.workload.ChakraNodeFlows;
import java.util.Locale;

/**
 * How a Chakra trace's iteration ({@link ChakraTimeline}) is shown: a line of the summary table and of
 * {@code compare}, and in report.html a lane per rank of what it computed and communicated when ({@link Lanes}).
 */
final class ChakraReport {
    /** The name of the summary's row and of compare's. */
    static final String ROW = "training iteration";
    /** The most ranks the report draws; more are spread evenly. */
    static final int MAX_RANKS = 64;

    private ChakraReport() {
    }

    /**
     * The summary's row, such as {@code 1.329 ms over 8 ranks; per rank (mean): compute 150.000 us, communication
     * ..., exposed communication ...}.
     */
    static String[] row(ChakraTimeline t) {
        int ended = (int) t.ranks().stream().filter(r -> r.endPs() >= 0).count();
        if (t.iterationPs() < 0) {
            return new String[] {ROW, String.format(Locale.ROOT, "did not finish: %d of %d ranks ran every node",
                    ended, t.ranks().size())};
        }
        return new String[] {ROW, String.format(Locale.ROOT, "%s over %d ranks; per rank (mean): compute %s,"
                + " communication %s, exposed communication %s", SummaryTable.time(t.iterationPs()), t.ranks().size(),
                SummaryTable.time(t.meanPs(ChakraRank::computePs)), SummaryTable.time(t.meanPs(
                        ChakraRank::communicationPs)), SummaryTable.time(t.meanPs(
                                ChakraRank::exposedCommunicationPs)))};
    }

    /** The report's section: the ranks' lanes and what they show. */
    static void section(ReportPage page, ChakraTimeline t) {
        page.heading("Training iteration");
        Lanes lanes = lanes(t);
        if (!lanes.hasData()) {
            page.paragraph("No node of the trace ended after the iteration's start, so there is no timeline to show.");
            return;
        }
        page.chart(lanes);
        int ranks = t.ranks().size();
        page.paragraph("Each row is a rank, each bar a node of its trace from its start to its end: compute, and"
                + " each collective (or send, receive) in its own colour; a gap is time the rank waited. "
                + (t.iterationPs() < 0 ? "The iteration did not finish." : "The iteration took "
                + SummaryTable.time(t.iterationPs()) + ".")
                + (ranks > MAX_RANKS ? " " + MAX_RANKS + " of " + ranks + " ranks are drawn, spread evenly." : "")
                + " " + ChakraTimelineCsv.FILE + " has every node of every rank.");
    }

    /** One lane per rank (at most {@link #MAX_RANKS}, spread evenly), a bar per node that ended. */
    static Lanes lanes(ChakraTimeline t) {
        Lanes lanes = new Lanes("chakra-timeline", "Each rank's iteration: compute and communication over time");
        lanes.category(ChakraNodeFlows.COMPUTE);
        int ranks = t.ranks().size();
        int shown = Math.min(ranks, MAX_RANKS);
        for (int k = 0; k < shown; k++) {
            ChakraRank rank = t.ranks().get((int) ((long) k * ranks / shown));
            lanes.lane("rank " + rank.rank() + " (host " + rank.host() + ")");
            for (ChakraNodeTime n : rank.nodes()) {
                if (!n.ended()) {
                    continue;
                }
                String category = n.collective().isEmpty() ? n.kind() : n.collective();
                int c = lanes.category(category);
                lanes.bar(n.startPs(), n.endPs(), c, n.kind() + " node " + Long.toUnsignedString(n.id())
                        + (n.name().isEmpty() ? "" : " " + n.name()) + (n.collective().isEmpty() ? ""
                        : " (" + n.collective() + ")"));
            }
        }
        return lanes;
    }
}
