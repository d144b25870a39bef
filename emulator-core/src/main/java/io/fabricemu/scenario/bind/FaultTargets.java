package io.fabricemu.scenario.bind;

import io.fabricemu.scenario.workload.HostRange;
import io.fabricemu.scenario.workload.MatrixFailure;
import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.yaml.Origin;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.topology.Cable;
import io.fabricemu.topology.FatTreeSpec;
import io.fabricemu.topology.Topology;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The target of an entry of the {@code faults} list, resolved on the built topology to link directions
 * ({@link io.fabricemu.fault.Fault}: {@code 2 * cable} from the cable's end A to its end B, {@code 2 * cable + 1}
 * back). An entry has exactly one of:
 * <pre>
 *   link: "agg0.0 -&gt; core0"            # one direction, from the first node to the second
 *   link: "leaf0:p17 &lt;-&gt; spine0"      # both directions; :pN picks one of several parallel cables by its port
 *   switch: spine0                     # every cable at the switch, both directions
 *   host: 3                            # host 3's NIC (also h3): its cables (one per plane), both directions
 *   link: "h3 &lt;-&gt; p1.leaf0"           # a multi-plane fabric: host 3's port into plane 1
 *   links: {tier: core, count: 8, seed: 3, direction: both}   # cables drawn at random among a tier's
 * </pre>
 */
final class FaultTargets {
    static final List<String> KEYS = List.of("link", "switch", "host", "links");
    static final List<String> DIRECTIONS = List.of("both", "up", "down");
    /** The tiers cables have ({@link Cable#tier()}), in the order messages list them. */
    private static final List<String> TIERS = List.of("host", "agg", "core", "fabric", "super", "ring");
    private static final Pattern ANY = Pattern.compile("(?s).+");
    private static final Pattern END = Pattern.compile("([^\\s:]+)(?::p(0|[1-9][0-9]{0,9}))?");
    private static final String LINK_EXAMPLE = "\"leaf0 -> spine0\" (one direction) or \"leaf0 <-> spine0\" (both),"
            + " a node's port as leaf0:p17";

    /** What an entry acts on: its link directions (ascending) and how its label names them. */
    record Target(int[] directions, String label) {
    }

    /** One side of a {@code link}: a node, the port the name picks (-1: none) and how labels write it. */
    private record End(int node, int port, String label) {
    }

    private final Topology topology;
    private final NodeNames names;
    /** Each tier's cable ids, ascending; tiers in the order of {@link #TIERS}. */
    private final Map<String, int[]> cablesOfTier;

    FaultTargets(Topology topology) {
        this.topology = topology;
        this.names = new NodeNames(topology);
        Map<String, List<Integer>> byTier = new LinkedHashMap<>();
        for (String tier : TIERS) {
            byTier.put(tier, new ArrayList<>());
        }
        for (int id = 0; id < topology.cableCount(); id++) {
            byTier.computeIfAbsent(topology.cable(id).tier(), t -> new ArrayList<>()).add(id);
        }
        cablesOfTier = new LinkedHashMap<>();
        byTier.forEach((tier, ids) -> {
            if (!ids.isEmpty()) {
                cablesOfTier.put(tier, ids.stream().mapToInt(Integer::intValue).toArray());
            }
        });
    }

    /**
     * The entry's target; null, with nothing reported, when it gives none beside an unknown field
     * ({@code knownFields} false): that field is most likely the target, misspelt, and is reported as unknown.
     */
    Target bind(Section entry, boolean knownFields) throws ScenarioException {
        String given = OneKey.of(entry, KEYS, knownFields, "a fault needs a target, one of link: \"A -> B\" or"
                + " \"A <-> B\", switch: NAME, host: N or links: {tier, count, seed}", "a fault has one target",
                "give each target an entry of its own");
        if (given == null) {
            return null;
        }
        Field field = entry.optional(given);
        return switch (given) {
            case "link" -> link(field);
            case "switch" -> switchTarget(field);
            case "host" -> host(field);
            case "links" -> links(field.asSection());
            default -> throw new AssertionError(given);
        };
    }

