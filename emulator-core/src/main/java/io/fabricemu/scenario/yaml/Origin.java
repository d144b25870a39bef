package io.fabricemu.scenario.yaml;

/**
 * Where a node of the scenario tree came from: a line of the file, or a {@code --set} override.
 *
 * @param line     1-based line in the file, 0 if the node came from an override or the line is unknown
 * @param override the override text {@code path=value} that made the node, or null for a file node
 */
public record Origin(int line, String override) {
    public static Origin ofLine(int line) {
        return new Origin(line, null);
    }

    static Origin ofOverride(String override) {
        return new Origin(0, override);
    }

    /** E.g. {@code x.yaml:14}, {@code x.yaml: --set seed=x} or just {@code x.yaml}. */
    String describe(String source) {
        if (override != null) {
            return source + ": --set " + override;
        }
        return line > 0 ? source + ":" + line : source;
    }
}
