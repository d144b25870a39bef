package io.fabricemu.scenario.yaml;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import java.util.function.ToLongFunction;
import java.util.regex.Pattern;

/**
 * One present value of the scenario tree with its dotted path, read as the type a binder asks for. Every
 * failure is a {@link ScenarioException} at this node's line (or override) and path, saying what was found
 * and what is allowed.
 */
public final class Field {
    private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]+");

    private final String source;
    private final String path;
    private final Node node;
    /** Where the sections read from this value record their fields' errors; null: they throw them. */
    private final FieldErrors recorder;

    Field(String source, String path, Node node, FieldErrors recorder) {
        this.source = source;
        this.path = path;
        this.node = node;
        this.recorder = recorder;
    }

    public String path() {
        return path;
    }

    public Node node() {
        return node;
    }

    public boolean isList() {
        return node instanceof ListNode;
    }

    /** Whether the value is a scalar written as an integer. */
    public boolean isInteger() {
        return node instanceof ScalarNode scalar && !scalar.isNull() && INTEGER.matcher(scalar.text().strip()).matches();
    }

    /** The value as written if it is a scalar, else how messages name it (e.g. "a list"). */
    public String text() {
        return node instanceof ScalarNode scalar && !scalar.isNull() ? scalar.text().strip() : node.describe();
    }

    /** The text of a value for which {@link #isInteger()} holds, without a leading '+'. */
    public String integerText() {
        String text = ((ScalarNode) node).text().strip();
        return text.startsWith("+") ? text.substring(1) : text;
    }

    /** The value as an int in {@code min..max}. */
    public int asInt(int min, int max) throws ScenarioException {
        return (int) asLong(min, max);
    }

    /** The value as a long in {@code min..max}. */
    long asLong(long min, long max) throws ScenarioException {
        String expected = "an integer " + range(min, max, Long::toString);
        String text = scalar(expected);
        if (!INTEGER.matcher(text).matches()) {
            throw error("'" + text + "' is not an integer; expected " + expected);
        }
        long value;
        try {
            value = Long.parseLong(text.startsWith("+") ? text.substring(1) : text);
        } catch (NumberFormatException tooLarge) {
            throw error("'" + text + "' is out of range; it must be " + range(min, max, Long::toString));
        }
        return inRange(text, value, min, max, Long::toString);
    }

    /** The value as a size in bytes in {@code min..max}, at most {@link Limits#MAX_FLOW_BYTES}, e.g. {@code 2MiB}. */
    public long asBytes(long min, long max) throws ScenarioException {
        return quantity(Units::parseBytes, "a size", min, maxBytes(max), Units::exactBytes);
    }

    /**
     * The value as a rate in bits per second in {@code min..max}, within {@link Limits#MIN_RATE_BPS} to
     * {@link Limits#MAX_RATE_BPS}, e.g. {@code 100Gbps}.
     */
    long asRateBps(long min, long max) throws ScenarioException {
        return quantity(Units::parseRateBps, "a rate", minRateBps(min), maxRateBps(max), Units::exactRate);
    }

    /**
     * The value as a time in picoseconds in {@code min..max}, at most {@link Limits#MAX_TIME_PS}, e.g.
     * {@code 500ns}.
     */
    public long asTimePs(long min, long max) throws ScenarioException {
        return quantity(Units::parseTimePs, "a time", min, maxTimePs(max), Units::exactTime);
    }

    /** {@code max} within the global bound of sizes: what {@link #asBytes} allows at most. */
    static long maxBytes(long max) {
        return Math.min(max, Limits.MAX_FLOW_BYTES);
    }

    /** {@code min} within the global bounds of rates: what {@link #asRateBps} allows at least. */
    static long minRateBps(long min) {
        return Math.max(min, Limits.MIN_RATE_BPS);
    }

    /** {@code max} within the global bounds of rates: what {@link #asRateBps} allows at most. */
    static long maxRateBps(long max) {
        return Math.min(max, Limits.MAX_RATE_BPS);
    }

    /** {@code max} within the global bound of times: what {@link #asTimePs} allows at most. */
    static long maxTimePs(long max) {
        return Math.min(max, Limits.MAX_TIME_PS);
    }

    /** The value, which must be one of {@code allowed}, exactly as written there. */
    String asOneOf(List<String> allowed) throws ScenarioException {
        String expected = "one of " + String.join(", ", allowed);
        String text = scalar(expected);
        if (!allowed.contains(text)) {
            throw error("'" + text + "' is not allowed; use " + expected + Suggestion.closest(text, allowed));
        }
        return text;
    }

    /** The value as text matching {@code pattern}; {@code rule} says in words what the pattern allows. */
    public String asText(Pattern pattern, String rule) throws ScenarioException {
        String text = scalar("text (" + rule + ")");
        if (!pattern.matcher(text).matches()) {
            throw error("'" + text + "' is not allowed; " + rule);
        }
        return text;
    }

    /** The value as a map of fields. */
    public Section asSection() throws ScenarioException {
        if (node instanceof MapNode map) {
            return new Section(source, path, map.origin(), map, recorder);
        }
        throw error("expected a map of fields (name: value lines, or {name: value, ...}), found " + node.describe());
    }

    /** The items of a list value, each with its path {@code path[i]}. */
    public List<Field> asList(String expected) throws ScenarioException {
        if (!(node instanceof ListNode list)) {
            throw error("expected " + expected + ", found " + node.describe());
        }
        List<Field> items = new ArrayList<>(list.items().size());
        for (int i = 0; i < list.items().size(); i++) {
            items.add(new Field(source, path + "[" + i + "]", list.items().get(i), recorder));
        }
        return items;
    }

    /** An error at this value. */
    public ScenarioException error(String detail) {
        return new ScenarioException(source, node.origin(), path, detail);
    }

    private long quantity(ToLongFunction<String> parser, String noun, long min, long max, LongFunction<String> show)
            throws ScenarioException {
        String text = scalar(noun + " " + range(min, max, show));
        long value;
        try {
            value = parser.applyAsLong(text);
        } catch (IllegalArgumentException notQuantity) {
            throw error(notQuantity.getMessage());
        }
        return inRange(text, value, min, max, show);
    }

    private long inRange(String text, long value, long min, long max, LongFunction<String> show)
            throws ScenarioException {
        if (value < min || value > max) {
            throw error("'" + text + "' is out of range; it must be " + range(min, max, show));
        }
        return value;
    }

    /** The scalar's text; a map or list is a wrong-type error naming {@code expected}. */
    private String scalar(String expected) throws ScenarioException {
        if (node instanceof ScalarNode scalar && !scalar.isNull()) {
            return scalar.text().strip();
        }
        throw error("expected " + expected + ", found " + node.describe());
    }

    /** E.g. {@code "from 1 to 8"}, {@code "at least 1B"} or {@code "at most 8"}. */
    static String range(long min, long max, LongFunction<String> show) {
        if (max == Long.MAX_VALUE || max == Integer.MAX_VALUE) {
            return "at least " + show.apply(min);
        }
        if (min == Long.MIN_VALUE || min == Integer.MIN_VALUE) {
            return "at most " + show.apply(max);
        }
        return "from " + show.apply(min) + " to " + show.apply(max);
    }
}
