package io.fabricemu.scenario.yaml;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A map of the scenario tree read field by field, the way a binder reads one section:
 * <pre>
 *   sw.declare("latency", "forwarding", "queue", "sharedBuffer", "trafficClasses");
 *   sw.rejectUnknownFields();
 *   long queueBytes = sw.optionalBytes("queue", 1 &lt;&lt; 20, 1, Limits.MAX_BUFFER_BYTES);
 * </pre>
 * A binder first declares every field the section may have, so that a misspelt key is reported as unknown
 * (with a suggestion) before it could be reported as a missing required field; reading an undeclared key
 * is a programming error. A key whose value is empty ({@code queue:} or {@code ~}) counts as absent. A
 * missing required field is reported at the line of the map.
 */
public final class Section {
    private final String source;
    private final String path;
    private final Origin origin;
    private final MapNode map;
    private final List<String> known = new ArrayList<>();
    /** Where a field's own error is recorded so binding goes on ({@link FieldErrors}); null: it is thrown. */
    private final FieldErrors recorder;
    private boolean hasUnknownField;

    /**
     * {@code map} may be empty; {@code origin} is where a missing field is reported; {@code recorder} keeps the
     * errors of single fields so that the next field is still read, or is null to throw the first.
     */
    public Section(String source, String path, Origin origin, MapNode map, FieldErrors recorder) {
        this.source = source;
        this.path = path;
        this.origin = origin;
        this.map = map;
        this.recorder = recorder;
    }

    /** One field's reading, which may fail. */
    private interface Read<T> {
        T read() throws ScenarioException;
    }

    /**
     * What {@code read} reads from field {@code key}; if that fails with the field's own error and this section
     * records errors, the error is recorded and {@code standIn} is returned, so the binder reads on. A required
     * field missing beside an unknown one is not recorded: it is most likely that field, misspelt.
     */
    private <T> T orStandIn(String key, T standIn, Read<T> read) throws ScenarioException {
        try {
            return read.read();
        } catch (ScenarioException e) {
            if (recorder == null) {
                throw e;
            }
            if (hasUnknownField && map.entry(key) == null) {
                return standIn; // missing beside an unknown field: that field misspelt, already recorded
            }
            if (e.dependent()) {
                throw e;
            }
            recorder.add(e);
            return standIn;
        }
    }

    /** The whole scenario: its root must be a map. {@code root} is null for an empty file. */
    public static Section root(Node root, String source, FieldErrors recorder) throws ScenarioException {
        if (root == null) {
            throw new ScenarioException(source, Origin.ofLine(1), "",
                    "the file is empty; a scenario needs at least name, topology and workload");
        }
        if (!(root instanceof MapNode map)) {
            throw new ScenarioException(source, root.origin(), "",
                    "a scenario is a map of fields (name, topology, workload, ...), found " + root.describe());
        }
        return new Section(source, "", map.origin(), map, recorder);
    }

    /** The file the section was read from, as messages name it. */
    public String source() {
        return source;
    }

    /** How a message names this section: its path, or for one without (a CSV line) its line. */
    public String label() {
        return path.isEmpty() ? "the flow on line " + origin.line() : path;
    }

