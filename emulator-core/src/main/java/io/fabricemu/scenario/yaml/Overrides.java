package io.fabricemu.scenario.yaml;

import java.util.ArrayList;
import java.util.List;

/**
 * Applies {@code --set path=value} overrides to a scenario tree before it is bound, in the order given.
 *
 * <p>The path is dotted; a segment that is a number indexes a list ({@code workload.flows.0.bytes}), any
 * other segment names a map key, and missing map entries on the way are created as empty maps. The value is
 * read as YAML, so {@code 7} is a number, {@code [1, 2]} a list and {@code 1MiB} a string. Every node the
 * override adds carries the override as its origin, so a later error names the {@code --set} instead of a
 * line.
 */
public final class Overrides {
    private final String source;
    private final String override;

    private Overrides(String source, String override) {
        this.source = source;
        this.override = override;
    }

    /** The tree with every override applied; {@code root} may be null for an empty file. */
    public static Node apply(Node root, List<String> overrides, String source) throws ScenarioException {
        Node result = root;
        for (String text : overrides) {
            result = new Overrides(source, text).applyOne(result);
        }
        return result;
    }

    private Node applyOne(Node root) throws ScenarioException {
        if (override == null) {
            throw error("an override is null; use path=value");
        }
        int equals = override.indexOf('=');
        if (equals < 0) {
            throw error("an override needs '=': use path=value, e.g. workload.bytes=1MiB");
        }
        String path = override.substring(0, equals).strip();
        List<String> segments = split(path);
        Node value = YamlTree.parseOverrideValue(override.substring(equals + 1), source, override, path);
        Node start = root != null ? root : new MapNode(origin(), List.of());
        return set(start, segments, 0, value);
    }

    private List<String> split(String path) throws ScenarioException {
        if (path.isEmpty()) {
            throw error("the path before '=' is empty; use path=value, e.g. workload.bytes=1MiB");
        }
        List<String> segments = new ArrayList<>();
        for (String segment : path.split("\\.", -1)) {
            if (segment.isEmpty()) {
                throw error("the path '" + path + "' has an empty segment; separate names with single dots");
            }
            segments.add(segment);
        }
        return segments;
    }

    /** A copy of {@code node} with the value at {@code segments[depth..]} set. */
    private Node set(Node node, List<String> segments, int depth, Node value) throws ScenarioException {
        String segment = segments.get(depth);
        boolean last = depth == segments.size() - 1;
        if (node instanceof MapNode map) {
            MapNode.Entry entry = map.entry(segment);
            Node child;
            if (last) {
                child = value;
            } else {
                Node existing = entry != null ? entry.value() : null;
                if (existing == null || existing instanceof ScalarNode scalar && scalar.isNull()) {
                    existing = new MapNode(origin(), List.of());
                }
                child = set(existing, segments, depth + 1, value);
            }
            Origin keyOrigin = entry != null ? entry.keyOrigin() : origin();
            return map.with(segment, keyOrigin, child);
        }
        if (node instanceof ListNode list) {
            int index = index(segment, list, segments, depth);
            Node child = last ? value : set(list.items().get(index), segments, depth + 1, value);
            return list.with(index, child);
        }
        throw error("'" + String.join(".", segments.subList(0, depth))
                + "' is a single value, not a map or list, so it has no '" + segment + "'");
    }

    private int index(String segment, ListNode list, List<String> segments, int depth) throws ScenarioException {
        String listPath = String.join(".", segments.subList(0, depth));
        if (!segment.chars().allMatch(Character::isDigit)) {
            throw error("'" + listPath + "' is a list; index it with a number from 0 to "
                    + (list.items().size() - 1) + ", not '" + segment + "'");
        }
        int size = list.items().size();
        int index;
        try {
            index = Integer.parseInt(segment);
        } catch (NumberFormatException tooLong) {
            index = Integer.MAX_VALUE;
        }
        if (index >= size) {
            String range = size == 0 ? "it is empty" : "indexes are 0.." + (size - 1);
            throw error("index " + segment + " is out of range for '" + listPath + "', which has " + size
                    + (size == 1 ? " item; " : " items; ") + range);
        }
        return index;
    }

    private Origin origin() {
        return Origin.ofOverride(override);
    }

    private ScenarioException error(String detail) {
        return new ScenarioException(source, origin(), "", detail);
    }
}
