package io.fabricemu.scenario.workload;

import io.fabricemu.scenario.yaml.Origin;
import io.fabricemu.scenario.yaml.ScenarioException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The {@code failure} lines of a connection matrix, {@code failure switch_type AGG switch_id S link_id L}, as links
 * down from the start. The reference reads them in {@code ConnectionMatrix::load} (each line asserting that there are
 * fewer failures so far than the header's {@code Failures F}, an unknown word or switch type ending the run) and
 * {@code main_uec.cpp} hands each to {@code FatTreeTopology::add_failed_link} of plane 0, which asserts that the
 * switch is an aggregation switch ({@code type == AGG}), {@code S < NAGG} and {@code L < radix_up[AGG_TIER]}, and
 * removes the link between aggregation switch S and core {@code podpos * agg_switches_per_pod + L}, {@code podpos}
 * being {@code S mod agg_switches_per_pod}, asserting first that the link is there.
 *
 * <p>On the fat tree the reference builds for {@code Nodes N} (three tiers, {@code N = k^3/4},
 * {@code FatTreeTopologyCfg::set_params}) aggregation switch S is switch {@code S mod k/2} of pod {@code S div k/2}
 * and its uplink {@code l} goes to core {@code l * k/2 + podpos} (the constructor's "Upper layer in pod to core"
 * loop), so the core that {@code add_failed_link} names is joined to S only when {@code L == podpos}: for any other
 * L the reference stops at its assertion, and so is refused here. The one link it can fail, S's uplink to core
 * {@code podpos * k/2 + podpos}, is fabric-emu's {@code agg<S div k/2>.<podpos> <-> core<podpos * k/2 + podpos>}
 * (fabric-emu gives aggregation switch i of a pod cores {@code i * k/2 ...}, the same core for that uplink). A link
 * failed twice is refused too: the second {@code add_failed_link} finds it gone and fails its assertion.
 */
final class ConnectionFailures {
    private static final List<String> KEYS = List.of("switch_type", "switch_id", "link_id");
    private static final List<String> TYPES = List.of("TOR", "AGG", "CORE");
    private static final Pattern WHOLE = Pattern.compile("[0-9]{1,10}");

    private final String display;
    private final MatrixFabric fabric;
    private final List<MatrixFailure> failures = new ArrayList<>();
    private final Map<String, Integer> lineOfLink = new HashMap<>();

    ConnectionFailures(String display, MatrixFabric fabric) {
        this.display = display;
        this.fabric = fabric;
    }

    /** The links failed so far, in file order. */
    List<MatrixFailure> failures() {
        return List.copyOf(failures);
    }

    /** The failure line {@code tokens} (its first token {@code failure}) at {@code line}. */
    void add(String[] tokens, int line, int nodes, Integer declared) throws ScenarioException {
        if (declared == null || failures.size() >= declared) {
            throw error(line, "Failures", declared == null ? "the header gives no 'Failures F', so the file may"
                    + " have no failure line (the reference stops at its assertion); add 'Failures N' to the header"
                    : "Failures says " + declared + ", but this is failure line " + (failures.size() + 1)
                    + " (the reference stops at its assertion here); make Failures the number of failure lines");
        }
        Map<String, String> values = new HashMap<>();
        for (int i = 1; i < tokens.length; i += 2) {
            String key = tokens[i];
            if (!KEYS.contains(key)) {
                throw error(line, "", ConnectionMatrix.shown(key) + " is not a word of a failure line; it is"
                        + " 'failure switch_type AGG switch_id S link_id L', which allows " + String.join(", ", KEYS));
            }
            if (values.containsKey(key)) {
                throw error(line, key, key + " is given twice on this line");
            }
            if (i + 1 >= tokens.length) {
                throw error(line, key, key + " needs a value after it");
            }
            values.put(key, tokens[i + 1]);
        }
        for (String key : KEYS) {
            if (!values.containsKey(key)) {
                throw error(line, key, "a failure line gives " + String.join(", ", KEYS) + " (the reference leaves"
                        + " a missing one undefined), e.g. 'failure switch_type AGG switch_id 0 link_id 0'; "
                        + key + " is missing");
            }
        }
        String type = values.get("switch_type");
        if (!TYPES.contains(type)) {
            throw error(line, "switch_type", ConnectionMatrix.shown(type) + " is not a switch type; the reference"
                    + " knows TOR, AGG and CORE, and fails only AGG");
        }
        if (!type.equals("AGG")) {
            throw error(line, "switch_type", type + " is read by the reference, but its add_failed_link fails only"
                    + " the uplinks of aggregation switches (it asserts type == AGG): use switch_type AGG, or say"
                    + " the link in the scenario's faults section");
        }
        int k = referenceK(line, nodes);
        int half = k / 2;
        long aggs = (long) k * half;
        long switchId = whole(line, "switch_id", values.get("switch_id"), aggs - 1);
        long linkId = whole(line, "link_id", values.get("link_id"), half - 1);
        long podpos = switchId % half;
        if (linkId != podpos) {
            throw error(line, "link_id", "the reference fails the link from aggregation switch " + switchId + " to"
                    + " core " + (podpos * half + linkId) + " (podpos " + podpos + " * " + half + " + link_id "
                    + linkId + "), but it joins that switch only to cores " + podpos + ", " + (podpos + half)
                    + ", ... (l * " + half + " + " + podpos + "), so it stops at its assertion; the link_id it"
                    + " accepts for switch " + switchId + " is " + podpos + ", or say the link in the scenario's"
                    + " faults section");
        }
        String plane = fabric.planes() > 1 ? "p0." : "";
        String link = plane + "agg" + (switchId / half) + "." + podpos + " <-> " + plane + "core"
                + (podpos * half + linkId);
        Integer earlier = lineOfLink.putIfAbsent(link, line);
        if (earlier != null) {
            throw error(line, "switch_id", "the link " + link + " already fails on line " + earlier + "; the"
                    + " reference stops at its assertion when a link fails twice");
        }
        failures.add(new MatrixFailure(display, line, link));
    }

    /** The k of the reference's fat tree for {@code nodes}, which the topology must be. */
    private int referenceK(int line, int nodes) throws ScenarioException {
        int k = fabric.fatTreeK();
        if (k == 0 || (long) k * k * k / 4 != nodes) {
            int want = 2;
            while ((long) want * want * want / 4 < nodes) {
                want += 2;
            }
            String shape = (long) want * want * want / 4 == nodes ? "topology: {kind: fat-tree, k: " + want + "}"
                    : "a fat tree of k^3/4 hosts, and Nodes " + nodes + " is not one (16, 54, 128, 250, 432, 1024,"
                    + " ...)";
            throw error(line, "failure", "a failure line names a switch of the three-tier fat tree the reference"
                    + " builds for Nodes " + nodes + "; it fails a link only of that fabric, so the topology must be "
                    + shape + (k == 0 ? "" : ", not the fat tree of k " + k));
        }
        return k;
    }

    private long whole(int line, String field, String text, long most) throws ScenarioException {
        if (!WHOLE.matcher(text).matches() || Long.parseLong(text) > most) {
            throw error(line, field, ConnectionMatrix.shown(text) + " is not from 0 to " + most + " (the reference"
                    + " asserts " + (field.equals("switch_id") ? "switch_id < NAGG, " + (most + 1)
                    : "link_id < radix_up[AGG_TIER], " + (most + 1)) + ")");
        }
        return Long.parseLong(text);
    }

    private ScenarioException error(int line, String field, String message) {
        return new ScenarioException(display, Origin.ofLine(line), field, message);
    }
}