    /** The dotted path of a key of this section. */
    String path(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    /** Whether the key is present with a value. */
    public boolean has(String key) {
        return find(key) != null;
    }

    /** The key's value; missing is an error saying {@code expected}, e.g. "an integer from 1 to 8". */
    public Field required(String key, String expected) throws ScenarioException {
        Field field = optional(key);
        if (field == null) {
            MapNode.Entry entry = map.entry(key);
            String problem = entry == null ? "is required" : "has no value";
            ScenarioException e = new ScenarioException(source, entry == null ? origin : entry.keyOrigin(), path(key),
                    problem + "; expected " + expected);
            // Missing beside an unknown field: most likely that field, misspelt, which is already reported.
            throw hasUnknownField && entry == null ? e.markDependent() : e;
        }
        return field;
    }

    /** The key's value, or null if it is absent or empty. */
    public Field optional(String key) {
        Node node = find(key);
        return node == null ? null : new Field(source, path(key), node, recorder);
    }

    public int requiredInt(String key, int min, int max) throws ScenarioException {
        return orStandIn(key, min, () -> required(key, "an integer " + Field.range(min, max, Long::toString))
                .asInt(min, max));
    }

    public int optionalInt(String key, int fallback, int min, int max) throws ScenarioException {
        Field field = optional(key);
        return field == null ? fallback : orStandIn(key, fallback, () -> field.asInt(min, max));
    }

    public long optionalLong(String key, long fallback, long min, long max) throws ScenarioException {
        Field field = optional(key);
        return field == null ? fallback : orStandIn(key, fallback, () -> field.asLong(min, max));
    }

    public long requiredBytes(String key, long min, long max) throws ScenarioException {
        return orStandIn(key, min, () -> required(key, "a size " + Field.range(min, Field.maxBytes(max),
                Units::exactBytes) + ", e.g. 2MiB").asBytes(min, max));
    }

    public long optionalBytes(String key, long fallback, long min, long max) throws ScenarioException {
        Field field = optional(key);
        return field == null ? fallback : orStandIn(key, fallback, () -> field.asBytes(min, max));
    }

    public long requiredRateBps(String key, long min, long max) throws ScenarioException {
        return orStandIn(key, min, () -> required(key, "a rate " + Field.range(Field.minRateBps(min),
                Field.maxRateBps(max), Units::exactRate) + ", e.g. 100Gbps").asRateBps(min, max));
    }

    public long requiredTimePs(String key, long min, long max) throws ScenarioException {
        return orStandIn(key, min, () -> required(key, "a time " + Field.range(min, Field.maxTimePs(max),
                Units::exactTime) + ", e.g. 500ns").asTimePs(min, max));
    }

    public long optionalTimePs(String key, long fallback, long min, long max) throws ScenarioException {
        Field field = optional(key);
        return field == null ? fallback : orStandIn(key, fallback, () -> field.asTimePs(min, max));
    }

    public String requiredOneOf(String key, List<String> allowed) throws ScenarioException {
        return required(key, "one of " + String.join(", ", allowed)).asOneOf(allowed);
    }

    public String optionalOneOf(String key, String fallback, List<String> allowed) throws ScenarioException {
        Field field = optional(key);
        return field == null ? fallback : field.asOneOf(allowed);
    }

    public String requiredText(String key, Pattern pattern, String rule) throws ScenarioException {
        return required(key, "text (" + rule + ")").asText(pattern, rule);
    }

    /** A nested section that must be present. */
    public Section requiredSection(String key) throws ScenarioException {
        return required(key, "a map of fields").asSection();
    }

    /** A nested section, or an empty one (so that every field takes its default) if absent. */
    public Section optionalSection(String key) throws ScenarioException {
        Field field = optional(key);
        if (field != null) {
            return field.asSection();
        }
        MapNode.Entry entry = map.entry(key);
        Origin at = entry == null ? origin : entry.keyOrigin();
        return new Section(source, path(key), at, new MapNode(at, List.of()), recorder);
    }

    /** Adds fields this section may have; the order is the order messages list them in. */
    public void declare(String... keys) {
        for (String key : keys) {
            if (!known.contains(key)) {
                known.add(key);
            }
        }
    }

    /** Rejects any key not declared, listing the ones that are. */
    public void rejectUnknownFields() throws ScenarioException {
        rejectUnknownFields("");
    }

    /** As {@link #rejectUnknownFields()}; {@code context} qualifies the list, e.g. "for kind fat-tree". */
    public void rejectUnknownFields(String context) throws ScenarioException {
        for (MapNode.Entry entry : map.entries()) {
            if (!known.contains(entry.key())) {
                String where = path.isEmpty() ? "the scenario" : path;
                String qualifier = context.isEmpty() ? "" : " " + context;
                ScenarioException e = new ScenarioException(source, entry.keyOrigin(), path(entry.key()),
                        "unknown field; allowed fields of " + where + qualifier + " are "
                                + String.join(", ", known) + Suggestion.closest(entry.key(), known));
                if (recorder == null) {
                    throw e;
                }
                recorder.add(e);
                hasUnknownField = true;
            }
        }
    }

    /** An error at the key's value if present, else at this section. */
    public ScenarioException error(String key, String detail) {
        MapNode.Entry entry = map.entry(key);
        Node node = entry == null ? null : entry.value();
        Origin at = node != null ? node.origin() : entry != null ? entry.keyOrigin() : origin;
        return new ScenarioException(source, at, path(key), detail).markDependent();
    }

    /**
     * An error for a spec record's {@link IllegalArgumentException}: at the field its message starts with
     * (the records name their parameter first, e.g. "cores (6) must be a multiple of aggsPerPod (4)"), or
     * at the section if it names none of this section's fields.
     */
    public ScenarioException error(IllegalArgumentException invalid) {
        String message = String.valueOf(invalid.getMessage());
        for (String key : known) {
            if (message.startsWith(key + " ")) {
                return error(key, message);
            }
        }
        return error(message);
    }

    /** An error about the section as a whole. */
    public ScenarioException error(String detail) {
        return new ScenarioException(source, origin, path, detail).markDependent();
    }

    private Node find(String key) {
        if (!known.contains(key)) {
            throw new IllegalStateException("binder reads " + path(key) + " without declaring it");
        }
        MapNode.Entry entry = map.entry(key);
        if (entry == null || entry.value() instanceof ScalarNode scalar && scalar.isNull()) {
            return null;
        }
        return entry.value();
    }
}
