package io.fabricemu.results;

import io.fabricemu.report.Cdf;
import io.fabricemu.report.HeatMap;
import io.fabricemu.report.LineChart;
import io.fabricemu.report.Palette;
import io.fabricemu.report.Quantity;
import io.fabricemu.report.ReportPage;
import io.fabricemu.report.Series;
import io.fabricemu.report.TierPicture;
import io.fabricemu.report.TimeMark;
import io.fabricemu.time.Ps;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * A run's {@code report.html}: the summary table as the terminal shows it (less the wall-clock row, so the
 * same run gives the same bytes), a picture of the fabric ({@link FabricView}), the messages that waited longest
 * for a receive posted late ({@link WaitedMessages}), then the plots: the FCT
 * distribution, goodput per plotted flow and in all, queue depth at the hottest ports and a heat map of every
 * tier's queues over time ({@link QueueHeat}), each congestion-control state a flow has (window, credit, rate), and the
 * fabric's drops, trims, ECN marks, PFC pauses, back-to-sender notices and RNR NAKs per interval. Which flows
 * and ports are plotted is {@link SeriesSelection}'s rule. A plot with nothing to show is left out with a
 * sentence saying why, never drawn empty. A run with collectives also plots each one's JCT per iteration and
 * the step timeline of its ranks ({@link CollectiveCharts}); a Chakra trace's, a lane per rank of what it computed
 * and communicated when ({@link ChakraReport}). A run with faults has a table of what each cost
 * ({@link FaultTable}), each fault marked on every plot over time and faulted links dashed in the fabric's picture
 * ({@link FaultMarks}).
 */
public final class RunReport {
    public static final String FILE = "report.html";
    private static final String TIME = "virtual time";

    private RunReport() {
    }

    public static String html(RunResult r, Summary s, SeriesSelection sel) {
        ReportPage page = new ReportPage("fabric-emu: " + r.scenario() + " (seed " + r.seed() + ")");
        page.heading("Summary");
        List<String[]> rows = new ArrayList<>();
        for (String[] row : SummaryTable.rows(r, s)) {
            if (!row[0].equals(SummaryTable.WALL_TIME)) {
                rows.add(row);
            }
        }
        page.table("summary", false, rows);
        fabric(page, r);
        FaultTable.section(page, FaultCost.of(r, sel.aggregate().deliveredBytes(), sel.intervalPs()));
        WaitedMessages.section(page, NotReadyTotals.of(r));
        List<TimeMark> marks = FaultMarks.of(r.faults());
        page.heading("Flow completion times");
        LineChart cdf = fctCdf(List.of(r), List.of(r.scenario()));
        if (cdf.hasData()) {
            page.chart(cdf);
        } else {
            page.paragraph("No flow finished, so there is no completion time to show.");
        }
        if (!r.slowdown().absent()) {
            SlowdownReport.section(page, r.slowdown());
        }
        if (!r.collectives().isEmpty()) {
            collectives(page, r, marks);
        }
        if (!r.chakra().absent()) {
            ChakraReport.section(page, r.chakra());
        }
        if (sel.points() == 0) {
            page.paragraph("Nothing was recorded over virtual time (sampling: {interval: off}), so there are no"
                    + " time plots.");
            return page.html();
        }
        page.paragraph(String.format(Locale.ROOT, "Time plots: a sample every %s of virtual time, %d samples.",
                Ps.format(sel.intervalPs()), sel.points()));
        page.heading("Throughput");
        LineChart goodput = new LineChart("goodput", "Goodput per flow and in all", Quantity.TIME, TIME,
                Quantity.RATE, "goodput");
        List<FlowSeries> flows = sel.plottedFlows();
        for (int i = 0; i < flows.size(); i++) {
            goodput.add(Series.ofTicks("flow " + flows.get(i).flowId(), Palette.colour(i), 1.5, sel.intervalPs(),
                    flows.get(i).goodputPerTickBps(sel.intervalPs())));
        }
        goodput.add(Series.ofTicks("all flows", Palette.AGGREGATE, 2.5, sel.intervalPs(),
                sel.aggregate().goodputPerTickBps(sel.intervalPs())));
        page.chart(goodput.marks(marks));
        page.paragraph(flowNote(sel, r.flows().size()) + " " + PACKET_NOTE);
        page.heading("Queues");
        LineChart queue = new LineChart("queue", sel.chosenPorts().isEmpty() ? "Queue depth at the hottest ports"
                : "Queue depth at the hottest of the chosen ports", Quantity.TIME, TIME, Quantity.BYTES, "queued");
        List<PortSeries> hot = sel.plottedPorts();
        for (int i = 0; i < hot.size(); i++) {
            queue.add(Series.ofTicks(hot.get(i).id(), Palette.colour(i), 1.5, sel.intervalPs(),
                    hot.get(i).queueBytes()));
        }
        chartOrNote(page, queue.marks(marks), "No port was sampled.");
        HeatMap heat = QueueHeat.of(sel);
        if (heat.hasData()) {
            page.chart(heat.marks(marks));
            page.paragraph("Each row is one port's queue over virtual time, on one colour scale for the whole map;"
                    + " a column spanning several samples shows their largest. Grey: empty.");
        }
        page.heading("Congestion control");
        boolean any = false;
        Map<Integer, Long> finishPs = new HashMap<>();
        for (FlowResult f : r.flows()) {
            finishPs.put(f.id(), f.finishPs());
        }
        any |= ccChart(page, sel, finishPs, "window", "Congestion window of plotted flows", Quantity.BYTES, "window",
                FlowSeries::windowBytes, marks);
        any |= ccChart(page, sel, finishPs, "credit", "Unspent credit of plotted flows (RCCC)", Quantity.BYTES,
                "credit", FlowSeries::creditBytes, marks);
        any |= ccChart(page, sel, finishPs, "rate", "Paced rate of plotted flows (DCQCN)", Quantity.RATE, "rate",
                FlowSeries::rateBps, marks);
        if (ccChart(page, sel, finishPs, "rtt", "Round-trip time of plotted flows", Quantity.TIME, "latest RTT",
                FlowSeries::rttPs, marks)) {
            page.paragraph("Each sender's latest round-trip sample at each tick: a packet's send to the arrival of the"
                    + " ACK that echoes its time; what a flow's samples add to its smallest is queueing on the way."
                    + " series-flows.csv has every recorded flow's (rtt_ps).");
        }
        if (ccChart(page, sel, finishPs, "queueing", "Queueing delay of plotted flows", Quantity.TIME,
                "queueing delay", FlowSeries::queueingDelayPs, marks)) {
            page.paragraph("Each latest RTT sample less the flow's round trip on the idle fabric (its full data packet"
                    + " and the ACK serialised, switched and carried along its path): the time that packet and its ACK"
                    + " waited in queues. series-flows.csv has every recorded flow's (queueing_delay_ps).");
        }
        if (!any) {
            page.paragraph("No plotted flow has a window, a credit or a paced rate.");
        }
        page.heading("Congestion signals");
        page.chart(signals(sel.fabric(), sel.intervalPs()).marks(marks));
        if (PfcTimeline.any(r) && sel.points() > 0) {
            page.chart(PfcTimeline.heat(r, sel.intervalPs(), sel.points()).marks(marks));
            page.paragraph("Each row is an egress port and traffic class, paused by the port at the other end of its"
                    + " cable; a cell is the time it was paused in that interval. " + PfcTimeline.FILE + " lists every"
                    + " pause with the port that sent it.");
        }
        return page.html();
    }

