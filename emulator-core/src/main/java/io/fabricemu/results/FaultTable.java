package io.fabricemu.results;

import io.fabricemu.report.ReportPage;
import io.fabricemu.stats.FaultDrop;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The report's section on faults: a table of what each cost (packets lost by kind and in all, flows touched, their
 * p99 FCT beside the others', how soon goodput came back) and a note on how to read it and the marks on the plots.
 */
final class FaultTable {
    private FaultTable() {
    }

    static void section(ReportPage page, List<FaultCost> costs) {
        if (costs.isEmpty()) {
            return;
        }
        page.heading("Faults");
        page.table("faults", true, rows(costs));
        page.paragraph("Lost: packets each fault lost, by where (wire: on a link when it went down; queue: waiting"
                + " at a port whose link went down; blackhole: sent toward a dead link before routing knew; nicDown:"
                + " sent by a NIC whose link was down; loss, corruption: picked by a link's loss model). Touched: flows"
                + " the fault lost a packet of or carried over a link it degraded. Goodput back: from the fault to"
                + " the end of the first sampling interval after it whose aggregate goodput was within "
                + FaultRecovery.WITHIN_PERCENT + "% of its mean from the start of traffic to the fault. Every plot"
                + " over time marks each fault with a dashed line labelled f<index> (red: down, green: up, orange:"
                + " degraded), shaded while its links stay down; faults.csv has every place's counts.");
    }

    static List<String[]> rows(List<FaultCost> costs) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"fault", "at", "lost", "total", "flows touched", "p99 FCT touched / untouched",
            "goodput back"});
        for (FaultCost c : costs) {
            rows.add(new String[] {"f" + c.fault().index() + " " + c.fault().label() + " (" + c.kind() + ", "
                    + c.fault().directionCount() + " link direction" + (c.fault().directionCount() == 1 ? "" : "s")
                    + ")", SummaryTable.time(c.fault().atPs()), lost(c.drops()),
                String.format(Locale.ROOT, "%,d", c.drops().totalPackets()),
                String.format(Locale.ROOT, "%,d", c.touchedFlows()),
                SummaryTable.time(c.touchedFct().p99Ps()) + " / " + SummaryTable.time(c.untouchedFct().p99Ps()),
                back(c.recovery())});
        }
        return rows;
    }

    /** The kinds that lost packets, e.g. "wire 5, queue 58, blackhole 59"; "-" for none. */
    static String lost(FaultDropTotals d) {
        List<String> parts = new ArrayList<>();
        for (FaultDrop kind : FaultDrop.values()) {
            if (d.packets(kind) > 0) {
                parts.add(String.format(Locale.ROOT, "%s %,d", kind.key(), d.packets(kind)));
            }
        }
        return parts.isEmpty() ? "-" : String.join(", ", parts);
    }

    /** The recovery time, or why there is none, shortly. */
    static String back(Recovery r) {
        if (r instanceof Recovery.Back b) {
            return SummaryTable.time(b.afterPs());
        }
        return r instanceof Recovery.NotBack ? "not by the end" : "not measured";
    }
}
