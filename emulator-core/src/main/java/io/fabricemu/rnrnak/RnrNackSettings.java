package io.fabricemu.rnrnak;

import io.fabricemu.roce.RnrTimer;
import java.util.Objects;

/**
 * Switch-generated RNR NAKs for incast (US 2025/0365235, as described in the article "Smart Traffic Control for
 * Data Centers" on inventiv.org; the defaults are ours), as every switch port of a fabric applies them, from the
 * scenario's {@code switch.rnrNack} section on. Off unless {@link #enabled()}.
 *
 * @param enabled          the scheme runs on the switch ports
 * @param lastHopOnly      only on host-facing ports (the last hop, where an incast converges); otherwise on
 *                         every switch port
 * @param thresholdBytes   a port declares incast when its queued bytes exceed this
 * @param clearBytes       and clears it when they fall below this, &lt;= threshold (hysteresis)
 * @param mode             which packet of a QP is turned into the NAK
 * @param pauseBasePs      a fixed part added to every pause, in ps, &gt;= 0
 * @param staggerPercent   the stagger step in percent of the QP's RTT: pause = base + T_drain + rank x RTT x
 *                         staggerPercent / 100; 0 gives every QP the same pause (the ablation)
 * @param encoding         how the NAK carries its pause: the IBTA 5-bit code or exactly
 * @param guardMultiplier  k: a NACKed QP whose resent packet has not come back within pause + k x RTT after
 *                         the NAK is taken as active again, &gt;= 0
 * @param tableEntries     most QPs each port's snoop table holds, &gt; 0
 * @param agingPs          a snoop entry not seen for this long is forgotten, in ps, &gt; 0
 * @param rtt              the base RTT of each requester/responder pair, or {@link PairRtt#DERIVED} until the
 *                         run has derived it
 */
public record RnrNackSettings(boolean enabled, boolean lastHopOnly, long thresholdBytes, long clearBytes, TriggerMode mode,
                              long pauseBasePs, int staggerPercent, RnrTimer.Encoding encoding, int guardMultiplier,
                              int tableEntries, long agingPs, PairRtt rtt) {
    /** The scheme switched off, as when the section is absent. */
    public static final RnrNackSettings OFF = new RnrNackSettings(false, true, 1, 0, TriggerMode.AT_OVERFLOW, 0, 100,
            RnrTimer.Encoding.EXACT_PS, 2, 1, 1, PairRtt.DERIVED);

    public RnrNackSettings {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(encoding, "encoding");
        Objects.requireNonNull(rtt, "rtt");
        if (thresholdBytes <= 0) {
            throw new IllegalArgumentException("threshold must be > 0 bytes, was " + thresholdBytes);
        }
        if (clearBytes < 0 || clearBytes > thresholdBytes) {
            throw new IllegalArgumentException("clear (" + clearBytes + " B) must be 0.." + thresholdBytes
                    + " B (the threshold)");
        }
        if (pauseBasePs < 0 || staggerPercent < 0 || guardMultiplier < 0) {
            throw new IllegalArgumentException("pauseBase " + pauseBasePs + " ps, stagger " + staggerPercent
                    + "% and guard " + guardMultiplier + " must be >= 0");
        }
        if (tableEntries <= 0 || agingPs <= 0) {
            throw new IllegalArgumentException("tableEntries " + tableEntries + " and aging " + agingPs
                    + " ps must be > 0");
        }
    }

    /** These settings with the base RTT {@code pairRtt}. */
    public RnrNackSettings withRtt(PairRtt pairRtt) {
        return new RnrNackSettings(enabled, lastHopOnly, thresholdBytes, clearBytes, mode, pauseBasePs, staggerPercent,
                encoding, guardMultiplier, tableEntries, agingPs, pairRtt);
    }
}
