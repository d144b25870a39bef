package io.fabricemu.stats;

/**
 * What a target whose packet delivery context (PDC) table was full cost one flow (its PDC), US 12,388,756 FIG. 1K
 * and 2D: its source counts the PDC-level receiver-not-ready messages (RNRs) that came back for packets that found
 * no PDC entry and no free slot, the retries its timer made, and how long the PDC was held between an RNR and the
 * retry (or the first ACK_CC) that let it send again; its target counts how many entries its table held once this
 * flow's entry was made.
 *
 * @param rnrCount      PDC-level RNRs received, stale ones included
 * @param retryCount    retries: the PDC's timer let it send again after an RNR held it
 * @param waitedPs      time the PDC was held, RNR to retry or to the ACK_CC that showed it had an entry, added up
 * @param targetEntries entries the target's PDC table held just after this flow's entry was made, 0 when it had
 *                      none or the table has no limit
 */
public record PdcWaits(long rnrCount, long retryCount, long waitedPs, int targetEntries) {
    /** A PDC that never met a full table. */
    public static final PdcWaits NONE = new PdcWaits(0, 0, 0, 0);

    public PdcWaits {
        if (rnrCount < 0 || retryCount < 0 || waitedPs < 0 || targetEntries < 0) {
            throw new IllegalArgumentException("counts must be >= 0, were rnrCount " + rnrCount + ", retryCount "
                    + retryCount + ", waitedPs " + waitedPs + ", targetEntries " + targetEntries);
        }
    }

    /** Whether the PDC met a full table: some RNR came back. */
    public boolean any() {
        return rnrCount > 0;
    }

    /** These counts, with the target's {@code targetEntries}. */
    public PdcWaits withTargetEntries(int entries) {
        return entries == targetEntries ? this : new PdcWaits(rnrCount, retryCount, waitedPs, entries);
    }
}
