package io.fabricemu.scenario.yaml;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.MappingStartEvent;
import org.yaml.snakeyaml.events.NodeEvent;
import org.yaml.snakeyaml.events.ScalarEvent;

/**
 * Reads YAML text into a {@link Node} tree with Jackson's streaming YAML parser, noting the line of every
 * node. It gives no meaning to values (that is the binders' job) but refuses what YAML allows and a scenario
 * does not, at the line and field path where it is written: duplicate keys, more than one document, nesting
 * deeper than {@link #MAX_NESTING} levels, and the YAML constructs the loader gives no meaning to (tags such as
 * {@code !!binary} or {@code !!str}, anchors and aliases, merge keys, keys that are maps or lists). Those are
 * refused rather than ignored because each would make the file mean something other than it says: an ignored tag
 * turns {@code !!binary aGVsbG8=} into the text "aGVsbG8=", a merge key would become a field named {@code <<}.
 *
 * <p>The text is read in time linear in its length ({@link EventParser}), so that a file's size, not the length
 * of its longest line or comment, bounds how long reading takes.
 */
public final class YamlTree {
    /**
     * The deepest nesting of maps and lists read: a scenario's deepest field ({@code workload.parts[0].flows[0]
     * .bytes}) is six levels down, so this is generous, and it is checked here, with the line, before the parser's
     * own limits apply.
     */
    static final int MAX_NESTING = 64;
    /** The tag prefix YAML's shorthand {@code !!} stands for (YAML 1.1, section 6.9.2). */
    private static final String YAML_TAGS = "tag:yaml.org,2002:";
    /**
     * SnakeYAML's limit on a document's length, and Jackson's on a key's and a string's length, are lifted: the
     * file's size is checked before parsing ({@link Limits#MAX_SCENARIO_BYTES}), so that is the limit a person
     * meets, said in plain words, rather than a library's message.
     */
    private static final LoaderOptions OPTIONS = unlimitedLength();
    private static final StreamReadConstraints CONSTRAINTS = StreamReadConstraints.builder()
            .maxNameLength(Integer.MAX_VALUE)
            .maxStringLength(Integer.MAX_VALUE)
            .build();

    private final EventParser parser;
    private final String source;
    private final String override;
    /** The path of the node being read: at each depth a key, or null for a list item at {@link #indexes}. */
    private final String[] keys = new String[MAX_NESTING + 2];
    private final int[] indexes = new int[MAX_NESTING + 2];
    private int depth;

    private YamlTree(EventParser parser, String source, String override, String overridePath) {
        this.parser = parser;
        this.source = source;
        this.override = override;
        this.keys[0] = overridePath;
    }

    /** Parses a whole scenario file; returns null if it holds no document at all (empty or only comments). */
    public static Node parseFile(String text, String source) throws ScenarioException {
        return parse(text, source, null, "");
    }

    /**
     * Parses the value half of a {@code --set path=value}; every node's origin is that override, and fields are
     * named from {@code path} on.
     */
    static Node parseOverrideValue(String value, String source, String override, String path)
            throws ScenarioException {
        Node node = parse(value, source, override, path);
        return node != null ? node : new ScalarNode(Origin.ofOverride(override), "", true);
    }

    private static Node parse(String text, String source, String override, String path) throws ScenarioException {
        refuseControlCharacter(text, source, override);
        try (EventParser parser = EventParser.of(text, OPTIONS, CONSTRAINTS)) {
            YamlTree tree = new YamlTree(parser, source, override, path);
            JsonToken first = parser.nextToken();
            if (first == null) {
                return null;
            }
            Node root = tree.value(first);
            if (parser.nextToken() != null) {
                throw tree.error(tree.here(), "a scenario is a single YAML document; remove the second one"
                        + " (after '---')");
            }
            return root;
        } catch (JsonProcessingException e) {
            throw malformed(e, source, override);
        } catch (IOException e) {
            throw new ScenarioException(source, Origin.ofLine(0), "", "cannot read YAML: " + e.getMessage());
        }
    }