    /** How a part of the resolution of a link reports what is wrong with it: at its field, or at a file's line. */
    private interface Problem {
        ScenarioException at(String message);
    }

    /** The link a connection matrix's failure line fails, both directions; an error at that line if it is none. */
    Target link(MatrixFailure failure) throws ScenarioException {
        return link(failure.link(), message -> new ScenarioException(failure.display(),
                Origin.ofLine(failure.line()), "failure", message));
    }

    private Target link(Field field) throws ScenarioException {
        return link(field.asText(ANY, "a link such as " + LINK_EXAMPLE), field::error);
    }

    private Target link(String text, Problem field) throws ScenarioException {
        int arrow = text.indexOf("<->");
        boolean both = arrow >= 0;
        if (!both) {
            arrow = text.indexOf("->");
            if (arrow < 0) {
                throw field.at("'" + text + "' is not a link; write " + LINK_EXAMPLE);
            }
        }
        End a = end(field, text, text.substring(0, arrow).strip());
        End b = end(field, text, text.substring(arrow + (both ? 3 : 2)).strip());
        if (a.node == b.node) {
            throw field.at("'" + text + "' joins " + names.name(a.node) + " to itself; a link joins two nodes");
        }
        String arrowText = both ? " <-> " : " -> ";
        int id = cable(field, a, b, arrowText).id();
        int forward = 2 * id + (topology.cable(id).nodeA() == a.node ? 0 : 1);
        return new Target(both ? new int[] {2 * id, 2 * id + 1} : new int[] {forward}, a.label + arrowText + b.label);
    }

    /** One side of a link's text, {@code name} or {@code name:pN}. */
    private End end(Problem field, String text, String side) throws ScenarioException {
        if (side.isEmpty()) {
            throw field.at("'" + text + "' names no node on one side of its arrow; write " + LINK_EXAMPLE);
        }
        Matcher m = END.matcher(side);
        if (!m.matches()) {
            throw field.at("'" + side + "' is not a node's name; write a name such as leaf0 or agg0.1, h3 for"
                    + " host 3's NIC, and :pN after it for its port N (leaf0:p17)");
        }
        int node = names.node(m.group(1));
        if (node < 0) {
            throw field.at(names.unknown(m.group(1)));
        }
        String name = names.name(node);
        if (m.group(2) == null) {
            return new End(node, -1, name);
        }
        long port = Long.parseLong(m.group(2));
        if (port >= topology.portCount(node)) {
            int count = topology.portCount(node);
            throw field.at(name + " has no port p" + port + "; " + (count == 1 ? "its only port is p0"
                    : "its ports are p0..p" + (count - 1)));
        }
        return new End(node, (int) port, name + ":p" + port);
    }

    /** The one cable between {@code a} and {@code b}, of the ports they name. */
    private Cable cable(Problem field, End a, End b, String arrow) throws ScenarioException {
        String nameA = names.name(a.node);
        String nameB = names.name(b.node);
        List<Integer> joining = new ArrayList<>();
        for (int port = 0; port < topology.portCount(a.node); port++) {
            if (topology.peerNode(a.node, port) == b.node) {
                joining.add(port);
            }
        }
        if (joining.isEmpty()) {
            throw field.at("no cable joins " + nameA + " and " + nameB + "; " + nameA + " is joined to "
                    + names.neighbours(a.node, nameB));
        }
        List<Integer> chosen = new ArrayList<>();
        for (int port : joining) {
            if ((a.port < 0 || port == a.port) && (b.port < 0 || topology.peerPort(a.node, port) == b.port)) {
                chosen.add(port);
            }
        }
        if (chosen.isEmpty()) {
            throw field.at("no cable joins " + a.label + " and " + b.label + "; " + nameA + " and " + nameB
                    + " are joined by " + choices(joining, nameA, nameB, arrow));
        }
        if (chosen.size() > 1) {
            throw field.at(nameA + " and " + nameB + " are joined by " + chosen.size() + " cables; name one by"
                    + " its port: " + choices(chosen, nameA, nameB, arrow));
        }
        return topology.cableAt(a.node, chosen.get(0));
    }

