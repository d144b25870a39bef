package io.fabricemu.scenario.yaml;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scenario file or a {@code --set} override that cannot be loaded. {@link #getMessage()} is the whole
 * text to show a person, in the form
 * <pre>
 *   scenarios/x.yaml:14: workload.bytes: '2XB' is not a size; use a number with B, KB, ... (e.g. 4150B, 2MiB)
 *   scenarios/x.yaml: --set workload.bytes=2XB: workload.bytes: '2XB' is not a size; ...
 * </pre>
 * that is where (file and line, or the override), which field (a dotted path, list items as
 * {@code flows[2]}) and what is wrong and allowed. A quoted value or a field name longer than
 * {@value #LONGEST_SHOWN} characters is shortened to its start and its length, so a runaway value (a number of
 * 2,000 digits, a name pasted a thousand times) does not flood the terminal.
 *
 * <p>A file with errors in several independent parts ({@link ErrorList}) is refused with one exception that holds
 * them all, in the order of their lines: {@link #errors()}. Its message, source, line and field are the
 * first error's, and the message adds how many more there are, for a caller that shows one line.
 */
public final class ScenarioException extends Exception {
    /** The longest value or field name a message shows whole. */
    static final int LONGEST_SHOWN = 80;
    /**
     * A value as messages quote it: {@code 'text'}, the opening quote at the start or after a space or bracket, the
     * closing one at the end or before a space or punctuation, so the quotes of two short values side by side
     * ({@code 'alltoall' ... (did you mean 'all-to-all'?)}) are not taken for one long value.
     */
    private static final Pattern QUOTED = Pattern.compile(
            "(?<=^|[\\s(\\[])'([^'\\n]{" + (LONGEST_SHOWN + 1) + ",})'(?=$|[\\s,;:.)\\]?])");

    private final String source;
    private final int line;
    private final String field;
    /** Every error, when there are several; null for a single one. */
    private final List<ScenarioException> errors;
    /** Whether this error weighs one field against others, so may follow from another error ({@link FieldErrors}). */
    private boolean dependent;

    public ScenarioException(String source, Origin origin, String field, String detail) {
        super(compose(source, origin, field, detail));
        this.source = source;
        this.line = origin.line();
        this.field = field;
        this.errors = null;
    }

    private ScenarioException(List<ScenarioException> errors) {
        super(errors.get(0).getMessage() + " (and " + (errors.size() - 1) + " more error"
                + (errors.size() == 2 ? "" : "s") + ")");
        ScenarioException first = errors.get(0);
        this.source = first.source;
        this.line = first.line;
        this.field = first.field;
        this.errors = List.copyOf(errors);
    }

    /** {@code errors} (at least one) as one exception: the only one, or one that holds them all. */
    static ScenarioException all(List<ScenarioException> errors) {
        return errors.size() == 1 ? errors.get(0) : new ScenarioException(errors);
    }

    /** Marks this error as one that compares fields, so that a stand-in for another field's bad value may cause it. */
    ScenarioException markDependent() {
        dependent = true;
        return this;
    }

    /** Whether this error compares fields ({@link #markDependent()}). */
    boolean dependent() {
        return dependent;
    }

    /** Every error this exception stands for, by line: itself alone, unless several were found. */
    public List<ScenarioException> errors() {
        return errors == null ? List.of(this) : errors;
    }

    /** The file name or source name the scenario was read from. */
    public String source() {
        return source;
    }

    /** The 1-based line of the offending node in the file, or 0 if unknown or it came from an override. */
    public int line() {
        return line;
    }

    /** Dotted path of the offending field, e.g. {@code workload.flows[2].dst}; empty if none applies. */
    public String field() {
        return field;
    }

    private static String compose(String source, Origin origin, String field, String detail) {
        StringBuilder text = new StringBuilder(origin.describe(source)).append(": ");
        if (!field.isEmpty()) {
            text.append(shorten(field)).append(": ");
        }
        Matcher quoted = QUOTED.matcher(detail);
        while (quoted.find()) {
            String value = quoted.group(1);
            quoted.appendReplacement(text, Matcher.quoteReplacement("'" + start(value) + "...' (" + length(value)
                    + ")"));
        }
        quoted.appendTail(text);
        return text.toString();
    }

    /** {@code text}, or its start and its length when it is longer than {@link #LONGEST_SHOWN}. */
    private static String shorten(String text) {
        return text.length() <= LONGEST_SHOWN ? text : start(text) + "... (" + length(text) + ")";
    }

    /** The first 60 characters, never half of a character outside the Basic Multilingual Plane. */
    private static String start(String text) {
        return text.substring(0, text.offsetByCodePoints(0, Math.min(60, text.codePointCount(0, text.length()))));
    }

    private static String length(String text) {
        return String.format(Locale.ROOT, "%,d characters", text.codePointCount(0, text.length()));
    }
}
