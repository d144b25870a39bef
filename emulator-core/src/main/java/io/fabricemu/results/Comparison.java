package io.fabricemu.results;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
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

    private record Row(String name, Function<Column, String> shown, ToLongFunction<Column> raw) {
    }

    private static final List<Row> ROWS = List.of(
            new Row("flows finished", c -> c.summary().flowsFinished() + " / " + c.summary().flows(),
                    c -> c.summary().flowsFinished()),
            new Row("FCT median", c -> SummaryTable.time(c.summary().fctMedianPs()), c -> c.summary().fctMedianPs()),
            new Row("FCT p99", c -> SummaryTable.time(c.summary().fctP99Ps()), c -> c.summary().fctP99Ps()),
            new Row("FCT max", c -> SummaryTable.time(c.summary().fctMaxPs()), c -> c.summary().fctMaxPs()),
            new Row("goodput", c -> SummaryTable.rate(c.summary().goodputBps()), c -> c.summary().goodputBps()),
            new Row("delivered goodput", c -> SummaryTable.rate(c.summary().deliveredGoodputBps()),
                    c -> c.summary().deliveredGoodputBps()),
            new Row("peak queue", c -> bytes(c.summary().hottestPortBytes()), c -> c.summary().hottestPortBytes()),
            new Row("drops", c -> count(c.summary().drops()), c -> c.summary().drops()),
            new Row("trims", c -> count(c.summary().trims()), c -> c.summary().trims()),
            new Row("retransmitted", c -> bytes(c.summary().retransmittedBytes()),
                    c -> c.summary().retransmittedBytes()),
            new Row("ECN marks", c -> count(c.summary().ecnMarks()), c -> c.summary().ecnMarks()),
            new Row("BTS notices", c -> count(c.summary().btsSent()), c -> c.summary().btsSent()),
            new Row("BTS overhead", c -> bytes(c.summary().btsBytes()), c -> c.summary().btsBytes()),
            new Row("BTS per delivered byte", c -> SummaryTable.perDelivered(c.summary().btsPpmOfDelivered()),
                    c -> c.summary().btsPpmOfDelivered()),
            new Row("PFC pauses", c -> count(c.summary().pfcPausesSent()), c -> c.summary().pfcPausesSent()),
            new Row("RNR NAKs", c -> count(c.summary().rnrNaksSent()), c -> c.summary().rnrNaksSent()),
            new Row("RNR NACKed drops", c -> count(c.summary().rnrNackedDrops()), c -> c.summary().rnrNackedDrops()),
            new Row("RNR unresolved", c -> count(c.summary().rnrUnresolved()), c -> c.summary().rnrUnresolved()),
            new Row("longest paused", c -> c.summary().mostPausedPort().isEmpty() ? "-"
                    : SummaryTable.time(c.summary().mostPausedPs()), c -> c.summary().mostPausedPs()),
            new Row("virtual time", c -> SummaryTable.time(c.run().virtualEndPs()), c -> c.run().virtualEndPs()),
            new Row("halted", c -> c.run().halted() ? "yes" : "no", c -> c.run().halted() ? 1 : 0));

    private final List<Column> columns;
    /** Each column's fault costs, by column (identity): computed once, read by the fault rows. */
    private final Map<Column, List<FaultCost>> faultCosts = new IdentityHashMap<>();

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
        }
    }

    public List<Column> columns() {
        return columns;
    }

    /** An aligned text table: metric names on the left, one column per run. */
    public String render() {
        List<String[]> cells = cells();
        int[] widths = new int[columns.size() + 1];
        for (String[] row : cells) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] row : cells) {
            out.append(String.format(Locale.ROOT, "  %-" + widths[0] + "s", row[0]));
            for (int i = 1; i < row.length; i++) {
                out.append(String.format(Locale.ROOT, "  %" + widths[i] + "s", row[i]));
            }
            out.append(System.lineSeparator());
        }
        return out.toString();
    }

    /** The same table in Markdown. */
    public String markdown() {
        List<String[]> cells = cells();
        StringBuilder out = new StringBuilder();
        for (int r = 0; r < cells.size(); r++) {
            out.append("| ").append(String.join(" | ", cells.get(r))).append(" |\n");
            if (r == 0) {
                out.append("|---").append("|---:".repeat(columns.size())).append("|\n");
            }
        }
        return out.toString();
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

    /** The table as cells: a header row (an empty corner, then the labels), then one row per figure. */
    public List<String[]> cells() {
        List<String[]> cells = new ArrayList<>();
        String[] header = new String[columns.size() + 1];
        header[0] = "";
        for (int i = 0; i < columns.size(); i++) {
            header[i + 1] = columns.get(i).label();
        }
        cells.add(header);
        for (Row row : rows()) {
            String[] line = new String[columns.size() + 1];
            line[0] = row.name();
            for (int i = 0; i < columns.size(); i++) {
                line[i + 1] = row.shown().apply(columns.get(i));
            }
            cells.add(line);
        }
        return cells;
    }

    /**
     * The rows of this comparison: first, for every collective any run has, its mean JCT and bus bandwidth over its
     * iterations; then, for every group of flows any run has (the parts of a mix workload, in
     * the order they first appear), its completion time and FCT p99; then, for every fault (the runs of a
     * comparison share the scenario's faults), how soon goodput came back and the p99 FCT of the flows it touched
     * ({@link FaultCost}); then the rows every comparison has.
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
            rows.add(new Row(name + " JCT", c -> SummaryTable.time(collectiveRaw(c, name,
                    CollectiveSummary::jctMeanPs)), c -> collectiveRaw(c, name, CollectiveSummary::jctMeanPs)));
            rows.add(new Row(name + " busbw", c -> collectiveRaw(c, name, CollectiveSummary::busBwMeanBps) <= 0 ? "-"
                    : SummaryTable.rate(collectiveRaw(c, name, CollectiveSummary::busBwMeanBps)),
                    c -> collectiveRaw(c, name, CollectiveSummary::busBwMeanBps)));
        }
        for (String group : groups) {
            rows.add(new Row(group + " completion", c -> groupTime(c, group, GroupSummary::completionPs),
                    c -> groupRaw(c, group, GroupSummary::completionPs)));
            rows.add(new Row(group + " FCT p99", c -> groupTime(c, group, GroupSummary::fctP99Ps),
                    c -> groupRaw(c, group, GroupSummary::fctP99Ps)));
        }
        int faults = 0;
        for (Column c : columns) {
            faults = Math.max(faults, faultCosts.get(c).size());
        }
        for (int f = 0; f < faults; f++) {
            int index = f;
            rows.add(new Row("fault " + f + " recovery", c -> faultRecoveryShown(c, index),
                    c -> faultRecoveryPs(c, index)));
            rows.add(new Row("fault " + f + " touched FCT p99", c -> SummaryTable.time(faultTouchedP99(c, index)),
                    c -> faultTouchedP99(c, index)));
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
