package io.fabricemu.scenario.bind;

import io.fabricemu.cc.CongestionControlKind;
import io.fabricemu.host.TransportKind;
import io.fabricemu.roce.DcqcnCompanions;
import io.fabricemu.roce.DcqcnParams;
import io.fabricemu.roce.RnrTimer;
import io.fabricemu.scenario.transport.RoceOptions;
import io.fabricemu.scenario.transport.TransportConfig;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.time.Ps;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;

/**
 * Binds the RoCEv2 options of the {@code transport} section: {@code messageSize}, {@code rnrRetry} (0..7),
 * {@code rnrTimer} (rounded up to the IBTA RNR timer table, {@link RnrTimer}) and, with {@code cc: dcqcn}, the
 * {@code dcqcn} map, every field optional:
 *
 * <pre>
 * dcqcn: {g: 1/256, rateAi: 20Mbps, rateHai: 200Mbps, timer: 55us, byteCounter: 10MB, fastRecoverySteps: 5,
 *         alphaTimer: 55us, cnpInterval: 50us, minRate: 100Mbps}
 * </pre>
 * plus the companion mechanisms {@code pathNotCongested} and {@code responsibilityScaled}
 * ({@link CompanionBinder}). These options are rejected under any other transport, and {@code dcqcn} under
 * {@code cc: roce}.
 */
final class RoceBinder {
    private static final List<String> ROCE_ONLY = List.of("messageSize", "rnrRetry", "rnrTimer", "dcqcn");

    private RoceBinder() {
    }

    static RoceOptions bind(Section t, CongestionControlKind cc, int mtuBytes) throws ScenarioException {
        RoceOptions d = RoceOptions.defaults();
        if (cc.transport() != TransportKind.ROCE_V2) {
            for (String key : ROCE_ONLY) {
                if (t.has(key)) {
                    throw t.error(key, "applies to RoCEv2 only; set transport.cc to one of "
                            + CongestionControlKind.scenarioNames(TransportKind.ROCE_V2) + " or remove it");
                }
            }
            return d;
        }
        long messageBytes = t.optionalBytes("messageSize", d.messageSizeBytes(), 1, Limits.MAX_FLOW_BYTES);
        int rnrRetry = t.optionalInt("rnrRetry", d.rnrRetry(), 0, 7);
        long rnrTimerPs = RnrTimer.ps(RnrTimer.codeFor(t.optionalTimePs("rnrTimer", d.rnrTimerPs(), 1,
                RnrTimer.ps(0))));
        DcqcnParams dcqcn = d.dcqcn();
        DcqcnCompanions companions = DcqcnCompanions.OFF;
        if (t.has("dcqcn")) {
            if (!cc.dcqcn()) {
                throw t.error("dcqcn", "sets DCQCN's constants, but cc: " + cc.scenarioName()
                        + " runs no congestion control; set "
                        + "transport.cc to dcqcn or remove it");
            }
            Section m = t.requiredSection("dcqcn");
            dcqcn = dcqcn(m, dcqcn);
            companions = CompanionBinder.dcqcn(m, dcqcn, mtuBytes);
        }
        try {
            return new RoceOptions(messageBytes, rnrRetry, dcqcn, companions, rnrTimerPs);
        } catch (IllegalArgumentException invalid) {
            throw t.error(invalid);
        }
    }

    private static DcqcnParams dcqcn(Section m, DcqcnParams d) throws ScenarioException {
        m.declare("g", "rateAi", "rateHai", "timer", "byteCounter", "fastRecoverySteps", "alphaTimer", "cnpInterval",
                "minRate");
        m.declare(CompanionBinder.DCQCN_KEYS);
        m.rejectUnknownFields();
        double g = m.has("g") ? gain(m) : d.g();
        long rateAi = m.has("rateAi") ? rate(m, "rateAi") : d.rateAiBps();
        long rateHai = m.has("rateHai") ? rate(m, "rateHai") : d.rateHaiBps();
        long timer = m.optionalTimePs("timer", d.rateTimerPs(), 1, Ps.PER_S);
        long byteCounter = m.optionalBytes("byteCounter", d.byteCounterBytes(), 1, Limits.MAX_FLOW_BYTES);
        int steps = m.optionalInt("fastRecoverySteps", d.fastRecoverySteps(), 1, 1_000_000);
        long alphaTimer = m.optionalTimePs("alphaTimer", d.alphaTimerPs(), 1, Ps.PER_S);
        long cnpInterval = m.optionalTimePs("cnpInterval", d.cnpIntervalPs(), 0, Ps.PER_S);
        long minRate = m.has("minRate") ? rate(m, "minRate") : d.minRateBps();
        try {
            return new DcqcnParams(g, rateAi, rateHai, timer, byteCounter, steps, alphaTimer, cnpInterval, minRate);
        } catch (IllegalArgumentException invalid) {
            throw m.error(invalid);
        }
    }

    private static long rate(Section m, String key) throws ScenarioException {
        return m.requiredRateBps(key, Limits.MIN_RATE_BPS, Limits.MAX_RATE_BPS);
    }

    /** {@code g} as a fraction "1/256" or a decimal "0.00390625", in (0, 1]. */
    private static double gain(Section m) throws ScenarioException {
        String text = m.required("g", "a gain such as 1/256 or 0.004").text().strip();
        try {
            int slash = text.indexOf('/');
            BigDecimal value = slash < 0 ? new BigDecimal(text)
                    : new BigDecimal(text.substring(0, slash).strip())
                            .divide(new BigDecimal(text.substring(slash + 1).strip()), MathContext.DECIMAL64);
            if (value.signum() <= 0 || value.compareTo(BigDecimal.ONE) > 0) {
                throw m.error("g", "'" + text + "' is out of range; it must be more than 0 and at most 1");
            }
            return value.doubleValue();
        } catch (NumberFormatException | ArithmeticException e) {
            throw m.error("g", "'" + text + "' is not a gain; write a fraction such as 1/256 or a decimal such as "
                    + "0.004");
        }
    }
}
