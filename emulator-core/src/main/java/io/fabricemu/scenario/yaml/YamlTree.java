package io.fabricemu.scenario.yaml;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Reads YAML text into a {@link Node} tree with Jackson's streaming YAML parser, noting the line of every
 * node. It gives no meaning to values (that is the binders' job) but rejects what YAML allows and a
 * scenario does not: duplicate keys, aliases, more than one document and nesting deeper than
 * {@link #MAX_NESTING} levels.
 */
public final class YamlTree {
    /**
     * The deepest nesting of maps and lists read: a scenario's deepest field ({@code workload.parts[0].flows[0]
     * .bytes}) is six levels down, so this is generous, and it is checked here, with the line, before the parser's
     * own limits apply.
     */
    static final int MAX_NESTING = 64;
    /**
     * The parser's own limits on a document's length, a key's and a string's length are lifted: the file's size
     * is checked before parsing ({@link ScenarioText#MAX_BYTES}), so that is the limit a person meets, said in
     * plain words, rather than a library's message.
     */
    private static final YAMLFactory FACTORY = new YAMLFactory().rebuild()
            .loaderOptions(unlimitedLength())
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNameLength(Integer.MAX_VALUE)
                    .maxStringLength(Integer.MAX_VALUE)
                    .build())
            .build();

    private final YAMLParser parser;
    private final String source;
    private final String override;
    private int depth;

    private YamlTree(YAMLParser parser, String source, String override) {
        this.parser = parser;
        this.source = source;
        this.override = override;
    }

    /** Parses a whole scenario file; returns null if it holds no document at all (empty or only comments). */
    public static Node parseFile(String text, String source) throws ScenarioException {
        return parse(text, source, null);
    }

    /** Parses the value half of a {@code --set path=value}; every node's origin is that override. */
    static Node parseOverrideValue(String value, String source, String override) throws ScenarioException {
        Node node = parse(value, source, override);
        return node != null ? node : new ScalarNode(Origin.ofOverride(override), "", true);
    }

    private static Node parse(String text, String source, String override) throws ScenarioException {
        try (YAMLParser parser = FACTORY.createParser(text)) {
            YamlTree tree = new YamlTree(parser, source, override);
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
        if (parser.isCurrentAlias()) {
            throw error(origin, "YAML aliases (*" + parser.getText() + ") are not supported; write the value out");
        }
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
                throw error(origin, "unexpected YAML content " + token);
        }
    }

    /** A map or list, one level deeper than its parent. */
    private Node nested(JsonToken token, Origin origin) throws IOException, ScenarioException {
        if (++depth > MAX_NESTING) {
            throw error(origin, "maps and lists are nested deeper than " + MAX_NESTING + " levels here; no scenario"
                    + " field is nested that deep");
        }
        Node node = token == JsonToken.START_OBJECT ? map(origin) : list(origin);
        depth--;
        return node;
    }

    private MapNode map(Origin origin) throws IOException, ScenarioException {
        List<MapNode.Entry> entries = new ArrayList<>();
        for (JsonToken t = parser.nextToken(); t != JsonToken.END_OBJECT; t = parser.nextToken()) {
            String key = parser.currentName();
            Origin keyOrigin = here();
            MapNode.Entry earlier = MapNode.find(entries, key);
            if (earlier != null) {
                throw error(keyOrigin, "key '" + key + "' appears twice in one map (first on line "
                        + earlier.keyOrigin().line() + "); keep one");
            }
            Node child = value(parser.nextToken());
            entries.add(new MapNode.Entry(key, keyOrigin, child));
        }
        return new MapNode(origin, entries);
    }

    private ListNode list(Origin origin) throws IOException, ScenarioException {
        List<Node> items = new ArrayList<>();
        for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
            items.add(value(t));
        }
        return new ListNode(origin, items);
    }

    private Origin here() {
        if (override != null) {
            return Origin.ofOverride(override);
        }
        JsonLocation location = parser.currentTokenLocation();
        return Origin.ofLine(location == null ? 0 : location.getLineNr());
    }

    private ScenarioException error(Origin origin, String detail) {
        return new ScenarioException(source, origin, "", detail);
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