    /** The picture of the fabric, or a sentence saying why there is none. */
    private static void fabric(ReportPage page, RunResult r) {
        if (r.fabricMap().isEmpty()) {
            return;
        }
        page.heading("Fabric");
        TierPicture picture = FabricView.of(r);
        if (picture == null) {
            page.paragraph("The fabric is too wide to draw (more than " + FabricView.MAX_ROW + " switches in one"
                    + " tier); ports.csv has every port's figures.");
            return;
        }
        page.chart(picture);
        page.paragraph(FabricView.note(r));
    }

    /** Each collective's JCT per iteration, then each one's step timeline (up to four collectives). */
    private static void collectives(ReportPage page, RunResult r, List<TimeMark> marks) {
        page.heading("Collectives");
        if (r.collectives().stream().anyMatch(c -> c.iteration() > 0)) {
            chartOrNote(page, CollectiveCharts.jctPerIteration(r.collectives()), "No iteration of any collective"
                    + " finished, so there is no JCT to show.");
        } else {
            page.paragraph("Every collective ran once: its JCT is in the summary above (a plot per iteration needs"
                    + " two iterations or more).");
        }
        List<CollectiveSummary> all = CollectiveSummary.of(r.collectives());
        for (int c = 0; c < Math.min(4, all.size()); c++) {
            List<CollectiveResult> its = CollectiveCharts.iterationsOf(r.collectives(), all.get(c).name());
            chartOrNote(page, CollectiveCharts.stepTimeline(its, r.flows()).marks(marks),
                    all.get(c).name() + " began no step.");
            page.paragraph("Each rank's stair climbs when the rank begins a step; a rank whose stair lags holds up"
                    + " the ranks that wait for what it sends. " + CollectiveCharts.lastRanks(its, r.flows(), 3)
                    + (its.get(0).ranks().size() > CollectiveCharts.MAX_RANKS ? " " + CollectiveCharts.MAX_RANKS
                    + " of " + its.get(0).ranks().size() + " ranks are drawn, spread evenly." : ""));
            HeatMap steps = CollectiveCharts.stepHeat(its, r.flows());
            if (steps.hasData()) {
                page.chart(steps);
                page.paragraph("Each row is a rank, each column a step (the iterations one after another), a cell"
                        + " the time from the rank's first send of the step to its last one's arrival: a hot row is"
                        + " a slow rank, a hot column a slow step.");
            }
        }
        if (all.size() > 4) {
            page.paragraph("Step timelines are drawn for the first four collectives; collectives.csv has all "
                    + all.size() + ".");
        }
    }

