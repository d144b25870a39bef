package io.fabricemu.scenario.workload;

import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.Origin;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.ScenarioFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A flow-size CDF in its text form: one point a line, {@code size_bytes cumulative_probability} separated by white
 * space, e.g. {@code 10000 0.15}; blank lines and lines starting with {@code #} are skipped. Sizes are whole bytes
 * from 0, each larger than the one before; probabilities are decimal numbers from 0 to 1, none smaller than the one
 * before, the last exactly 1. Each error names the file and its line.
 *
 * <p>Two CDFs ship with fabric-emu, named instead of a file: {@code websearch} (Alizadeh et al., DCTCP, SIGCOMM
 * 2010) and {@code hadoop} (Roy et al., SIGCOMM 2015), both as HPCC's traffic generator uses them; their files,
 * with their sources, are the resources {@code cdf/websearch.cdf} and {@code cdf/hadoop.cdf} beside this class.
 */
public final class CdfText {
    /** The CDFs a scenario names instead of a file. */
    public static final List<String> BUILT_IN = List.of("websearch", "hadoop");
    static final String FORMAT = "one point a line, 'size_bytes cumulative_probability' such as '10000 0.15', sizes"
            + " increasing, probabilities from 0 to 1 not decreasing, the last 1; '#' starts a comment line";
    private static final String KIND = "flow-size CDF";
    private static final Pattern WHOLE = Pattern.compile("[0-9]{1,18}");
    private static final Pattern DECIMAL = Pattern.compile("-?([0-9]{1,9}(\\.[0-9]{0,15})?|\\.[0-9]{1,15})");

    private CdfText() {
    }

    /** The CDF {@code field} names: a built-in name, or a file read as {@code files} allows. */
    public static FlowSizeCdf read(Field field, ScenarioFiles files) throws ScenarioException {
        String text = field.text();
        if (BUILT_IN.contains(text)) {
            return builtIn(text);
        }
        ScenarioFiles.Content file = files.read(field, KIND, Limits.MAX_SCHEDULE_BYTES);
        try {
            String content = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(file.bytes())).toString();
            return parse(file.display(), content.startsWith("\uFEFF") ? content.substring(1) : content);
        } catch (CharacterCodingException e) {
            throw new ScenarioException(file.display(), Origin.ofLine(0), "", "the file is not UTF-8 text; a "
                    + KIND + " is text, " + FORMAT);
        }
    }

    /** One of the {@link #BUILT_IN} CDFs. */
    public static FlowSizeCdf builtIn(String name) {
        if (!BUILT_IN.contains(name)) {
            throw new IllegalArgumentException("no built-in CDF '" + name + "'; there are " + BUILT_IN);
        }
        try (InputStream in = CdfText.class.getResourceAsStream("cdf/" + name + ".cdf")) {
            if (in == null) {
                throw new IllegalStateException("the resource cdf/" + name + ".cdf is missing from the build");
            }
            return parse(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ScenarioException e) {
            throw new IllegalStateException("the built-in CDF " + name + " does not parse: " + e.getMessage(), e);
        }
    }

    /** The CDF in {@code text}; {@code display} names it in messages (a file name) and in results. */
    public static FlowSizeCdf parse(String display, String text) throws ScenarioException {
        List<String> lines = text.lines().toList();
        List<Long> sizes = new ArrayList<>();
        List<Double> probabilities = new ArrayList<>();
        int lastLine = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int lineNumber = i + 1;
            String[] cells = line.split("\\s+");
            if (cells.length != 2) {
                throw error(display, lineNumber, "expected 2 numbers, 'size_bytes cumulative_probability', found "
                        + cells.length + " fields (" + FORMAT + ")");
            }
            if (!WHOLE.matcher(cells[0]).matches()) {
                throw error(display, lineNumber, shown(cells[0]) + " is not a size: a whole number of bytes such as"
                        + " 10000");
            }
            if (!DECIMAL.matcher(cells[1]).matches()) {
                throw error(display, lineNumber, shown(cells[1]) + " is not a probability: a decimal number from 0"
                        + " to 1 such as 0.15");
            }
            long size = Long.parseLong(cells[0]);
            BigDecimal exact = new BigDecimal(cells[1]);
            if (exact.signum() < 0 || exact.compareTo(BigDecimal.ONE) > 0) {
                throw error(display, lineNumber, "probability " + cells[1] + " is outside 0..1 (a CDF in percent"
                        + " divides by 100: write 0.15 for 15%)");
            }
            double probability = exact.doubleValue();
            if (!sizes.isEmpty() && size <= sizes.get(sizes.size() - 1)) {
                throw error(display, lineNumber, "size " + size + " is not larger than the one before ("
                        + sizes.get(sizes.size() - 1) + "); sizes must increase line by line");
            }
            if (!probabilities.isEmpty() && probability < probabilities.get(probabilities.size() - 1)) {
                throw error(display, lineNumber, "probability " + cells[1] + " is smaller than the one before ("
                        + probabilities.get(probabilities.size() - 1) + "); a cumulative probability never decreases");
            }
            sizes.add(size);
            probabilities.add(probability);
            lastLine = lineNumber;
        }
        if (sizes.isEmpty()) {
            throw error(display, lines.size(), "the file has no point; " + FORMAT);
        }
        if (probabilities.get(probabilities.size() - 1) != 1.0) {
            throw error(display, lastLine, "the last probability is " + probabilities.get(probabilities.size() - 1)
                    + ", not 1: a CDF ends at 1, so every size is at most the last one");
        }
        if (sizes.get(sizes.size() - 1) < 1) {
            throw error(display, lastLine, "the largest size is 0 bytes; a flow has at least 1 byte");
        }
        long[] s = new long[sizes.size()];
        double[] p = new double[sizes.size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = sizes.get(i);
            p[i] = probabilities.get(i);
        }
        return new FlowSizeCdf(display, s, p);
    }

    private static ScenarioException error(String display, int line, String message) {
        return new ScenarioException(display, Origin.ofLine(line), "", message);
    }

    /** A value as a message may show it: quoted if short and plain, else described. */
    private static String shown(String text) {
        return text.length() <= 24 && text.matches("[A-Za-z0-9.,%+-]+") ? "'" + text + "'"
                : "the value there (not shown: not a plain number)";
    }
}
