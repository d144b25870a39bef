package io.fabricemu.scenario;

import io.fabricemu.rnrnak.TriggerMode;
import io.fabricemu.roce.RnrTimer;
import java.util.Objects;

/**
 * The {@code switch.rnrNack} section: switch-generated RNR NAKs for incast (US 2025/0365235, as
 * the inventiv.org article on it describes). The run turns it into
 * {@link io.fabricemu.rnrnak.RnrNackSettings}, with a base RTT per
 * host pair derived from the topology when {@code baseRttPs} is 0.
 *
 * @param enabled         the scheme runs
 * @param lastHopOnly     on host-facing switch ports only, else on every switch port
 * @param thresholdBytes  incast above this many queued bytes
 * @param clearBytes      cleared below this many, &lt;= threshold
 * @param mode            which packet of a QP becomes the NAK
 * @param pauseBasePs     fixed part of every pause
 * @param staggerPercent  the RTT multiplier of the stagger step, in percent (100: one RTT per rank)
 * @param encoding        how the NAK carries its pause
 * @param guardMultiplier k in the guard time pause + k x RTT
 * @param tableEntries    snoop table size per port
 * @param agingPs         snoop entry lifetime without traffic
 * @param baseRttPs       the RTT staggering uses for every pair, or 0 for each pair's derived zero-load RTT
 */
public record RnrNackOptions(boolean enabled, boolean lastHopOnly, long thresholdBytes, long clearBytes, TriggerMode mode,
                             long pauseBasePs, int staggerPercent, RnrTimer.Encoding encoding, int guardMultiplier,
                             int tableEntries, long agingPs, long baseRttPs) {
    /** The scheme switched off, as when the section is absent. */
    public static final RnrNackOptions OFF = new RnrNackOptions(false, true, 1, 0, TriggerMode.AT_OVERFLOW, 0, 100,
            RnrTimer.Encoding.EXACT_PS, 2, 1, 1, 0);

    public RnrNackOptions {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(encoding, "encoding");
        if (thresholdBytes <= 0 || clearBytes < 0 || clearBytes > thresholdBytes || pauseBasePs < 0
                || staggerPercent < 0 || guardMultiplier < 0 || tableEntries <= 0 || agingPs <= 0 || baseRttPs < 0) {
            throw new IllegalArgumentException("threshold " + thresholdBytes + " B, clear " + clearBytes
                    + " B, pauseBase " + pauseBasePs + " ps, stagger " + staggerPercent + "%, guard "
                    + guardMultiplier + ", tableSize " + tableEntries + ", aging " + agingPs + " ps, baseRtt "
                    + baseRttPs + " ps out of range");
        }
    }
}