    /** The FCT CDF of every run, one line each. */
    static LineChart fctCdf(List<RunResult> runs, List<String> labels) {
        LineChart chart = new LineChart("fct-cdf", "Flow completion time distribution (finished flows)",
                Quantity.TIME, "flow completion time", Quantity.FRACTION, "fraction of flows");
        for (int i = 0; i < runs.size(); i++) {
            long[] fcts = runs.get(i).flows().stream().filter(FlowResult::finished).mapToLong(FlowResult::fctPs)
                    .toArray();
            if (fcts.length > 0) {
                chart.add(Cdf.of(labels.get(i), Palette.colour(i), 2, fcts));
            }
        }
        return chart;
    }

    /**
     * Each kind of signal the fabric sent, per millisecond of virtual time as in the comparison report, whatever the
     * run's sampling interval; drops always, the others where there were any.
     */
    static LineChart signals(PortSeries fabric, long intervalPs) {
        LineChart chart = new LineChart("signals", "Drops, trims, marks, pauses and notices",
                Quantity.TIME, TIME, Quantity.COUNT, "packets per ms of virtual time");
        String[] names = {"drops", "trims", "ECN marks", "PFC pause frames", "back-to-sender notices", "RNR NAKs"};
        long[][] counters = {fabric.drops(), fabric.trims(), fabric.ecnMarks(), fabric.pauseFrames(),
            fabric.btsNotices(), fabric.rnrNaks()};
        for (int k = 0; k < names.length; k++) {
            long[] cumulative = counters[k];
            if (k == 0 || cumulative[cumulative.length - 1] > 0) {
                chart.add(Series.ofTicks(names[k], Palette.colour(k), 1.5, intervalPs,
                        ComparisonReport.perMs(SeriesSelection.perTick(cumulative), intervalPs)));
            }
        }
        return chart;
    }

    /**
     * One line per plotted flow of its congestion state {@code values}, ending at the flow's finish
     * ({@code finishPs} by flow id; the context may live on, but the flow no longer sends).
     */
    private static boolean ccChart(ReportPage page, SeriesSelection sel, Map<Integer, Long> finishPs, String id,
                                   String title, Quantity q, String axis, Function<FlowSeries, long[]> values,
                                   List<TimeMark> marks) {
        LineChart chart = new LineChart(id, title, Quantity.TIME, TIME, q, axis).marks(marks);
        List<FlowSeries> flows = sel.plottedFlows();
        for (int i = 0; i < flows.size(); i++) {
            long endPs = finishPs.getOrDefault(flows.get(i).flowId(), -1L);
            Series s = Series.ofTicks("flow " + flows.get(i).flowId(), Palette.colour(i), 1.5, sel.intervalPs(),
                    untilPs(values.apply(flows.get(i)), sel.intervalPs(), endPs));
            if (s.hasData()) {
                chart.add(s);
            }
        }
        if (chart.hasData()) {
            page.chart(chart);
            return true;
        }
        return false;
    }

    /**
     * {@code perTick} with every tick after {@code endPs} a gap (-1); all of it when {@code endPs} is -1 (the flow
     * did not finish). The tick at or after the end stays, so the line reaches the finish.
     */
    static long[] untilPs(long[] perTick, long intervalPs, long endPs) {
        if (endPs < 0) {
            return perTick;
        }
        long[] out = perTick.clone();
        for (int i = 0; i < out.length; i++) {
            if ((long) (i - 1) * intervalPs >= endPs) {
                out[i] = -1;
            }
        }
        return out;
    }

    /** What a goodput line per interval is made of. */
    static final String PACKET_NOTE = "Goodput per interval counts each packet whole in the interval its last bit"
            + " arrived in, so a short interval may read above the line rate: at 100 Gb/s a 1 us interval carries"
            + " 3.05 packets of 4,096 B on average, and one that holds 4 reads 131 Gb/s.";

    private static void chartOrNote(ReportPage page, LineChart chart, String note) {
        if (chart.hasData()) {
            page.chart(chart);
        } else {
            page.paragraph(note);
        }
    }

    private static String flowNote(SeriesSelection sel, int all) {
        int plotted = sel.plottedFlows().size();
        return plotted == all ? "Every flow is plotted." : String.format(Locale.ROOT,
                "%d of %d flows are plotted, spread evenly over the flow ids; series-flows.csv has %d of them.",
                plotted, all, sel.flows().size());
    }
}
