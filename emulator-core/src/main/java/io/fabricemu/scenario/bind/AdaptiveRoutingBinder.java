package io.fabricemu.scenario.bind;

import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.switching.AdaptiveRouting;
import java.util.List;

/**
 * Binds the optional {@code switch.adaptiveRouting} map ({@link AdaptiveRouting}); absent, every switch hashes.
 *
 * <pre>
 * adaptiveRouting: {method: queue, granularity: packet, stickyDelta: 10us, tiers: [1, 2, 3], update: 100ns}
 * # method: queue | pause | pq | bandwidth | pb | qb | pqb (htsim's -ar_method) | ecmp (hashing, no AR)
 * </pre>
 * {@code method: ecmp} hashes as if the section were absent, so that {@code --sweep switch.adaptiveRouting.method=ecmp,queue}
 * compares the two. Every field is optional; the defaults are shown, those of the reference simulator's {@code -strat ecmp_ar}
 * ({@code FatTreeSwitch::_sticky_delta}, {@code BaseQueue::_update_period}).
 */
final class AdaptiveRoutingBinder {
    static final List<String> METHODS = List.of("queue", "pause", "pq", "bandwidth", "pb", "qb", "pqb", "ecmp");
    static final List<String> GRANULARITIES = List.of("packet", "flow");
    static final long DEFAULT_STICKY_PS = 10_000_000;
    static final long DEFAULT_UPDATE_PS = 100_000;

    private AdaptiveRoutingBinder() {
    }

    static AdaptiveRouting bind(Section sw) throws ScenarioException {
        if (sw.optional("adaptiveRouting") == null) {
            return AdaptiveRouting.OFF;
        }
        Section ar = sw.optionalSection("adaptiveRouting");
        ar.declare("method", "granularity", "stickyDelta", "tiers", "update");
        ar.rejectUnknownFields();
        String method = ar.optionalOneOf("method", "queue", METHODS);
        String granularity = ar.optionalOneOf("granularity", "packet", GRANULARITIES);
        long stickyPs = ar.optionalTimePs("stickyDelta", DEFAULT_STICKY_PS, 0, Limits.MAX_TIME_PS);
        long updatePs = ar.optionalTimePs("update", DEFAULT_UPDATE_PS, 1, Limits.MAX_TIME_PS);
        int mask = 0b1110;
        Field tiers = ar.optional("tiers");
        if (tiers != null) {
            mask = 0;
            for (Field t : tiers.asList("a list of switch tiers, e.g. [1, 2]: 1 leaf or ToR, 2 spine or aggregation,"
                    + " 3 core")) {
                int tier = t.asInt(1, 3);
                if ((mask & (1 << tier)) != 0) {
                    throw t.error("tier " + tier + " is listed twice");
                }
                mask |= 1 << tier;
            }
            if (mask == 0) {
                throw tiers.error("lists no tier; leave adaptiveRouting out for ECMP hashing everywhere");
            }
        }
        if (method.equals("ecmp")) {
            return AdaptiveRouting.OFF; // hashing, as without the section: so a sweep can turn it off
        }
        AdaptiveRouting.Method compared = switch (method) {
            case "pause" -> AdaptiveRouting.Method.PAUSE;
            case "pq" -> AdaptiveRouting.Method.PAUSE_QUEUE;
            case "bandwidth" -> AdaptiveRouting.Method.BANDWIDTH;
            case "pb" -> AdaptiveRouting.Method.PAUSE_BANDWIDTH;
            case "qb" -> AdaptiveRouting.Method.QUEUE_BANDWIDTH;
            case "pqb" -> AdaptiveRouting.Method.PAUSE_QUEUE_BANDWIDTH;
            default -> AdaptiveRouting.Method.QUEUE;
        };
        return new AdaptiveRouting(compared, granularity.equals("flow")
                ? AdaptiveRouting.Granularity.FLOW : AdaptiveRouting.Granularity.PACKET, stickyPs, mask, updatePs);
    }
}
