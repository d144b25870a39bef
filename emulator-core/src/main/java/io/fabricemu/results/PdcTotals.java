package io.fabricemu.results;

import io.fabricemu.stats.PdcWaits;
import java.util.List;
import java.util.Map;

/**
 * What full PDC tables at targets cost a run ({@code transport.pdcLimit}; US 12,388,756 FIG. 1K, 2D): the PDC-level
 * receiver-not-ready messages (RNRs) sources received, their retries, how long PDCs were held for a slot, and the
 * most entries a target's table held. Part of results.json's {@code receiverNotReady} only when some PDC met a full
 * table, so other runs write what they did before.
 *
 * @param rnrCount          PDC-level RNRs the sources received
 * @param retryCount        retries the sources' timers made
 * @param waitedPs          time PDCs were held for a slot, every PDC's added up
 * @param waitedPsMax       the longest one PDC was held, its waits added up
 * @param pdcsWaited        PDCs that met a full table
 * @param entriesPeakMax    the most entries one target's PDC table held at once
 */
record PdcTotals(long rnrCount, long retryCount, long waitedPs, long waitedPsMax, int pdcsWaited,
                 int entriesPeakMax) {
    static final PdcTotals NONE = new PdcTotals(0, 0, 0, 0, 0, 0);

    /** The totals of {@code flows}, every flow of a run. */
    static PdcTotals of(List<FlowResult> flows) {
        long rnrs = 0;
        long retries = 0;
        long waited = 0;
        long longest = 0;
        int pdcs = 0;
        int peak = 0;
        for (FlowResult f : flows) {
            PdcWaits w = f.waits().pdc();
            rnrs += w.rnrCount();
            retries += w.retryCount();
            waited += w.waitedPs();
            longest = Math.max(longest, w.waitedPs());
            pdcs += w.any() ? 1 : 0;
            peak = Math.max(peak, w.targetEntries());
        }
        return new PdcTotals(rnrs, retries, waited, longest, pdcs, peak);
    }

    /** Whether any PDC met a full table. */
    boolean any() {
        return rnrCount > 0;
    }

    /** Adds this run's keys to the {@code receiverNotReady} object. */
    void into(Map<String, Object> doc) {
        doc.put("pdcRnrCount", rnrCount);
        doc.put("pdcRetryCount", retryCount);
        doc.put("pdcWaitedPs", waitedPs);
        doc.put("pdcWaitedPsMax", waitedPsMax);
        doc.put("pdcsWaited", pdcsWaited);
        doc.put("pdcEntriesPeakMax", entriesPeakMax);
    }

    /** Adds flow {@code f}'s keys to its row. */
    static void into(Map<String, Object> row, FlowResult f) {
        PdcWaits w = f.waits().pdc();
        row.put("pdcRnrCount", w.rnrCount());
        row.put("pdcRetryCount", w.retryCount());
        row.put("pdcWaitedPs", w.waitedPs());
    }
}
