package io.fabricemu.scenario.bind;

import io.fabricemu.cc.CongestionControlKind;
import io.fabricemu.host.TransportKind;
import io.fabricemu.rnrnak.PairRtt;
import io.fabricemu.rnrnak.RnrNackSettings;
import io.fabricemu.rnrnak.TriggerMode;
import io.fabricemu.roce.RnrTimer;
import io.fabricemu.scenario.transport.TransportConfig;
import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.scenario.yaml.Units;
import io.fabricemu.time.Ps;
import java.math.BigDecimal;
import java.util.List;

/**
 * Binds the optional {@code switch.rnrNack} section: switch-generated RNR NAKs for incast. Absent means off;
 * present means on unless {@code enabled: false}. Every field is optional:
 *
 * <pre>
 * rnrNack:
 *   enabled: true          # default true when the section is present
 *   ports: last-hop        # last-hop (host-facing switch ports) or all (every switch port)
 *   threshold: 512KiB      # incast above this many queued bytes per port; default half of switch.queue
 *   clear: 256KiB          # cleared below this, &lt;= threshold; default half of the threshold
 *   mode: at-overflow      # at-overflow (only packets that would be dropped) or at-threshold
 *   pauseBase: 0ns         # fixed part of every pause
 *   rttMultiplier: 1       # stagger step in RTTs (0: every QP the same pause, the ablation), 0..100
 *   baseRtt: derived       # the RTT to stagger by: derived (each pair's zero-load RTT) or a time
 *   encoding: exact        # exact (ps, emulator only) or ibta-code (the 5-bit IBTA RNR timer)
 *   guard: 2               # a NACKed QP is released pause + guard x RTT after its NAK at the latest
 *   tableSize: 4096        # QPs each port's snoop table holds
 *   aging: 10ms            # a snoop entry unseen this long is forgotten
 * </pre>
 * Valid only with RoCEv2 ({@code transport.cc} roce or dcqcn): the NAK drives the RoCEv2 requester.
 */
final class RnrNackBinder {
    static final List<String> ENCODINGS = List.of("exact", "ibta-code");
    static final List<String> PORTS = List.of("last-hop", "all");
    static final int DEFAULT_TABLE_ENTRIES = 4096;
    static final long DEFAULT_AGING_PS = 10 * Ps.PER_MS;
    static final int DEFAULT_GUARD = 2;

    private RnrNackBinder() {
    }

    /** {@code queueBytes} and {@code sharedBufferBytes} bound what a port can hold; {@code cc} is transport.cc. */
    static RnrNackSettings bind(Section sw, long queueBytes, long sharedBufferBytes, CongestionControlKind cc)
            throws ScenarioException {
        if (sw.optional("rnrNack") == null) {
            return RnrNackSettings.OFF;
        }
        Section r = sw.requiredSection("rnrNack");
        r.declare("enabled", "ports", "threshold", "clear", "mode", "pauseBase", "rttMultiplier", "baseRtt", "encoding",
                "guard", "tableSize", "aging");
        r.rejectUnknownFields();
        boolean enabled = "true".equals(r.optionalOneOf("enabled", "true", SwitchBinder.BOOLEAN));
        if (enabled && cc.transport() != TransportKind.ROCE_V2) {
            throw sw.error("rnrNack", "switch-generated RNR NAKs drive the RoCEv2 requester, but transport.cc is "
                    + cc.scenarioName() + "; set transport.cc to one of "
                    + CongestionControlKind.scenarioNames(TransportKind.ROCE_V2) + " or remove switch.rnrNack");
        }
        boolean lastHopOnly = PORTS.get(0).equals(r.optionalOneOf("ports", PORTS.get(0), PORTS));
        long capacityBytes = queueBytes + sharedBufferBytes;
        long threshold = r.optionalBytes("threshold", Math.max(1, queueBytes / 2), 1, Limits.MAX_BUFFER_BYTES);
        if (threshold >= capacityBytes) {
            throw r.error("threshold", "'" + r.optional("threshold").text() + "' must be below what a port can hold ("
                    + Units.exactBytes(capacityBytes) + ", switch.queue plus switch.sharedBuffer), or incast is never"
                    + " declared before packets drop");
        }
        long clear = r.optionalBytes("clear", threshold / 2, 0, Limits.MAX_BUFFER_BYTES);
        if (clear > threshold) {
            throw r.error("clear", "'" + r.optional("clear").text() + "' must be at most the threshold ("
                    + Units.exactBytes(threshold) + "): incast clears below it");
        }
        String mode = r.optionalOneOf("mode", TriggerMode.AT_OVERFLOW.scenarioName(), TriggerMode.scenarioNames());
        long pauseBase = r.optionalTimePs("pauseBase", 0, 0, Ps.PER_S);
        int staggerPercent = multiplierPercent(r);
        PairRtt baseRtt = baseRtt(r);
        String encoding = r.optionalOneOf("encoding", ENCODINGS.get(0), ENCODINGS);
        int guard = r.optionalInt("guard", DEFAULT_GUARD, 0, 1000);
        int tableSize = r.optionalInt("tableSize", DEFAULT_TABLE_ENTRIES, 1, 1 << 24);
        long aging = r.optionalTimePs("aging", DEFAULT_AGING_PS, 1, Limits.MAX_TIME_PS);
        return new RnrNackSettings(enabled, lastHopOnly, threshold, clear, TriggerMode.named(mode), pauseBase,
                staggerPercent, "exact".equals(encoding) ? RnrTimer.Encoding.EXACT_PS : RnrTimer.Encoding.IBTA_CODE,
                guard, tableSize, aging, baseRtt);
    }

    /** {@code rttMultiplier} in percent: a number 0..100 with at most two decimals, default 1. */
    private static int multiplierPercent(Section r) throws ScenarioException {
        Field field = r.optional("rttMultiplier");
        if (field == null) {
            return 100;
        }
        String text = field.text().strip();
        try {
            BigDecimal percent = new BigDecimal(text).movePointRight(2);
            if (percent.signum() < 0 || percent.compareTo(BigDecimal.valueOf(10_000)) > 0) {
                throw r.error("rttMultiplier", "'" + text + "' is out of range; it must be 0..100 RTTs");
            }
            return percent.intValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw r.error("rttMultiplier", "'" + text + "' is not a multiplier; use a number 0..100 with at most two"
                    + " decimals, such as 1 or 0.5");
        }
    }

    /** {@code baseRtt}: "derived" (each pair's, derived by the run) or a time for every pair. */
    private static PairRtt baseRtt(Section r) throws ScenarioException {
        Field field = r.optional("baseRtt");
        if (field == null || "derived".equals(field.text().strip())) {
            return PairRtt.DERIVED;
        }
        if (field.text().strip().chars().noneMatch(Character::isDigit)) {
            throw r.error("baseRtt", "'" + field.text() + "' is neither derived nor a time; use derived (each host"
                    + " pair's zero-load round trip) or a time such as 8us");
        }
        return PairRtt.fixed(field.asTimePs(1, Ps.PER_S));
    }
}
