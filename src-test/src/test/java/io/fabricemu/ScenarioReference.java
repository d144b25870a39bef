package io.fabricemu;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * docs/scenarios.md as {@link ScenarioReferenceTest} reads it. The page marks what a test can check with HTML
 * comments, which a reader of the rendered page does not see:
 * <ul>
 *   <li>{@code <!-- scenario: NAME -->} before a {@code ```yaml} block: a whole scenario, written to NAME.yaml;
 *   <li>{@code <!-- fragment: NAME of BASE -->} before a {@code ```yaml} block: top-level sections that replace
 *       those of scenario BASE, the result written to NAME.yaml;
 *   <li>{@code <!-- file: NAME -->} before a fenced block: a file such a scenario reads (a CSV schedule; a
 *       name ending in .et is a binary Chakra trace, the block its base64);
 *   <li>a {@code <!-- probe ... -->} comment under a {@code ###} heading, with lines {@code base: NAME},
 *       {@code set: path=value} (any number), {@code at: path} ({@code .} for the top level) and
 *       {@code include: HEADING} (any number): how to reach the section its table documents, and which other
 *       tables' rows the section also has.
 * </ul>
 * A field table is one whose header is {@link #TABLE_HEADER}; its first column is the field in backticks.
 */
final class ScenarioReference {
    static final String TABLE_HEADER = "| field | unit / values | default | limits | meaning |";
    private static final Pattern EXAMPLE = Pattern.compile(
            "<!-- (scenario|fragment|file): ([A-Za-z0-9._-]+)(?: of ([A-Za-z0-9._-]+))? -->");
    private static final Pattern FIELD = Pattern.compile("`([A-Za-z][A-Za-z0-9]*)`");
    private static final Pattern TOP_LEVEL_KEY = Pattern.compile("([A-Za-z][A-Za-z0-9]*):.*");

    /** One row of a field table; {@code values} and {@code defaultCell} as written, backticks included. */
    record Row(String field, String values, String defaultCell) {
    }

    /** How to put a key into a section: the scenario, the overrides that reach the section, its dotted path. */
    record Probe(String base, List<String> sets, String at, List<String> includes) {
        /** The override path of {@code field} in this section. */
        String pathOf(String field) {
            return at.equals(".") ? field : at + "." + field;
        }

        /** How the loader's messages name {@code field} of this section: list indexes in brackets. */
        String messagePathOf(String field) {
            return pathOf(field).replaceAll("\\.([0-9]+)(?=\\.|$)", "[$1]");
        }
    }

    /** A {@code ###} heading with its probes and the rows of its field table. */
    record Section(String heading, List<Probe> probes, List<Row> rows) {
    }

    /** A marked code block: kind scenario, fragment or file. */
    record Example(String kind, String name, String base, String text) {
    }

    private final Map<String, Section> sections;
    private final List<Example> examples;

    private ScenarioReference(Map<String, Section> sections, List<Example> examples) {
        this.sections = sections;
        this.examples = examples;
    }

    static ScenarioReference read(Path doc) throws IOException {
        List<String> lines = Files.readAllLines(doc, StandardCharsets.UTF_8);
        Map<String, Section> sections = new LinkedHashMap<>();
        List<Example> examples = new ArrayList<>();
        String heading = null;
        List<Probe> probes = new ArrayList<>();
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("```")) {
                while (!lines.get(++i).startsWith("```")) {
                    // a code block no comment marks: its lines are neither headings nor tables
                }
            } else if (line.startsWith("#")) {
                close(sections, heading, probes, rows);
                heading = line.startsWith("### ") ? line.substring(4).replace("`", "").strip() : null;
                probes = new ArrayList<>();
                rows = new ArrayList<>();
            } else if (line.startsWith("<!-- probe")) {
                List<String> body = new ArrayList<>();
                while (!lines.get(++i).strip().equals("-->")) {
                    body.add(lines.get(i).strip());
                }
                if (heading == null) {
                    throw new IllegalStateException("line " + (i + 1) + ": a probe outside a ### section");
                }
                probes.add(probe(body, heading));
            } else if (EXAMPLE.matcher(line.strip()).matches()) {
                Matcher m = EXAMPLE.matcher(line.strip());
                m.matches();
                if (!lines.get(i + 1).startsWith("```")) {
                    throw new IllegalStateException("line " + (i + 1) + ": " + line + " is not followed by a code block");
                }
                StringBuilder text = new StringBuilder();
                i += 2;
                for (; !lines.get(i).startsWith("```"); i++) {
                    text.append(lines.get(i)).append('\n');
                }
                examples.add(new Example(m.group(1), m.group(2), m.group(3), text.toString()));
            } else if (line.strip().equals(TABLE_HEADER)) {
                if (heading == null) {
                    throw new IllegalStateException("line " + (i + 1) + ": a field table outside a ### section");
                }
                for (i += 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
                    rows.add(row(lines.get(i), i + 1));
                }
                i--;
            }
        }
        close(sections, heading, probes, rows);
        return new ScenarioReference(sections, examples);
    }

    Map<String, Section> sections() {
        return sections;
    }

    List<Example> examples() {
        return examples;
    }

    /** The rows of the section under {@code heading} (backticks left out), which must exist. */
    List<Row> rowsOf(String heading) {
        Section section = sections.get(heading);
        if (section == null) {
            throw new IllegalStateException("no section '" + heading + "' with a field table; there are "
                    + sections.keySet());
        }
        return section.rows();
    }

    /** The fields a probe's section documents: its table's and those of the tables it includes, in order. */
    Set<String> documentedFields(Section section, Probe probe) {
        Set<String> fields = new LinkedHashSet<>();
        section.rows().forEach(r -> fields.add(r.field()));
        for (String include : probe.includes()) {
            rowsOf(include).forEach(r -> fields.add(r.field()));
        }
        return fields;
    }

    /**
     * Writes every scenario, fragment (merged into its base) and file into {@code dir}; returns the scenarios'
     * paths by name, in the page's order.
     */
    Map<String, Path> writeExamples(Path dir) throws IOException {
        Map<String, String> texts = new LinkedHashMap<>();
        Map<String, Path> paths = new LinkedHashMap<>();
        for (Example e : examples) {
            Path file;
            String text = e.text();
            switch (e.kind()) {
                case "file" -> {
                    if (e.name().endsWith(".et")) {
                        // a binary file (a Chakra trace), shown on the page in base64
                        Files.write(dir.resolve(e.name()), java.util.Base64.getMimeDecoder().decode(text.strip()));
                        continue;
                    }
                    Files.writeString(dir.resolve(e.name()), text);
                    continue;
                }
                case "fragment" -> {
                    String base = texts.get(e.base());
                    if (base == null) {
                        throw new IllegalStateException("fragment " + e.name() + " is of '" + e.base()
                                + "', which is no scenario written above it");
                    }
                    text = merge(base, text);
                }
                default -> {
                }
            }
            file = dir.resolve(e.name() + ".yaml");
            Files.writeString(file, text);
            if (texts.put(e.name(), text) != null) {
                throw new IllegalStateException("two examples are named " + e.name());
            }
            paths.put(e.name(), file);
        }
        return paths;
    }

    /** {@code base} with every top-level section {@code fragment} has replaced by the fragment's. */
    static String merge(String base, String fragment) {
        Set<String> replaced = new LinkedHashSet<>();
        for (String line : fragment.split("\n")) {
            Matcher m = TOP_LEVEL_KEY.matcher(line);
            if (m.matches()) {
                replaced.add(m.group(1));
            }
        }
        StringBuilder merged = new StringBuilder();
        boolean skipping = false;
        for (String line : base.split("\n")) {
            Matcher m = TOP_LEVEL_KEY.matcher(line);
            if (m.matches()) {
                skipping = replaced.contains(m.group(1));
            } else if (!line.startsWith(" ") && !line.startsWith("-") && !line.isBlank()) {
                skipping = false;
            }
            if (!skipping) {
                merged.append(line).append('\n');
            }
        }
        return merged.append(fragment).toString();
    }

    private static void close(Map<String, Section> sections, String heading, List<Probe> probes, List<Row> rows) {
        if (heading == null || probes.isEmpty() && rows.isEmpty()) {
            return;
        }
        if (probes.isEmpty() || rows.isEmpty()) {
            throw new IllegalStateException("section '" + heading + "' has " + (rows.isEmpty()
                    ? "probes but no field table" : "a field table but no probe saying how to reach it"));
        }
        if (sections.put(heading, new Section(heading, List.copyOf(probes), List.copyOf(rows))) != null) {
            throw new IllegalStateException("two sections are headed '" + heading + "'");
        }
    }

    private static Probe probe(List<String> body, String heading) {
        String base = null;
        String at = null;
        List<String> sets = new ArrayList<>();
        List<String> includes = new ArrayList<>();
        for (String line : body) {
            int colon = line.indexOf(": ");
            if (colon < 0) {
                throw new IllegalStateException("section '" + heading + "': probe line '" + line + "' is not key: value");
            }
            String value = line.substring(colon + 2).strip();
            switch (line.substring(0, colon)) {
                case "base" -> base = value;
                case "at" -> at = value;
                case "set" -> sets.add(value);
                case "include" -> includes.add(value);
                default -> throw new IllegalStateException("section '" + heading + "': unknown probe line '" + line + "'");
            }
        }
        if (base == null || at == null) {
            throw new IllegalStateException("section '" + heading + "': a probe needs base and at");
        }
        return new Probe(base, List.copyOf(sets), at, List.copyOf(includes));
    }

    private static Row row(String line, int number) {
        String[] cells = line.split("\\|", -1);
        if (cells.length != 7) {
            throw new IllegalStateException("line " + number + ": a field table row needs 5 cells, has "
                    + (cells.length - 2) + ": " + line);
        }
        Matcher field = FIELD.matcher(cells[1].strip());
        if (!field.matches()) {
            throw new IllegalStateException("line " + number + ": the first cell must be a field name in backticks,"
                    + " found '" + cells[1].strip() + "'");
        }
        return new Row(field.group(1), cells[2].strip(), cells[3].strip());
    }
}
