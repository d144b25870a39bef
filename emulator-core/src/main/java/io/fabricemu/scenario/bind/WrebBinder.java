package io.fabricemu.scenario.bind;

import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.scenario.yaml.Units;
import io.fabricemu.wreb.EvalPoint;
import io.fabricemu.wreb.LevelWeights;
import io.fabricemu.wreb.LinearProfile;
import io.fabricemu.wreb.PowerProfile;
import io.fabricemu.wreb.StepProfile;
import io.fabricemu.wreb.WrebProfile;
import io.fabricemu.wreb.WrebSettings;
import java.math.BigDecimal;
import java.util.List;

/**
 * Binds the optional {@code switch.wreb} section: weighted random early back-to-sender notices
 * (US 12,388,756). Absent means off; present means on unless {@code enabled: false}.
 *
 * <pre>
 * wreb:
 *   enabled: true                 # default true when the section is present
 *   profile: linear               # linear | step | nonlinear
 *   kmin: 50KB                    # linear, nonlinear: no notice at or below (default 50KB)
 *   kmax: 250KB                   # linear, nonlinear: a notice for every packet at or above (default 250KB)
 *   pmax: 0.1                     # linear, nonlinear: probability just below kmax (default 0.1)
 *   gamma: 2                      # nonlinear: p = pmax x ((level - kmin) / (kmax - kmin))^gamma (default 2)
 *   threshold: 100KB              # step: pHigh above, pLow at or below (defaults 100KB, 0, 0.5)
 *   pLow: 0
 *   pHigh: 0.5
 *   level: queue                  # queue | gradient | multi
 *   queueWeight: 1                # multi: weight of the occupancy (default 1)
 *   gradientWeight: 1             # multi: weight of the growth over one gradient window (default 1)
 *   gradientWindow: 1us           # window of the queue gradient (default 1us)
 *   evalPoint: enqueue            # enqueue | dequeue
 *   sharedWithEcn: false          # one draw for the ECN mark and the notice, on the class's ECN ramp
 *   duplicatePolarity: 0          # the ECN bit an early notice carries, 0 | 1
 *   size: 64B                     # bytes of a notice on the wire (default: transport.header)
 * </pre>
 */
final class WrebBinder {
    static final List<String> PROFILES = List.of("linear", "step", "nonlinear");
    static final List<String> LEVELS = List.of("queue", "gradient", "multi");
    static final List<String> EVAL_POINTS = List.of("enqueue", "dequeue");
    static final List<String> POLARITIES = List.of("0", "1");
    private static final List<String> BOOLEAN = List.of("false", "true");
    private static final long DEFAULT_THRESHOLD_BYTES = 100_000;
    private static final int DEFAULT_P_HIGH_PPM = 500_000;
    private static final int DEFAULT_GAMMA_THOUSANDS = 2_000;

    private WrebBinder() {
    }

    /** {@code hasEcn}: the switch has ECN rules; {@code reacting}: the transport's senders react to notices. */
    static WrebSettings bind(Section sw, boolean hasEcn, boolean reacting, String transportCc)
            throws ScenarioException {
        if (sw.optional("wreb") == null) {
            return WrebSettings.OFF;
        }
        Section w = sw.requiredSection("wreb");
        w.declare("enabled", "profile", "kmin", "kmax", "pmax", "gamma", "threshold", "pLow", "pHigh", "level",
                "queueWeight", "gradientWeight", "gradientWindow", "evalPoint", "sharedWithEcn", "duplicatePolarity",
                "size");
        w.rejectUnknownFields();
        boolean enabled = "true".equals(w.optionalOneOf("enabled", "true", BOOLEAN));
        boolean shared = "true".equals(w.optionalOneOf("sharedWithEcn", "false", BOOLEAN));
        String profileName = w.optionalOneOf("profile", "linear", PROFILES);
        if (shared) {
            for (String k : List.of("profile", "kmin", "kmax", "pmax", "gamma", "threshold", "pLow", "pHigh")) {
                if (w.has(k)) {
                    throw w.error(k, "with sharedWithEcn: true the notice profile is each queue's ECN ramp"
                            + " (switch.ecn); leave out " + k);
                }
            }
            if (!hasEcn) {
                throw w.error("sharedWithEcn", "true needs ECN marking rules in switch.ecn to share their ramp");
            }
        }
        if (enabled && !reacting) {
            throw w.error("enabled", "transport.cc '" + transportCc + "' has no sender that reacts to"
                    + " back-to-sender notices; WREB needs one of nscc, rccc, nscc+rccc, roce, dcqcn");
        }
        WrebProfile profile = profile(w, profileName);
        LevelWeights level = level(w);
        EvalPoint point = EvalPoint.values()[EVAL_POINTS.indexOf(w.optionalOneOf("evalPoint", "enqueue", EVAL_POINTS))];
        int polarity = POLARITIES.indexOf(w.optionalOneOf("duplicatePolarity", "0", POLARITIES));
        int size = (int) w.optionalBytes("size", 0, 1, 65_535);
        return new WrebSettings(enabled, profile, level, point, shared, polarity, size);
    }

