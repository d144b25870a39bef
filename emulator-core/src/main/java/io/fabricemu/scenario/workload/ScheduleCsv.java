package io.fabricemu.scenario.workload;

import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ListNode;
import io.fabricemu.scenario.yaml.MapNode;
import io.fabricemu.scenario.yaml.Node;
import io.fabricemu.scenario.yaml.Origin;
import io.fabricemu.scenario.yaml.ScalarNode;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.ScenarioFiles;
import io.fabricemu.scenario.yaml.Section;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A schedule of flows from a CSV file, as other tools (collective schedulers, trace converters) produce them:
 * a header {@code id,src,dst,bytes,after,gap} (or {@code id,src,dst,bytes,after,gap,start}, or that and
 * {@code ,recvPosted}), then one flow per line;
 * {@code after} lists the ids a flow waits for separated by {@code ;} (empty for none), {@code gap} is a time such
 * as {@code 2us} (empty for none), {@code start} the time the flow may start, as a YAML flow's (empty for 0),
 * {@code recvPosted} when its target posts the receive (empty: in time), and
 * {@code id} may be empty for a flow nothing waits for. Each line becomes a flows entry whose fields keep their
 * CSV line, so every error, a cycle included, is reported as {@code schedule.csv:LINE: FIELD: ...}. Blank lines
 * and lines starting with {@code #} are skipped; lines end with LF, CR LF or CR; a UTF-8 byte order mark, which
 * spreadsheet programs write, is dropped.
 *
 * <p>The file is read as {@link ScenarioFiles} allows (in the scenario's folder, a regular file, at most
 * {@link Limits#MAX_SCHEDULE_BYTES}). Until its header is found the file may be anything the name led to, so no
 * message quotes it: a first line that is not the header is quoted only if it looks like a header of this format
 * itself ({@link #looksLikeHeader}), comma-separated words; anything else (a line of another file, binary data) is
 * described, not shown.
 */
public final class ScheduleCsv {
    static final String HEADER = "id,src,dst,bytes,after,gap";
    /** The header with a start time per flow, as a YAML flow has one. */
    static final String HEADER_WITH_START = HEADER + ",start";
    /** The header with a start time and the time the target posts the receive, as a YAML flow has them. */
    static final String HEADER_WITH_RECV = HEADER_WITH_START + ",recvPosted";
    private static final String KIND = "CSV schedule";
    /** What a first line shown in a message may hold: words of letters, digits and '_', commas and spaces. */
    private static final Pattern HEADER_LIKE = Pattern.compile("[A-Za-z0-9_ ]*(,[A-Za-z0-9_ ]*)+");
    /** The longest first line shown in a message: the header is 26 characters. */
    private static final int LONGEST_SHOWN = 80;

    private ScheduleCsv() {
    }

    /** The entries of the file {@code field} names, as {@code files} allows it to be read. */
    public static List<Section> entries(Field field, ScenarioFiles files) throws ScenarioException {
        ScenarioFiles.Content file = files.read(field, KIND, Limits.MAX_SCHEDULE_BYTES);
        String display = file.display();
        List<String> lines = text(file).lines().toList();
        String first = lines.isEmpty() ? "" : lines.get(0).strip();
        if (!first.equals(HEADER) && !first.equals(HEADER_WITH_START) && !first.equals(HEADER_WITH_RECV)) {
            throw new ScenarioException(display, Origin.ofLine(1), "", "the first line must be the header "
                    + HEADER + " (or " + HEADER_WITH_START + ", or " + HEADER_WITH_RECV + "), " + (lines.isEmpty() ? "and the file is empty" : looksLikeHeader(first)
                    ? "found '" + first + "'" : "and this line is not one (nor a header of comma-separated names);"
                    + " is " + display + " a CSV schedule?"));
        }
        String[] columns = first.split(",");
        List<Section> entries = new ArrayList<>(lines.size() - 1);
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Origin at = Origin.ofLine(i + 1);
            String[] cells = line.split(",", -1);
            if (cells.length != columns.length) {
                throw new ScenarioException(display, at, "", "expected " + columns.length + " columns (" + first
                        + "), found " + cells.length);
            }
            List<MapNode.Entry> fields = new ArrayList<>(columns.length);
            for (int c = 0; c < columns.length; c++) {
                String cell = cells[c].strip();
                if (cell.isEmpty()) {
                    continue;
                }
                Node value = new ScalarNode(at, cell, false);
                if (columns[c].equals("after")) {
                    List<Node> ids = new ArrayList<>();
                    for (String id : cell.split(";", -1)) {
                        ids.add(new ScalarNode(at, id.strip(), id.isBlank()));
                    }
                    value = new ListNode(at, ids);
                }
                fields.add(new MapNode.Entry(columns[c], at, value));
            }
            entries.add(new Section(display, "", at, new MapNode(at, fields), null));
        }
        if (entries.isEmpty()) {
            throw new ScenarioException(display, Origin.ofLine(1), "", "the schedule has no flow: add a line "
                    + "such as a,0,1,1MiB,, after the header");
        }
        return entries;
    }

    /** The file's text: UTF-8, without a byte order mark. */
    private static String text(ScenarioFiles.Content file) throws ScenarioException {
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        String text;
        try {
            text = utf8.decode(ByteBuffer.wrap(file.bytes())).toString();
        } catch (CharacterCodingException e) {
            throw new ScenarioException(file.display(), Origin.ofLine(0), "", "the file is not UTF-8 text; a "
                    + KIND + " is UTF-8 text with the header " + HEADER + " on its first line");
        }
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /** Whether a first line that is not the header looks like one of this format, so can be shown in a message. */
    static boolean looksLikeHeader(String line) {
        return line.length() <= LONGEST_SHOWN && HEADER_LIKE.matcher(line).matches();
    }
}
