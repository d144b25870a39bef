package io.fabricemu.results;

import io.fabricemu.report.ReportPage;
import io.fabricemu.stats.PdcWaits;
import io.fabricemu.time.Ps;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The messages that met a receiver that was not ready, as report.html shows them: the ones that waited longest,
 * each with its message sequence number (MSN: its rank among the messages its source sends to its target, in flow
 * order, as the target's match table numbers them, US 12,388,756 ¶(57)-(58)). Every flow is one message; an entry
 * of {@code workload.flows} with {@code messages: N} is N flows.
 */
final class WaitedMessages {
    /** The most rows report.html lists. */
    static final int SHOWN = 20;

    private WaitedMessages() {
    }

    /**
     * Per flow of {@code all} (in its order, the flows' order), its MSN: how many flows before it go from its
     * source to its target. The map is only looked up, never iterated, so its order decides nothing.
     */
    static int[] msns(List<FlowResult> all) {
        int[] msn = new int[all.size()];
        Map<Long, Integer> next = new HashMap<>();
        for (int i = 0; i < all.size(); i++) {
            FlowResult f = all.get(i);
            msn[i] = next.merge(((long) f.src() << 32) | (f.dst() & 0xFFFF_FFFFL), 1, Integer::sum) - 1;
        }
        return msn;
    }

    /**
     * Adds to {@code page} a table of the {@link #SHOWN} longest waits, longest first (ties in flow
     * order), and how many there were in all; nothing when none waited.
     */
    static void section(ReportPage page, NotReadyTotals notReady) {
        if (notReady.messagesWaitedForReceive() == 0) {
            return; // none, or only PDCs refused by a full table, which the summary's "PDC not ready" row counts
        }
        List<FlowResult> met = notReady.flows();
        Map<Integer, Integer> msn = new HashMap<>();
        for (int i = 0; i < met.size(); i++) {
            msn.put(met.get(i).id(), notReady.msns().get(i));
        }
        List<FlowResult> longest = new ArrayList<>(met);
        longest.removeIf(f -> !f.waits().withPdc(PdcWaits.NONE).any());
        longest.sort(Comparator.comparingLong((FlowResult f) -> f.waits().waitedPs()).reversed()
                .thenComparingInt(FlowResult::id));
        page.heading("Messages that waited for their receive");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"flow", "src", "dst", "MSN", "bytes", "waited", "RTW", "RTS", "RNR NAKs",
            "discarded", "FCT"});
        for (FlowResult f : longest.subList(0, Math.min(SHOWN, longest.size()))) {
            rows.add(new String[] {Integer.toString(f.id()), Integer.toString(f.src()), Integer.toString(f.dst()),
                Integer.toString(msn.get(f.id())), String.format(Locale.ROOT, "%,d B", f.bytes()),
                Ps.format(f.waits().waitedPs()), Long.toString(f.waits().rtwCount()),
                Long.toString(f.waits().rtsCount()), Long.toString(f.waits().rnrNaks()),
                String.format(Locale.ROOT, "%,d B", f.waits().discardedBytes()),
                f.fctPs() < 0 ? "unfinished" : Ps.format(f.fctPs())});
        }
        page.table("", true, rows);
        page.paragraph(longest.size() <= SHOWN
                ? String.format(Locale.ROOT, "All %,d message%s that met a receiver not ready, longest wait first.",
                        longest.size(), longest.size() == 1 ? "" : "s")
                : String.format(Locale.ROOT, "The %d longest waits of the %,d messages that met a receiver not ready;"
                        + " results.json lists them all (receiverNotReady.flows).", SHOWN, longest.size()));
    }
}