    private Node value(JsonToken token) throws IOException, ScenarioException {
        Origin origin = here();
        refuseUnsupported(origin, "value");
        switch (token) {
            case START_OBJECT:
            case START_ARRAY:
                return nested(token, origin);
            case VALUE_NULL:
                return new ScalarNode(origin, "", true);
            case VALUE_STRING:
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
            case VALUE_TRUE:
            case VALUE_FALSE:
                return new ScalarNode(origin, parser.getText(), false);
            default:
                throw error(origin, "this kind of YAML value is not supported; write the value as plain text");
        }
    }

    /** A map or list, one level deeper than its parent. */
    private Node nested(JsonToken token, Origin origin) throws IOException, ScenarioException {
        if (depth >= MAX_NESTING) {
            throw error(origin, "maps and lists are nested deeper than " + MAX_NESTING + " levels here; no scenario"
                    + " field is nested that deep");
        }
        depth++;
        Node node = token == JsonToken.START_OBJECT ? map(origin) : list(origin);
        depth--;
        return node;
    }

    private MapNode map(Origin origin) throws IOException, ScenarioException {
        List<MapNode.Entry> entries = new ArrayList<>();
        Map<String, Origin> keyOrigins = new HashMap<>();
        Event opening = parser.lastEvent();
        for (JsonToken t = nextKey(opening); t != JsonToken.END_OBJECT; t = nextKey(opening)) {
            String key = parser.currentName();
            keys[depth] = key;
            Origin keyOrigin = here();
            refuseUnsupported(keyOrigin, "key");
            if (key.equals("<<") && parser.lastEvent() instanceof ScalarEvent scalar && scalar.isPlain()) {
                throw error(keyOrigin, "YAML merge keys (<<) are not supported; write the fields out in this map");
            }
            Origin earlier = keyOrigins.putIfAbsent(key, keyOrigin);
            if (earlier != null) {
                throw error(keyOrigin, "key '" + key + "' appears twice in one map (first on line "
                        + earlier.line() + "); keep one");
            }
            entries.add(new MapNode.Entry(key, keyOrigin, value(parser.nextToken())));
        }
        return new MapNode(origin, entries);
    }

    /**
     * The next key of the map that {@code opening} started, or its end. Jackson refuses a key that is a map, a list
     * or an alias with a message naming SnakeYAML's event classes; that key is refused here in the scenario's words
     * instead. Malformed YAML (SnakeYAML's own error, which may come before any event of the key) is left as it is.
     */
    // Identity is meant: whether the parser took any event after the map's own opening one, not an equal event.
    @SuppressWarnings("ReferenceEquality")
    private JsonToken nextKey(Event opening) throws IOException, ScenarioException {
        keys[depth] = null;
        indexes[depth] = -1;
        try {
            return parser.nextToken();
        } catch (JsonProcessingException e) {
            Event event = parser.lastEvent();
            boolean keyEvent = event != opening
                    && (event instanceof CollectionStartEvent || event instanceof AliasEvent);
            if (!keyEvent || e.getCause() instanceof MarkedYAMLException) {
                throw e;
            }
            Origin at = override != null ? Origin.ofOverride(override)
                    : Origin.ofLine(event.getStartMark().getLine() + 1);
            String unsupported = unsupported(event, "key");
            throw error(at, unsupported != null ? unsupported : "a key here is a "
                    + (event instanceof MappingStartEvent ? "map" : "list") + " (a YAML complex key, '? ...');"
                    + " scenario keys are plain names such as bytes");
        }
    }

