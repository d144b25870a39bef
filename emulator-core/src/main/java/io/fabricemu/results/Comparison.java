package io.fabricemu.results;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.ToLongFunction;

/**
 * Several runs side by side: one column per run, one row per headline figure, so that the same workload
 * under different transports or switch settings can be read across. Rendered as an aligned text table for
 * the terminal, as Markdown, and as CSV with the raw integers (picoseconds, bytes, bits per second).
 */
public final class Comparison {

    /** One run of the comparison; {@code label} heads its column and names its results folder. */
    public record Column(String label, RunResult run, Summary summary) {
    }

    /**
     * One headline figure of the runs: its raw integer in a run ({@code -1} where a run lacks it, as a fault or
     * a group it does not have) and how such an integer is written (a time, a rate, bytes or a count).
     */
    public record Metric(String name, ToLongFunction<Column> raw, LongFunction<String> format) {
    }

    /** A row of the table; {@code metric} null for a row that is not a number (halted). */
    private record Row(String name, Function<Column, String> shown, ToLongFunction<Column> raw, Metric metric) {
        Row(String name, Function<Column, String> shown, ToLongFunction<Column> raw, LongFunction<String> format) {
            this(name, shown, raw, format == null ? null : new Metric(name, raw, format));
        }

        /** A row shown as its raw integer, formatted. */
        static Row of(String name, ToLongFunction<Column> raw, LongFunction<String> format) {
            return new Row(name, c -> format.apply(raw.applyAsLong(c)), raw, format);
        }
    }

    private static final LongFunction<String> TIME = SummaryTable::time;
    private static final LongFunction<String> RATE = SummaryTable::rate;
    private static final LongFunction<String> BYTES = Comparison::bytes;
    private static final LongFunction<String> COUNT = Comparison::count;
    /** An FCT slowdown in thousandths, shown with two decimals; - where the run has none. */
    private static final LongFunction<String> SLOWDOWN = v -> v < 0 ? "-"
            : String.format(java.util.Locale.ROOT, "%.2f", v / 1000.0);

    /** The open-loop load's median ({@code p50}) or p99 FCT slowdown in thousandths, -1 without one. */
    private static long slowdownMilli(Column c, boolean p50) {
        FctSlowdown s = c.run().slowdown();
        return s.absent() || s.count() == 0 ? -1 : Math.round((p50 ? s.p50() : s.p99()) * 1000);
    }

    private static final List<Row> ROWS = List.of(
            new Row("flows finished", c -> c.summary().flowsFinished() + " / " + c.summary().flows(),
                    c -> c.summary().flowsFinished(), COUNT),
            Row.of("FCT median", c -> c.summary().fctMedianPs(), TIME),
            Row.of("FCT p99", c -> c.summary().fctP99Ps(), TIME),
            Row.of("FCT max", c -> c.summary().fctMaxPs(), TIME),
            Row.of("goodput", c -> c.summary().goodputBps(), RATE),
            Row.of("delivered goodput", c -> c.summary().deliveredGoodputBps(), RATE),
            Row.of("peak queue", c -> c.summary().hottestPortBytes(), BYTES),
            Row.of("drops", c -> c.summary().drops(), COUNT),
            Row.of("trims", c -> c.summary().trims(), COUNT),
            Row.of("retransmitted", c -> c.summary().retransmittedBytes(), BYTES),
            Row.of("ECN marks", c -> c.summary().ecnMarks(), COUNT),
            Row.of("BTS notices", c -> c.summary().btsSent(), COUNT),
            Row.of("BTS overhead", c -> c.summary().btsBytes(), BYTES),
            Row.of("BTS per delivered byte", c -> c.summary().btsPpmOfDelivered(), SummaryTable::perDelivered),
            Row.of("PFC pauses", c -> c.summary().pfcPausesSent(), COUNT),
            Row.of("RNR NAKs", c -> c.summary().rnrNaksSent(), COUNT),
            Row.of("RNR NACKed drops", c -> c.summary().rnrNackedDrops(), COUNT),
            Row.of("RNR unresolved", c -> c.summary().rnrUnresolved(), COUNT),
            new Row("longest paused", c -> c.summary().mostPausedPort().isEmpty() ? "-"
                    : SummaryTable.time(c.summary().mostPausedPs()), c -> c.summary().mostPausedPs(), TIME),
            Row.of("virtual time", c -> c.run().virtualEndPs(), TIME),
            new Row("halted", c -> c.run().halted() ? "yes" : "no", c -> c.run().halted() ? 1 : 0,
                    (LongFunction<String>) null));

    private final List<Column> columns;
    /** Each column's fault costs, by column (identity): computed once, read by the fault rows. */
    private final Map<Column, List<FaultCost>> faultCosts = new IdentityHashMap<>();
    /** Each column's receiver-not-ready totals, by column (identity): computed once, read by their rows. */
    private final Map<Column, NotReadyTotals> notReady = new IdentityHashMap<>();

