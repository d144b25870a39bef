package io.fabricemu.scenario.workload;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.scenario.yaml.Origin;
import io.fabricemu.scenario.yaml.ScenarioException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The flows of an ns-3 {@code flow.txt}, the traffic file of HPCC's simulator ({@code third.cc} in
 * alibaba-edu/High-Precision-Congestion-Control) and of SimAI's ns-3 backend: a first line with the number of flows
 * F, then F lines {@code src dst pg dport size start}, where {@code src} and {@code dst} are node ids
 * ({@link NodeHosts}), {@code pg} the priority group and {@code dport} the destination port (read, checked to be
 * whole numbers, and not used: every flow is in the data class and has its own connection), {@code size} the bytes
 * to send and {@code start} the start time in seconds ({@code ReadFlowInput}, {@code Seconds(start_time)}), a
 * decimal read exactly to the picosecond. Blank lines are skipped; words are separated by spaces or tabs. Flow i of
 * the file (from 0) is flow i of the workload.
 *
 * <p>Until its first line is read as a count the file may be anything the name led to, so no message quotes it;
 * after that a word is quoted only if it is short and plain.
 */
public final class Ns3FlowFile {
    static final String FORMAT = "an ns-3 flow.txt: the number of flows F on the first line, then F lines 'src dst pg"
            + " dport size start' (node ids, priority group, port, bytes, seconds), such as '2 1 3 100 1000000 2.0'";
    private static final Pattern WHOLE = Pattern.compile("[0-9]{1,18}");
    private static final Pattern DECIMAL = Pattern.compile("[0-9]{1,12}(\\.[0-9]{0,24})?([eE][-+]?[0-9]{1,3})?");
    private static final Pattern PLAIN = Pattern.compile("[0-9A-Za-z.+-]{1,24}");
    private static final Pattern SPACES = Pattern.compile("[ \t]+");
    private static final BigDecimal PS_PER_S = BigDecimal.valueOf(1_000_000_000_000L);

    private Ns3FlowFile() {
    }

    /**
     * The flows of {@code text}, read from the file named {@code display} for messages.
     *
     * @param hosts        how node ids name hosts
     * @param maxFlowBytes the largest size a flow may have
     * @param stopPs       the run's stop time, before which every flow must start
     * @throws ScenarioException naming the line and what is wrong with it; nothing is half-loaded
     */
    public static List<FlowSpec> flows(String display, String text, NodeHosts hosts, long maxFlowBytes, long stopPs)
            throws ScenarioException {
        String[] lines = text.split("\r?\n", -1);
        int line = 0;
        while (line < lines.length && lines[line].isBlank()) {
            line++;
        }
        if (line == lines.length) {
            throw error(display, 0, "the file is empty; it should be " + FORMAT);
        }
        String first = lines[line].trim();
        if (!WHOLE.matcher(first).matches()) {
            throw error(display, line + 1, "the first line should be the number of flows; the file should be "
                    + FORMAT);
        }
        long count = Long.parseLong(first);
        if (count < 1 || count > Integer.MAX_VALUE - 8) {
            throw error(display, line + 1, "the number of flows must be 1 to " + (Integer.MAX_VALUE - 8) + ", was "
                    + count);
        }
        List<FlowSpec> flows = new ArrayList<>((int) Math.min(count, 1 << 20));
        for (line++; line < lines.length; line++) {
            if (lines[line].isBlank()) {
                continue;
            }
            if (flows.size() == count) {
                throw error(display, line + 1, "a line after the " + count + " flows the first line announced");
            }
            flows.add(flow(display, line + 1, SPACES.split(lines[line].trim()), hosts, maxFlowBytes, stopPs));
        }
        if (flows.size() < count) {
            int last = lines.length;
            while (last > 1 && lines[last - 1].isBlank()) {
                last--;
            }
            throw error(display, last, "the first line announced " + count + " flows; the file has "
                    + flows.size());
        }
        return flows;
    }

    private static FlowSpec flow(String display, int line, String[] words, NodeHosts hosts, long maxFlowBytes,
                                 long stopPs) throws ScenarioException {
        if (words.length != 6) {
            throw error(display, line, words.length + " words; a flow is 'src dst pg dport size start'");
        }
        int src = host(display, line, words[0], "src", hosts);
        int dst = host(display, line, words[1], "dst", hosts);
        if (src == dst) {
            throw error(display, line, "src and dst are the same host; a flow needs two different hosts");
        }
        whole(display, line, words[2], "pg", Integer.MAX_VALUE);
        whole(display, line, words[3], "dport", 65_535);
        long bytes = whole(display, line, words[4], "size", maxFlowBytes);
        if (bytes < 1) {
            throw error(display, line, "size must be at least 1 byte");
        }
        return new FlowSpec(src, dst, bytes, startPs(display, line, words[5], stopPs));
    }

    private static int host(String display, int line, String word, String what, NodeHosts hosts)
            throws ScenarioException {
        long id = whole(display, line, word, what, Integer.MAX_VALUE);
        if (id >= hosts.nodes()) {
            throw error(display, line, what + " " + id + " is not a node; the topology has nodes 0.."
                    + (hosts.nodes() - 1));
        }
        int host = hosts.hostOf((int) id);
        if (host < 0) {
            throw error(display, line, what + " " + id + " is a switch; flows go between hosts");
        }
        return host;
    }

    private static long whole(String display, int line, String word, String what, long max)
            throws ScenarioException {
        if (!WHOLE.matcher(word).matches()) {
            throw error(display, line, what + " " + shown(word) + " is not a whole number");
        }
        long v = Long.parseLong(word);
        if (v > max) {
            throw error(display, line, what + " " + v + " is above its largest, " + max);
        }
        return v;
    }

    /** Seconds, exactly, as picoseconds: a decimal finer than a picosecond is refused rather than rounded. */
    private static long startPs(String display, int line, String word, long stopPs) throws ScenarioException {
        if (!DECIMAL.matcher(word).matches()) {
            throw error(display, line, "start " + shown(word) + " is not a time in seconds such as 2 or 2.000001");
        }
        BigDecimal ps = new BigDecimal(word).multiply(PS_PER_S);
        BigDecimal whole;
        try {
            whole = ps.setScale(0, java.math.RoundingMode.UNNECESSARY);
        } catch (ArithmeticException finer) {
            throw error(display, line, "start " + word + " s is not a whole number of picoseconds");
        }
        if (whole.compareTo(BigDecimal.valueOf(stopPs)) >= 0) {
            throw error(display, line, "start " + word + " s is not before the run's stop time; such a flow would"
                    + " never send");
        }
        return whole.longValueExact();
    }

    private static String shown(String word) {
        return PLAIN.matcher(word).matches() ? "'" + word + "'" : "(" + word.length() + " characters)";
    }

    private static ScenarioException error(String display, int line, String message) {
        return new ScenarioException(display, Origin.ofLine(line), "", message);
    }
}
