package io.fabricemu.scenario.workload;

import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.yaml.InputFile;
import io.fabricemu.scenario.yaml.ListNode;
import io.fabricemu.scenario.yaml.MapNode;
import io.fabricemu.scenario.yaml.Node;
import io.fabricemu.scenario.yaml.Origin;
import io.fabricemu.scenario.yaml.ScalarNode;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A schedule of flows from a CSV file, as other tools (collective schedulers, trace converters) produce them:
 * a header {@code id,src,dst,bytes,after,gap}, then one flow per line; {@code after} lists the ids a flow waits
 * for separated by {@code ;} (empty for none), {@code gap} is a time such as {@code 2us} (empty for none), and
 * {@code id} may be empty for a flow nothing waits for. Each line becomes a flows entry whose fields keep their
 * CSV line, so every error, a cycle included, is reported as {@code schedule.csv:LINE: FIELD: ...}. Blank lines
 * and lines starting with {@code #} are skipped.
 */
public final class ScheduleCsv {
    static final String HEADER = "id,src,dst,bytes,after,gap";
    private static final String[] COLUMNS = HEADER.split(",");

    private ScheduleCsv() {
    }

    /** The entries of the file {@code field} names, relative to the scenario file's folder. */
    public static List<Section> entries(Field field, String scenarioSource) throws ScenarioException {
        String name = field.asText(java.util.regex.Pattern.compile(".+"), "a CSV file such as schedule.csv");
        Path file = Path.of(scenarioSource).resolveSibling(name);
        if (Path.of(name).isAbsolute()) {
            file = Path.of(name);
        }
        String display = InputFile.display(file);
        String problem = InputFile.problem(file, "CSV schedule");
        if (problem != null) {
            throw field.error("cannot read " + display + ": " + problem);
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw field.error("cannot read " + display + ": " + InputFile.describe(e, "CSV schedule", file));
        }
        if (lines.isEmpty() || !lines.get(0).strip().equals(HEADER)) {
            throw new ScenarioException(display, Origin.ofLine(1), "", "the first line must be the header "
                    + HEADER + (lines.isEmpty() ? ", and the file is empty" : ", found '" + lines.get(0).strip() + "'"));
        }
        List<Section> entries = new ArrayList<>(lines.size() - 1);
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Origin at = Origin.ofLine(i + 1);
            String[] cells = line.split(",", -1);
            if (cells.length != COLUMNS.length) {
                throw new ScenarioException(display, at, "", "expected " + COLUMNS.length + " columns (" + HEADER
                        + "), found " + cells.length);
            }
            List<MapNode.Entry> fields = new ArrayList<>(COLUMNS.length);
            for (int c = 0; c < COLUMNS.length; c++) {
                String cell = cells[c].strip();
                if (cell.isEmpty()) {
                    continue;
                }
                Node value = new ScalarNode(at, cell, false);
                if (COLUMNS[c].equals("after")) {
                    List<Node> ids = new ArrayList<>();
                    for (String id : cell.split(";", -1)) {
                        ids.add(new ScalarNode(at, id.strip(), id.isBlank()));
                    }
                    value = new ListNode(at, ids);
                }
                fields.add(new MapNode.Entry(COLUMNS[c], at, value));
            }
            entries.add(new Section(display, "", at, new MapNode(at, fields), null));
        }
        if (entries.isEmpty()) {
            throw new ScenarioException(display, Origin.ofLine(1), "", "the schedule has no flow: add a line "
                    + "such as a,0,1,1MiB,, after the header");
        }
        return entries;
    }
}