    private ListNode list(Origin origin) throws IOException, ScenarioException {
        List<Node> items = new ArrayList<>();
        keys[depth] = null;
        indexes[depth] = -1;
        for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
            indexes[depth] = items.size();
            items.add(value(t));
        }
        return new ListNode(origin, items);
    }

    /** Refuses the token just read, a {@code key} or a value, if YAML gave it a tag or an anchor, or it is an alias. */
    private void refuseUnsupported(Origin origin, String what) throws ScenarioException {
        String unsupported = unsupported(parser.lastEvent(), what);
        if (unsupported != null) {
            throw error(origin, unsupported);
        }
    }

    /** What is not supported about {@code event}, the node of a key or a value ({@code what}), or null. */
    private static String unsupported(Event event, String what) {
        if (event instanceof AliasEvent alias) {
            return "YAML aliases (*" + alias.getAnchor() + ") are not supported; write the " + what + " out";
        }
        if (!(event instanceof NodeEvent node)) {
            return null;
        }
        if (node.getAnchor() != null) {
            return "YAML anchors (&" + node.getAnchor() + ") are not supported; write the " + what + " out where"
                    + " it is used";
        }
        String tag = event instanceof ScalarEvent scalar ? scalar.getTag()
                : event instanceof CollectionStartEvent collection ? collection.getTag() : null;
        if (tag != null) {
            return "YAML tags (" + shorthand(tag) + ") are not supported; write the " + what + " as plain text";
        }
        return null;
    }

    /** A tag as it is usually written: {@code !!binary}, {@code !mine}, {@code !<tag:example.com,2000:x>}. */
    private static String shorthand(String tag) {
        if (tag.startsWith(YAML_TAGS)) {
            return "!!" + tag.substring(YAML_TAGS.length());
        }
        return tag.startsWith("!") ? tag : "!<" + tag + ">";
    }

    /** The dotted path of the node being read, e.g. {@code workload.flows[2].bytes}. */
    private String path() {
        StringBuilder path = new StringBuilder(keys[0]);
        for (int d = 1; d <= depth; d++) {
            if (keys[d] != null) {
                path.append(path.length() == 0 ? "" : ".").append(keys[d]);
            } else if (indexes[d] >= 0) {
                path.append('[').append(indexes[d]).append(']');
            }
        }
        return path.toString();
    }

    private Origin here() {
        if (override != null) {
            return Origin.ofOverride(override);
        }
        JsonLocation location = parser.currentTokenLocation();
        return Origin.ofLine(location == null ? 0 : location.getLineNr());
    }

    private ScenarioException error(Origin origin, String detail) {
        return new ScenarioException(source, origin, path(), detail);
    }

    /**
     * Refuses a character YAML does not allow (a NUL, another control character), at its line and column; a file's
     * text has been checked already ({@link ScenarioText}), an override's or a text given whole has not.
     */
    private static void refuseControlCharacter(String text, String source, String override) throws ScenarioException {
        int at = ScenarioText.firstControlCharacter(text);
        if (at >= 0) {
            int[] lineColumn = ScenarioText.lineAndColumn(text, at);
            Origin origin = override != null ? Origin.ofOverride(override) : Origin.ofLine(lineColumn[0]);
            throw new ScenarioException(source, origin, "", String.format(Locale.ROOT,
                    "column %d holds the control character U+%04X, which YAML may not contain", lineColumn[1],
                    text.codePointAt(at)));
        }
    }

    /**
     * Turns a parser failure into one line: snakeyaml's problem and its mark (more precise than Jackson's
     * location for errors found while scanning ahead), else Jackson's own message and line.
     */
    private static ScenarioException malformed(JsonProcessingException e, String source, String override) {
        int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
        String detail = e.getOriginalMessage();
        if (e.getCause() instanceof MarkedYAMLException marked && marked.getProblem() != null) {
            Mark mark = marked.getProblemMark();
            line = mark == null ? line : mark.getLine() + 1;
            detail = marked.getProblem();
            if (marked.getContext() != null) {
                Mark contextMark = marked.getContextMark();
                detail += " (" + marked.getContext()
                        + (contextMark == null ? "" : " that starts on line " + (contextMark.getLine() + 1)) + ")";
            }
        }
        Origin origin = override != null ? Origin.ofOverride(override) : Origin.ofLine(line);
        return new ScenarioException(source, origin, "", "malformed YAML: " + oneLine(detail));
    }

    private static LoaderOptions unlimitedLength() {
        LoaderOptions options = new LoaderOptions();
        options.setCodePointLimit(Integer.MAX_VALUE);
        return options;
    }

    private static String oneLine(String text) {
        return text == null ? "unreadable input" : text.strip().replaceAll("\\s*\\n\\s*", " ");
    }
}