    private static WrebProfile profile(Section w, String name) throws ScenarioException {
        List<String> others = switch (name) {
            case "step" -> List.of("kmin", "kmax", "pmax", "gamma");
            case "nonlinear" -> List.of("threshold", "pLow", "pHigh");
            default -> List.of("gamma", "threshold", "pLow", "pHigh");
        };
        for (String k : others) {
            if (w.has(k)) {
                throw w.error(k, "profile " + name + " has no " + k + "; it takes " + fieldsOf(name));
            }
        }
        LinearProfile d = WrebSettings.DEFAULT_PROFILE;
        try {
            if (name.equals("step")) {
                long threshold = w.optionalBytes("threshold", DEFAULT_THRESHOLD_BYTES, 0, Limits.MAX_BUFFER_BYTES);
                int low = w.has("pLow") ? EcnBinder.probabilityPpm(w, "pLow") : 0;
                int high = w.has("pHigh") ? EcnBinder.probabilityPpm(w, "pHigh") : DEFAULT_P_HIGH_PPM;
                if (high <= low) {
                    throw w.error("pHigh", "must be above pLow: the step raises the notice probability above the"
                            + " threshold (claim 4)");
                }
                return new StepProfile(threshold, low, high);
            }
            long kmin = w.optionalBytes("kmin", d.kminBytes(), 0, Limits.MAX_BUFFER_BYTES);
            long kmax = w.optionalBytes("kmax", d.kmaxBytes(), 1, Limits.MAX_BUFFER_BYTES);
            if (kmax <= kmin) {
                throw w.error(w.has("kmax") ? "kmax" : "kmin", "kmax (" + Units.exactBytes(kmax)
                        + ") must be above kmin (" + Units.exactBytes(kmin) + ")");
            }
            int pmax = w.has("pmax") ? EcnBinder.probabilityPpm(w, "pmax") : d.pmaxPpm();
            if (name.equals("linear")) {
                return new LinearProfile(kmin, kmax, pmax);
            }
            int gamma = w.has("gamma") ? thousandths(w, "gamma") : DEFAULT_GAMMA_THOUSANDS;
            if (gamma <= 0) {
                throw w.error("gamma", "'" + w.optional("gamma").text() + "' must be above 0, e.g. 2");
            }
            return new PowerProfile(kmin, kmax, pmax, gamma);
        } catch (IllegalArgumentException invalid) {
            throw w.error(invalid);
        }
    }

    private static String fieldsOf(String profile) {
        return switch (profile) {
            case "step" -> "threshold, pLow, pHigh";
            case "nonlinear" -> "kmin, kmax, pmax, gamma";
            default -> "kmin, kmax, pmax";
        };
    }

    private static LevelWeights level(Section w) throws ScenarioException {
        String level = w.optionalOneOf("level", "queue", LEVELS);
        if (!level.equals("multi")) {
            for (String k : List.of("queueWeight", "gradientWeight")) {
                if (w.has(k)) {
                    throw w.error(k, "weights apply to level: multi only; level " + level + " uses the "
                            + (level.equals("queue") ? "occupancy" : "gradient") + " alone");
                }
            }
        }
        long windowPs = w.optionalTimePs("gradientWindow", LevelWeights.DEFAULT_WINDOW_PS, 1, Limits.MAX_TIME_PS);
        int queue = switch (level) {
            case "gradient" -> 0;
            case "multi" -> w.has("queueWeight") ? thousandths(w, "queueWeight") : 1000;
            default -> 1000;
        };
        int gradient = switch (level) {
            case "queue" -> 0;
            case "multi" -> w.has("gradientWeight") ? thousandths(w, "gradientWeight") : 1000;
            default -> 1000;
        };
        if (queue + gradient == 0) {
            throw w.error("queueWeight", "queueWeight and gradientWeight must not both be 0");
        }
        return new LevelWeights(queue, gradient, windowPs);
    }

    /** A non-negative number such as 0.5 or 2, in thousandths, exactly, up to 1000. */
    private static int thousandths(Section w, String key) throws ScenarioException {
        String text = w.optional(key).text();
        try {
            BigDecimal value = new BigDecimal(text);
            if (value.signum() < 0 || value.compareTo(BigDecimal.valueOf(1000)) > 0) {
                throw w.error(key, "'" + text + "' is out of range; it must be 0..1000");
            }
            return value.movePointRight(3).intValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw w.error(key, "'" + text + "' is not a number such as 0.5 or 2 (exact to a thousandth)");
        }
    }
}
