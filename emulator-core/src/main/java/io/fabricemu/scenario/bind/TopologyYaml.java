package io.fabricemu.scenario.bind;

import io.fabricemu.scenario.yaml.ErrorList;
import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.yaml.FieldErrors;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.MapNode;
import io.fabricemu.scenario.yaml.Node;
import io.fabricemu.scenario.yaml.Origin;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.scenario.yaml.YamlTree;
import io.fabricemu.topology.GraphSpec;
import io.fabricemu.topology.LinkSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A fabric from a topology file in YAML ({@code topology: {kind: file, path: fabric.yaml}}): hosts counted, switches
 * named (with a tier each, or none at all), links between names with their own rate and delay:
 * <pre>
 * hosts: 4                                   # h0 .. h3
 * switches:
 *   - {name: leaf0, tier: 1}                 # tier: 1 leaf or ToR, 2 spine, 3 core; give it for every switch or none
 *   - {name: leaf1, tier: 1}
 *   - {name: spine0, tier: 2}
 * links:
 *   - {a: h0, b: leaf0, rate: 400Gbps, delay: 500ns}
 *   - {a: leaf0, b: spine0, rate: 800Gbps, delay: 1us, loss: 0.01%}   # optional: lost packets, either way
 * </pre>
 * Node ids are the hosts' first, then the switches' in the order listed. Errors name the file, line and field, as a
 * scenario's do; the checks are those of the topology.txt form ({@link TopologyFile}). A link's optional
 * {@code loss} ({@code loss: 0.1%}) is the probability that it loses a packet, either way, as topology.txt's
 * {@code error_rate}.
 */