    /** The cables at {@code ports} of A, as a link names each: {@code leaf0:p16 <-> spine0, ...}. */
    private static String choices(List<Integer> ports, String nameA, String nameB, String arrow) {
        List<String> shown = new ArrayList<>();
        for (int port : ports.subList(0, Math.min(ports.size(), 2 * NodeNames.SHOWN))) {
            shown.add(nameA + ":p" + port + arrow + nameB);
        }
        int more = ports.size() - shown.size();
        return String.join(", ", shown) + (more == 0 ? "" : " and " + more + " more");
    }

    private Target switchTarget(Field field) throws ScenarioException {
        String name = field.asText(ANY, "a switch's name such as spine0");
        int node = names.node(name);
        if (node < 0) {
            throw field.error(names.unknown(name));
        }
        if (topology.isHost(node)) {
            throw field.error(name + " is a host's NIC, not a switch; for it write host: " + node);
        }
        int[] directions = new int[2 * topology.portCount(node)];
        for (int port = 0; port < topology.portCount(node); port++) {
            int id = topology.cableAt(node, port).id();
            directions[2 * port] = 2 * id;
            directions[2 * port + 1] = 2 * id + 1;
        }
        Arrays.sort(directions);
        return new Target(directions, "switch " + names.name(node));
    }

    private Target host(Field field) throws ScenarioException {
        int host;
        if (field.isInteger()) {
            host = HostRange.host(field, topology.hostCount());
        } else {
            String text = field.asText(ANY, "a host number such as 3");
            host = names.node(text);
            if (host < 0 || !topology.isHost(host)) {
                throw field.error("expected a host number such as 3 (or h3), found '" + text + "'; "
                        + HostRange.describe(topology.hostCount()));
            }
        }
        Cable cable = topology.cableAt(host, 0);
        if (topology.planes() == 1) {
            return new Target(new int[] {2 * cable.id(), 2 * cable.id() + 1},
                    names.name(host) + " <-> " + names.name(cable.peerOf(host)));
        }
        int[] directions = new int[2 * topology.planes()];
        for (int p = 0; p < topology.planes(); p++) {
            int id = topology.cableAt(host, p).id();
            directions[2 * p] = 2 * id;
            directions[2 * p + 1] = 2 * id + 1;
        }
        Arrays.sort(directions);
        return new Target(directions, names.name(host) + " <-> every plane");
    }

    private Target links(Section links) throws ScenarioException {
        links.declare("tier", "count", "seed", "direction", "htsimFailed");
        links.rejectUnknownFields();
        if (links.has("htsimFailed")) {
            for (String other : List.of("tier", "count", "seed", "direction")) {
                if (links.has(other)) {
                    throw links.error(other, "links are either drawn ({tier, count, seed}) or htsim's"
                            + " ({htsimFailed: N}), not both");
                }
            }
            return htsimFailed(links);
        }
        String tier = links.requiredOneOf("tier", List.copyOf(cablesOfTier.keySet()));
        int[] pool = cablesOfTier.get(tier);
        int count = links.requiredInt("count", 1, pool.length);
        links.required("seed", "an integer at least 0, which the choice is drawn from (not the scenario's seed)");
        long seed = links.optionalLong("seed", 0, 0, Long.MAX_VALUE);
        String direction = links.optionalOneOf("direction", DIRECTIONS.get(0), DIRECTIONS);
        int[] chosen = choose(pool, count, seed);
        int perCable = direction.equals("both") ? 2 : 1;
        int[] directions = new int[chosen.length * perCable];
        for (int i = 0; i < chosen.length; i++) {
            if (perCable == 2) {
                directions[2 * i] = 2 * chosen[i];
                directions[2 * i + 1] = 2 * chosen[i] + 1;
            } else {
                directions[i] = 2 * chosen[i] + (direction.equals("up") ? 0 : 1);
            }
        }
        String what = count + " " + tier + " link" + (count == 1 ? "" : "s");
        String qualifier = direction.equals("both") ? "" : direction + ", ";
        return new Target(directions, what + " (" + qualifier + "seed " + seed + ")");
    }

