package io.fabricemu.scenario.bind;

import io.fabricemu.ecn.EcnPolicy;
import io.fabricemu.ecn.EcnRamp;
import io.fabricemu.ecn.EcnRule;
import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import java.util.ArrayList;
import java.util.List;

/**
 * Binds the optional {@code switch.ecn} list: marking rules, the last matching one deciding a queue's ramp.
 *
 * <pre>
 * ecn:
 *   - {kmin: 100KB, kmax: 400KB, pmax: 20%}            # every tier, port and class
 *   - {lastHop: true, class: 1, off: true}             # no marking for class 1 at the last hop
 * </pre>
 * Selectors: {@code tier} (1..3), {@code lastHop} (true | false), {@code class} (0..classes-1), each
 * optional (absent = any). Then either {@code off: true} or all of {@code kmin}, {@code kmax} (sizes) and
 * {@code pmax} (a probability: 0.2 or 20%, exact to a millionth).
 */
final class EcnBinder {
    private static final String EXAMPLE = "a list of marking rules such as [{kmin: 100KB, kmax: 400KB, pmax: 20%}]";
    private static final List<String> BOOLEAN = List.of("false", "true");

    private EcnBinder() {
    }

    static EcnPolicy bind(Section sw, int trafficClasses) throws ScenarioException {
        Field field = sw.optional("ecn");
        if (field == null) {
            return EcnPolicy.NONE;
        }
        List<EcnRule> rules = new ArrayList<>();
        for (Field item : field.asList(EXAMPLE)) {
            rules.add(rule(item.asSection(), trafficClasses));
        }
        return new EcnPolicy(rules);
    }

    private static EcnRule rule(Section r, int trafficClasses) throws ScenarioException {
        r.declare("tier", "lastHop", "class", "kmin", "kmax", "pmax", "off");
        r.rejectUnknownFields();
        int tier = r.has("tier") ? r.requiredInt("tier", 1, 3) : -1;
        EcnRule.LastHop lastHop = !r.has("lastHop") ? EcnRule.LastHop.ANY
                : "true".equals(r.requiredOneOf("lastHop", BOOLEAN)) ? EcnRule.LastHop.YES : EcnRule.LastHop.NO;
        int trafficClass = r.has("class") ? r.requiredInt("class", 0, trafficClasses - 1) : -1;
        boolean off = "true".equals(r.optionalOneOf("off", "false", BOOLEAN));
        EcnRamp ramp;
        if (off) {
            for (String k : List.of("kmin", "kmax", "pmax")) {
                if (r.has(k)) {
                    throw r.error(k, "a rule with off: true has no " + k);
                }
            }
            ramp = EcnRamp.off();
        } else {
            long kmin = r.requiredBytes("kmin", 0, Limits.MAX_BUFFER_BYTES);
            long kmax = r.requiredBytes("kmax", 0, Limits.MAX_BUFFER_BYTES);
            if (kmax < kmin) {
                throw r.error("kmax", "'" + r.optional("kmax").text() + "' must be at least kmin ('"
                        + r.optional("kmin").text() + "')");
            }
            ramp = new EcnRamp(kmin, kmax, probabilityPpm(r, "pmax"));
        }
        return new EcnRule(tier, lastHop, trafficClass, ramp);
    }

    /** {@code key} (a probability) as parts per million ({@link Probabilities#ppm}). */
    static int probabilityPpm(Section r, String key) throws ScenarioException {
        return Probabilities.ppm(r, key, "");
    }
}