final class TopologyYaml {
    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9._-]{0,63}");
    private static final Pattern HOST = Pattern.compile("[hH]([0-9]{1,9})");

    private TopologyYaml() {
    }

    static GraphSpec parse(String display, String text) throws ScenarioException {
        Node tree = YamlTree.parseFile(text, display);
        if (!(tree instanceof MapNode)) {
            throw new ScenarioException(display, Origin.ofLine(1), "", "a topology file in YAML is a map of hosts,"
                    + " switches and links, e.g. hosts: 4, switches: [{name: leaf0}], links: [{a: h0, b: leaf0, rate:"
                    + " 100Gbps, delay: 500ns}]");
        }
        FieldErrors fields = new FieldErrors();
        ErrorList errors = new ErrorList(fields);
        GraphSpec spec = errors.attempt(() -> graph(Section.root(tree, display, fields), display));
        errors.throwIfAny();
        return spec;
    }

    private static GraphSpec graph(Section root, String display) throws ScenarioException {
        root.declare("hosts", "switches", "links");
        root.rejectUnknownFields();
        int hosts = root.requiredInt("hosts", 1, TopologyBinder.MAX_COUNT);
        List<Field> switchList = root.required("switches", "a list of switches, e.g. [{name: leaf0, tier: 1}]")
                .asList("a list of switches");
        Map<String, Integer> ids = new HashMap<>();
        List<String> names = new ArrayList<>();
        int[] tiers = new int[switchList.size()];
        for (int i = 0; i < switchList.size(); i++) {
            Section s = switchList.get(i).asSection();
            s.declare("name", "tier");
            s.rejectUnknownFields();
            String name = s.requiredText("name", NAME, "a name of letters, digits, '.', '_' and '-', starting with a"
                    + " letter, e.g. leaf0");
            if (HOST.matcher(name).matches()) {
                throw s.error("name", "'" + name + "' is how hosts are named (h0 to h" + (hosts - 1) + "); name the"
                        + " switch otherwise");
            }
            if (ids.putIfAbsent(name, hosts + i) != null) {
                throw s.error("name", "'" + name + "' names two switches");
            }
            names.add(name);
            tiers[i] = s.optionalInt("tier", 0, 1, 3);
            if ((tiers[i] > 0) != (tiers[0] > 0)) {
                throw s.error("tier", "give every switch a tier, or none (then a switch's tier is its distance from"
                        + " the hosts)");
            }
        }
        int nodes = hosts + names.size();
        List<Field> linkList = root.required("links", "a list of links, e.g. [{a: h0, b: leaf0, rate: 100Gbps, delay:"
                + " 500ns}]").asList("a list of links");
        List<GraphSpec.Link> links = new ArrayList<>();
        int[] hostLink = new int[hosts];
        for (Field f : linkList) {
            Section l = f.asSection();
            l.declare("a", "b", "rate", "delay", "loss");
            l.rejectUnknownFields();
            int a = node(l, "a", hosts, ids, names);
            int b = node(l, "b", hosts, ids, names);
            if (a == b) {
                throw l.error("b", "a link joins two different nodes; both ends are " + l.optional("b").text());
            }
            if (a < hosts && b < hosts) {
                throw l.error("b", "both ends are hosts; a host is linked to a switch");
            }
            for (int end : new int[] {a, b}) {
                if (end < hosts && hostLink[end] > 0) {
                    throw l.error(end == a ? "a" : "b", "h" + end + " already has a link, on line " + hostLink[end]
                            + "; a host has one port, so one link");
                }
                if (end < hosts) {
                    hostLink[end] = f.node().origin().line();
                }
            }
            long rateBps = l.requiredRateBps("rate", 1, Long.MAX_VALUE);
            long delayPs = l.requiredTimePs("delay", 1, Limits.MAX_TIME_PS);
            links.add(new GraphSpec.Link(a, b, new LinkSpec(rateBps, delayPs, 0, loss(l))));
        }
        for (int h = 0; h < hosts; h++) {
            if (hostLink[h] == 0) {
                throw root.error("hosts", "h" + h + " has no link; every host is linked to a switch");
            }
        }
        int unreached = GraphSpec.firstUnreached(nodes, links);
        if (unreached >= 0) {
            throw root.error("links", name(unreached, hosts, names) + " cannot be reached from h0 by any path of"
                    + " links: a fabric is one connected graph");
        }
        int[] switchIds = new int[names.size()];
        for (int i = 0; i < switchIds.length; i++) {
            switchIds[i] = hosts + i;
        }
        return new GraphSpec(display, nodes, switchIds, links, names, tiers.length > 0 && tiers[0] > 0 ? tiers
                : new int[0]);
    }

    /** A link's {@code loss}: a probability below 1 ({@link Probabilities}), 0 when it is left out. */
    private static double loss(Section l) throws ScenarioException {
        if (!l.has("loss")) {
            return 0;
        }
        int ppm = Probabilities.ppm(l, "loss", "");
        if (ppm == Probabilities.ONE_PPM) {
            throw l.error("loss", "'" + l.optional("loss").text() + "' would lose every packet; a link's loss is a"
                    + " probability below 100%, e.g. 0.1%");
        }
        return ppm / 1e6;
    }

    private static int node(Section l, String key, int hosts, Map<String, Integer> ids, List<String> names)
            throws ScenarioException {
        String name = l.requiredText(key, NAME, "a host (h0 to h" + (hosts - 1) + ") or a switch's name");
        var host = HOST.matcher(name);
        if (host.matches() && Long.parseLong(host.group(1)) < hosts) {
            return Integer.parseInt(host.group(1));
        }
        Integer id = ids.get(name);
        if (id == null) {
            throw l.error(key, "'" + name + "' is neither a host (h0 to h" + (hosts - 1) + ") nor a switch ("
                    + String.join(", ", names.subList(0, Math.min(8, names.size())))
                    + (names.size() > 8 ? ", ..." : "") + ")");
        }
        return id;
    }

    private static String name(int id, int hosts, List<String> names) {
        return id < hosts ? "h" + id : names.get(id - hosts);
    }
}