    public Comparison(List<Column> columns) {
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a comparison needs at least one run");
        }
        Set<String> labels = new HashSet<>();
        for (Column c : columns) {
            if (!labels.add(c.label())) {
                throw new IllegalArgumentException("two runs are labelled '" + c.label() + "'");
            }
        }
        this.columns = List.copyOf(columns);
        for (Column c : this.columns) {
            faultCosts.put(c, FaultCost.of(c.run()));
            notReady.put(c, NotReadyTotals.of(c.run()));
        }
    }

    public List<Column> columns() {
        return columns;
    }

    /** The table's numeric rows, in its order: what an ensemble takes the spread of. */
    public List<Metric> metrics() {
        List<Metric> metrics = new ArrayList<>();
        for (Row row : rows()) {
            if (row.metric() != null) {
                metrics.add(row.metric());
            }
        }
        return metrics;
    }

    /** An aligned text table: metric names on the left, one column per run. */
    public String render() {
        return CellTable.text(cells());
    }

    /** The same table in Markdown. */
    public String markdown() {
        return CellTable.markdown(cells());
    }

    /** CSV: a header of labels, then one line per metric with raw integers. */
    public String csv() {
        StringBuilder out = new StringBuilder("metric");
        for (Column c : columns) {
            out.append(',').append(c.label());
        }
        out.append('\n');
        for (Row row : rows()) {
            out.append(row.name().replace(' ', '_'));
            for (Column c : columns) {
                out.append(',').append(row.raw().applyAsLong(c));
            }
            out.append('\n');
        }
        return out.toString();
    }

    /**
     * The table as cells: a header row (an empty corner, then the labels), then one row per figure, but those that are
     * 0 in every run (drops excepted: none is a result), then each run's digest, shortened. The CSV keeps every row.
     */
    public List<String[]> cells() {
        List<String[]> cells = new ArrayList<>();
        String[] header = new String[columns.size() + 1];
        header[0] = "";
        for (int i = 0; i < columns.size(); i++) {
            header[i + 1] = columns.get(i).label();
        }
        cells.add(header);
        for (Row row : rows()) {
            if (!row.name().equals("drops") && columns.stream().allMatch(c -> row.raw().applyAsLong(c) == 0)) {
                continue;
            }
            String[] line = new String[columns.size() + 1];
            line[0] = row.name();
            for (int i = 0; i < columns.size(); i++) {
                line[i + 1] = row.shown().apply(columns.get(i));
            }
            cells.add(line);
        }
        String[] digests = new String[columns.size() + 1];
        digests[0] = "digest";
        for (int i = 0; i < columns.size(); i++) {
            digests[i + 1] = columns.get(i).run().digest().substring(0, 12);
        }
        cells.add(digests);
        return cells;
    }

    /**
     * The rows of this comparison: first, for every collective any run has, its mean JCT and bus bandwidth over its
     * iterations; then, when a run replays a Chakra trace, its iteration time and its ranks' mean exposed
     * communication ({@link ChakraTimeline}); then, for every group of flows any run has (the parts of a mix workload, in
     * the order they first appear), its completion time and FCT p99; then, for every fault (the runs of a
     * comparison share the scenario's faults), how soon goodput came back and the p99 FCT of the flows it touched
     * ({@link FaultCost}); then, when a receive was posted late in any run, what that cost ({@link NotReadyTotals}:
     * request-to-wait and -to-send, responders' RNR NAKs, bytes discarded, rendezvous fetches and buffered bytes,
     * bounce buffers' bytes, peak and overflow, the longest wait); then the rows every comparison has.
     */
    private List<Row> rows() {
        List<String> groups = new ArrayList<>();
        for (Column c : columns) {
            for (GroupSummary g : c.summary().groups()) {
                if (!groups.contains(g.name())) {
                    groups.add(g.name());
                }
            }
        }
        List<String> collectives = new ArrayList<>();
        for (Column c : columns) {
            for (CollectiveSummary s : CollectiveSummary.of(c.run().collectives())) {
                if (!collectives.contains(s.name())) {
                    collectives.add(s.name());
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        for (String name : collectives) {
            rows.add(Row.of(name + " JCT", c -> collectiveRaw(c, name, CollectiveSummary::jctMeanPs), TIME));
            rows.add(new Row(name + " busbw", c -> collectiveRaw(c, name, CollectiveSummary::busBwMeanBps) <= 0 ? "-"
                    : SummaryTable.rate(collectiveRaw(c, name, CollectiveSummary::busBwMeanBps)),
                    c -> collectiveRaw(c, name, CollectiveSummary::busBwMeanBps), RATE));
        }
        if (columns.stream().anyMatch(c -> !c.run().chakra().absent())) {
            rows.add(Row.of(ChakraReport.ROW, c -> c.run().chakra().iterationPs(), TIME));
            rows.add(Row.of("exposed communication", c -> c.run().chakra().meanPs(ChakraRank::exposedCommunicationPs),
                    TIME));
        }
        for (String group : groups) {
            rows.add(new Row(group + " completion", c -> groupTime(c, group, GroupSummary::completionPs),
                    c -> groupRaw(c, group, GroupSummary::completionPs), TIME));
            rows.add(new Row(group + " FCT p99", c -> groupTime(c, group, GroupSummary::fctP99Ps),
                    c -> groupRaw(c, group, GroupSummary::fctP99Ps), TIME));
        }
        if (columns.stream().anyMatch(c -> !c.run().slowdown().absent())) {
            rows.add(Row.of("FCT slowdown p50", c -> slowdownMilli(c, true), SLOWDOWN));
            rows.add(Row.of("FCT slowdown p99", c -> slowdownMilli(c, false), SLOWDOWN));
        }
        if (columns.stream().anyMatch(c -> notReady.get(c).any())) {
            rows.add(Row.of("request-to-wait (RTW)", c -> notReady.get(c).rtwCount(), COUNT));
            rows.add(Row.of("request-to-send (RTS)", c -> notReady.get(c).rtsCount(), COUNT));
            rows.add(Row.of("responder RNR NAKs", c -> notReady.get(c).rnrNaks(), COUNT));
            rows.add(Row.of("not ready: discarded", c -> notReady.get(c).discardedBytes(), BYTES));
            rows.add(Row.of("rendezvous fetches", c -> notReady.get(c).rendezvous().fetchCount(), COUNT));
            rows.add(Row.of("rendezvous buffered", c -> notReady.get(c).rendezvous().bufferedBytes(), BYTES));
            rows.add(Row.of("bounce buffered", c -> notReady.get(c).bounce().bufferedBytes(), BYTES));
            rows.add(Row.of("bounce buffer peak", c -> notReady.get(c).bounce().peakBytesMax(), BYTES));
            rows.add(Row.of("bounce overflow (RTW)", c -> notReady.get(c).bounce().overflowPackets(), COUNT));
            rows.add(Row.of("longest not-ready wait", c -> notReady.get(c).waitedPsMax(), TIME));
            rows.add(Row.of("PDC receiver not ready (RNR)", c -> notReady.get(c).pdc().rnrCount(), COUNT));
            rows.add(Row.of("PDC retries", c -> notReady.get(c).pdc().retryCount(), COUNT));
            rows.add(Row.of("PDCs held for a slot", c -> notReady.get(c).pdc().waitedPs(), TIME));
        }
        int faults = 0;
        for (Column c : columns) {
            faults = Math.max(faults, faultCosts.get(c).size());
        }
        for (int f = 0; f < faults; f++) {
            int index = f;
            rows.add(new Row("fault " + f + " recovery", c -> faultRecoveryShown(c, index),
                    c -> faultRecoveryPs(c, index), TIME));
            rows.add(Row.of("fault " + f + " touched FCT p99", c -> faultTouchedP99(c, index), TIME));
        }
        rows.addAll(ROWS);
        return rows;
    }

    /** Fault {@code f}'s recovery time in one run, in ps; -1 when the run has no such fault or no recovery time. */
    private long faultRecoveryPs(Column c, int f) {
        List<FaultCost> costs = faultCosts.get(c);
        return f < costs.size() && costs.get(f).recovery() instanceof Recovery.Back b ? b.afterPs() : -1;
    }

    private String faultRecoveryShown(Column c, int f) {
        List<FaultCost> costs = faultCosts.get(c);
        return f < costs.size() ? FaultTable.back(costs.get(f).recovery()) : "-";
    }

    /** The p99 FCT of the flows fault {@code f} touched in one run, -1 when none finished or no such fault. */
    private long faultTouchedP99(Column c, int f) {
        List<FaultCost> costs = faultCosts.get(c);
        return f < costs.size() ? costs.get(f).touchedFct().p99Ps() : -1;
    }

    /** A collective's figure (mean over its finished iterations) in one run, -1 when the run has none such. */
    private static long collectiveRaw(Column c, String name, ToLongFunction<CollectiveSummary> figure) {
        for (CollectiveSummary s : CollectiveSummary.of(c.run().collectives())) {
            if (s.name().equals(name)) {
                return figure.applyAsLong(s);
            }
        }
        return -1;
    }

    /** A group's figure in one run, -1 when the run has no such group or the figure is undefined. */
    private static long groupRaw(Column c, String group, ToLongFunction<GroupSummary> figure) {
        for (GroupSummary g : c.summary().groups()) {
            if (g.name().equals(group)) {
                return figure.applyAsLong(g);
            }
        }
        return -1;
    }

    private static String groupTime(Column c, String group, ToLongFunction<GroupSummary> figure) {
        long ps = groupRaw(c, group, figure);
        return ps < 0 ? "-" : SummaryTable.time(ps);
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static String bytes(long n) {
        return String.format(Locale.ROOT, "%,d B", n);
    }
}