    /**
     * The links the UEC reference simulator degrades with {@code -failed N} (ultraethernet/uet-htsim, htsim_uec:
     * {@code FatTreeTopology}'s constructor, "upper layer in pod to core"), so its experiments can be repeated: the
     * first N aggregation-to-core cables in the order of its loops, aggregation switch by aggregation switch (pod by
     * pod, then position in the pod) and uplink by uplink, and of each only the direction from the core down to the
     * aggregation switch. htsim's core {@code h} sits above aggregation position {@code h mod g}; fabric-emu's core
     * {@code c} above position {@code c / g} (g uplinks per aggregation switch), so htsim's uplink {@code l} of
     * position {@code a} is fabric-emu's {@code core(g * a + l)}. htsim also cuts the degraded port's queue and ECN
     * thresholds to a quarter; fabric-emu changes only what the entry's action says.
     */
    private Target htsimFailed(Section links) throws ScenarioException {
        if (topology.planes() > 1) {
            throw links.error("htsimFailed", "htsimFailed names links of the reference simulator's one fat tree, and"
                    + " this fabric has " + topology.planes() + " planes; name the links (e.g. \"p0.agg0.0 <-> p0.core0\")"
                    + " or draw them with {tier, count, seed}");
        }
        if (!(topology.spec() instanceof FatTreeSpec tree)) {
            throw links.error("htsimFailed", "htsimFailed follows the reference simulator's three-tier fat tree, and"
                    + " this topology is no fat tree; name the links, or draw them with {tier, count, seed}");
        }
        int uplinks = tree.cores() / tree.aggsPerPod();
        int cables = tree.pods() * tree.aggsPerPod() * uplinks;
        int n = links.requiredInt("htsimFailed", 1, cables);
        int[] directions = new int[n];
        for (int i = 0; i < n; i++) {
            int agg = i / uplinks;
            int uplink = i % uplinks;
            int position = agg % tree.aggsPerPod();
            int aggNode = names.node("agg" + agg / tree.aggsPerPod() + "." + position);
            int coreNode = names.node("core" + (uplinks * position + uplink));
            directions[i] = coreToAgg(aggNode, coreNode);
        }
        Arrays.sort(directions);
        return new Target(directions, n + " core link" + (n == 1 ? "" : "s") + " by htsim's -failed " + n
                + " rule (core -> agg)");
    }

    /** The direction from {@code core} down to {@code agg} of the cable that joins them. */
    private int coreToAgg(int agg, int core) {
        for (int port = 0; port < topology.portCount(agg); port++) {
            Cable c = topology.cableAt(agg, port);
            if (c.peerOf(agg) == core) {
                return 2 * c.id() + (c.nodeA() == agg ? 1 : 0);
            }
        }
        throw new IllegalStateException("no cable joins " + names.name(agg) + " and " + names.name(core));
    }

    /**
     * {@code count} distinct cables of {@code pool}, ascending: the first {@code count} places of a Fisher-Yates
     * shuffle (Knuth, TAOCP vol. 2, 3.4.2, Algorithm P) drawn from {@code seed} alone, so the same entry picks
     * the same cables whatever the rest of the scenario.
     */
    static int[] choose(int[] pool, int count, long seed) {
        int[] order = pool.clone();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < count; i++) {
            int j = i + random.nextInt(order.length - i);
            int swap = order[i];
            order[i] = order[j];
            order[j] = swap;
        }
        int[] chosen = Arrays.copyOf(order, count);
        Arrays.sort(chosen);
        return chosen;
    }
}
