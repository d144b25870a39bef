package io.fabricemu.scenario;

/**
 * A scenario file or a {@code --set} override that cannot be loaded. {@link #getMessage()} is the whole
 * text to show a person, in the form
 * <pre>
 *   scenarios/x.yaml:14: workload.bytes: '2XB' is not a size; use a number with B, KB, ... (e.g. 4150B, 2MiB)
 *   scenarios/x.yaml: --set workload.bytes=2XB: workload.bytes: '2XB' is not a size; ...
 * </pre>
 * that is where (file and line, or the override), which field (a dotted path, list items as
 * {@code flows[2]}) and what is wrong and allowed.
 */
public final class ScenarioException extends Exception {
    private final String source;
    private final int line;
    private final String field;

    ScenarioException(String source, Origin origin, String field, String detail) {
        super(compose(source, origin, field, detail));
        this.source = source;
        this.line = origin.line();
        this.field = field;
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
            text.append(field).append(": ");
        }
        return text.append(detail).toString();
    }
}
