package io.fabricemu.uet;

/**
 * How many packet delivery contexts (PDCs) a target keeps entries for at once ({@code transport.pdcLimit}), and how
 * long a source holds a PDC the target refused before it tries again ({@code transport.pdcRetry}).
 *
 * <p>US 12,388,756 ¶(64) and FIG. 2D: a packet that finds no entry for its PDC at a target that has none free is
 * answered by a receiver-not-ready message (RNR), operation 233. UE 1.0's PDS NACK has a code for it, NO_PDC_AVAIL
 * (0x04, "No PDC resource available", as Wireshark's UET dissector, packet-uet.c, names it after UE 1.0.1); what
 * the source then does, and after how long, was not found in public text, so the wait is a scenario field whose
 * default is the retransmission timeout, the only timer a PDS source otherwise runs.
 *
 * @param entries the most entries a target holds, 0 for no limit (every PDC gets one, as before)
 * @param retryPs how long a refused PDC waits before it sends again, in ps; 0 for the retransmission timeout
 */
public record PdcLimit(int entries, long retryPs) {
    /** No limit: every PDC gets an entry at once. */
    public static final PdcLimit UNLIMITED = new PdcLimit(0, 0);

    /** The most entries a PDC id (u16, 0 meaning none) lets a target tell apart. */
    public static final int MAX_ENTRIES = 65_535;

    public PdcLimit {
        if (entries < 0 || entries > MAX_ENTRIES || retryPs < 0) {
            throw new IllegalArgumentException("entries must be 0 (no limit) to " + MAX_ENTRIES + ", was " + entries
                    + "; retryPs must be >= 0, was " + retryPs);
        }
    }

    /** Whether targets refuse new PDCs once they hold {@link #entries()}. */
    public boolean limited() {
        return entries > 0;
    }

    /** The wait before a refused PDC sends again, given the transport's retransmission timeout. */
    public long retryPs(long rtoPs) {
        return retryPs > 0 ? retryPs : rtoPs;
    }
}
