package io.fabricemu.results;

import io.fabricemu.stats.FaultDrop;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A fault's cost in words, as the summary table prints it: what it lost where, the flows it touched and their
 * p99 FCT beside the others', and how soon goodput came back, e.g. {@code agg0.0 <-> core0 down at 100us: lost 5
 * on the wire, 58 in queues, 59 black-holed; 12 flows touched (p99 FCT 410.000 us vs 160.000 us untouched);
 * goodput back within 5% after 180.000 us}.
 */
final class FaultSentence {
    private FaultSentence() {
    }

    static String of(FaultCost c) {
        return c.fault().label() + ": " + losses(c.drops()) + "; " + touched(c) + "; " + recovery(c.recovery());
    }

    /** What was lost, by kind, the kinds that lost nothing left out. */
    static String losses(FaultDropTotals d) {
        List<String> parts = new ArrayList<>();
        for (FaultDrop kind : FaultDrop.values()) {
            long n = d.packets(kind);
            if (n > 0) {
                parts.add(String.format(Locale.ROOT, "%,d %s", n, where(kind)));
            }
        }
        return parts.isEmpty() ? "lost nothing" : "lost " + String.join(", ", parts);
    }

    private static String where(FaultDrop kind) {
        return switch (kind) {
            case WIRE -> "on the wire";
            case QUEUE -> "in queues";
            case BLACKHOLE -> "black-holed";
            case NIC_DOWN -> "at NICs whose link was down";
            case LOSS -> "to link loss";
            case CORRUPTION -> "corrupted";
        };
    }

    static String touched(FaultCost c) {
        if (c.touchedFlows() == 0) {
            return "no flow touched";
        }
        FctFigures t = c.touchedFct();
        return String.format(Locale.ROOT, "%,d flow%s touched (p99 FCT %s vs %s untouched%s)", c.touchedFlows(),
                c.touchedFlows() == 1 ? "" : "s", SummaryTable.time(t.p99Ps()),
                SummaryTable.time(c.untouchedFct().p99Ps()),
                t.unfinished() == 0 ? "" : String.format(Locale.ROOT, "; %,d touched unfinished", t.unfinished()));
    }

    /** How soon goodput came back, or why that is not known. */
    static String recovery(Recovery r) {
        if (r instanceof Recovery.Back b) {
            return "goodput back within " + FaultRecovery.WITHIN_PERCENT + "% after "
                    + SummaryTable.time(b.afterPs());
        }
        return r instanceof Recovery.NotBack ? note(r) : "recovery not measured: " + note(r);
    }

    /** Why there is no recovery time ({@code recoveryNote} in results.json); "" when there is one. */
    static String note(Recovery r) {
        if (r instanceof Recovery.NotBack n) {
            return "goodput not back within " + FaultRecovery.WITHIN_PERCENT + "% of its level before the fault ("
                    + SummaryTable.rate(n.levelBeforeBps()) + ") by the run's last sample";
        }
        return r instanceof Recovery.Unmeasured u ? u.note() : "";
    }
}
