package io.fabricemu.scenario.bind;

import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.Origin;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.ScenarioFiles;
import io.fabricemu.scenario.yaml.Units;
import io.fabricemu.topology.GraphSpec;
import io.fabricemu.topology.LinkSpec;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A fabric from a file in the ns-3/HPCC {@code topology.txt} format, which SimAI reads too
 * ({@code topology: {kind: file, path: FILE}}): the first line {@code nodes switches links}, the second the
 * switches' node ids, then one line per link, {@code src dst rate delay error_rate}, e.g.
 * {@code 0 16 100Gbps 0.0005ms 0}. Nodes are numbered {@code 0 .. nodes - 1}; those not listed as switches are the
 * hosts, {@code h0} the one with the lowest id ({@link GraphSpec}). Blank lines and lines starting with {@code #} are
 * skipped.
 *
 * <p>Every error names the file and line, and the field: a count that does not match the lines that follow, an id
 * outside {@code 0 .. nodes - 1} or given twice, a rate or delay that is not one, a link from a node to itself or
 * between two hosts, a host with no link or more than one, a node no link path reaches, an {@code error_rate} that is
 * not a probability below 1. A nonzero {@code error_rate} is the link's loss, as in ns-3, where it sets a rate error
 * model on the receiving device of both ends: each packet either way is lost with that probability
 * ({@link LinkSpec#lossProbability()}). The file is read as
 * {@link ScenarioFiles} allows; until its first line has the format's shape no message quotes it, and after that a
 * value is quoted only if it is short and plain ({@link #shown}). A file whose name ends in {@code .yaml} or
 * {@code .yml} is read in the YAML form instead ({@link TopologyYaml}).
 */
final class TopologyFile {
    private static final String KIND = "topology file";
    private static final String FORMAT = "the ns-3/HPCC topology.txt format: 'nodes switches links', the switch ids,"
            + " then 'src dst rate delay error_rate' per link";
    private static final Pattern PLAIN = Pattern.compile("[0-9A-Za-z.+-]{1,24}");
    private static final Pattern WHOLE = Pattern.compile("[0-9]{1,10}");
    private static final String[] LINK_FIELDS = {"src", "dst", "rate", "delay", "error_rate"};

    private final String display;
    private final List<String> lines;
    private int at;

    private TopologyFile(String display, List<String> lines) {
        this.display = display;
        this.lines = lines;
    }

    /** The fabric the file {@code path} names describes, read as {@code files} allows. */
    static GraphSpec read(Field path, ScenarioFiles files) throws ScenarioException {
        ScenarioFiles.Content file = files.read(path, KIND, Limits.MAX_SCHEDULE_BYTES);
        String name = file.display().toLowerCase(java.util.Locale.ROOT);
        if (name.endsWith(".yaml") || name.endsWith(".yml")) {
            return TopologyYaml.parse(file.display(), text(file));
        }
        return new TopologyFile(file.display(), text(file).lines().toList()).parse();
    }

    private GraphSpec parse() throws ScenarioException {
        String[] counts = next("the counts 'nodes switches links'");
        if (counts.length != 3 || !WHOLE.matcher(counts[0]).matches() || !WHOLE.matcher(counts[1]).matches()
                || !WHOLE.matcher(counts[2]).matches()) {
            throw error("", "the first line must be three whole numbers, 'nodes switches links' (" + FORMAT
                    + "); this line is not, so " + display + " is not a topology file of that format");
        }
        int nodes = count(counts[0], "nodes", 2);
        int switches = count(counts[1], "switches", 1);
        int links = count(counts[2], "links", 1);
        if (switches >= nodes) {
            throw error("switches", switches + " switches among " + nodes + " nodes leaves no host; the nodes not"
                    + " listed as switches are the hosts");
        }
        String[] ids = next("the " + switches + " switch ids");
        if (ids.length != switches) {
            throw error("switches", "the second line must list the " + switches + " switch ids the first line counts;"
                    + " it has " + ids.length);
        }
        int[] switchIds = new int[switches];
        for (int i = 0; i < switches; i++) {
            switchIds[i] = id(ids[i], "switch id", nodes);
        }
        int[] sorted = switchIds.clone();
        Arrays.sort(sorted);
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] == sorted[i - 1]) {
                throw error("switches", "switch id " + sorted[i] + " is listed twice");
            }
        }
        List<GraphSpec.Link> list = new ArrayList<>(links);
        int[] hostLinkLine = new int[nodes];
        for (int k = 0; k < links; k++) {
            String[] f = next("link " + (k + 1) + " of " + links + ", 'src dst rate delay error_rate'");
            if (f.length != LINK_FIELDS.length) {
                throw error("", "a link line has 5 fields, 'src dst rate delay error_rate'; this one has " + f.length);
            }
            int src = id(f[0], "src", nodes);
            int dst = id(f[1], "dst", nodes);
            if (src == dst) {
                throw error("dst", "node " + src + " is linked to itself");
            }
            boolean srcSwitch = Arrays.binarySearch(sorted, src) >= 0;
            boolean dstSwitch = Arrays.binarySearch(sorted, dst) >= 0;
            if (!srcSwitch && !dstSwitch) {
                throw error("dst", "nodes " + src + " and " + dst + " are both hosts (not on line 2's switch list);"
                        + " a host is linked to a switch");
            }
            for (int host : new int[] {srcSwitch ? -1 : src, dstSwitch ? -1 : dst}) {
                if (host >= 0 && hostLinkLine[host] > 0) {
                    throw error(host == src ? "src" : "dst", "host node " + host + " already has a link, on line "
                            + hostLinkLine[host] + "; a host has one port, so one link");
                }
                if (host >= 0) {
                    hostLinkLine[host] = at;
                }
            }
            long rateBps = quantity(f[2], "rate", true);
            long delayPs = quantity(f[3], "delay", false);
            list.add(new GraphSpec.Link(src, dst, new LinkSpec(rateBps, delayPs, 0, errorRate(f[4]))));
        }
        String extra = nextOrNull();
        if (extra != null) {
            throw error("links", "the first line counts " + links + " links, but more lines follow");
        }
        for (int n = 0; n < nodes; n++) {
            if (Arrays.binarySearch(sorted, n) < 0 && hostLinkLine[n] == 0) {
                throw new ScenarioException(display, Origin.ofLine(2), "switches", "node " + n + " is a host (not on"
                        + " this line) with no link; list it as a switch or give it a link");
            }
        }
        int unreached = GraphSpec.firstUnreached(nodes, list);
        if (unreached >= 0) {
            throw new ScenarioException(display, Origin.ofLine(1), "", "node " + unreached + " cannot be reached"
                    + " from node 0 by any path of links: a fabric is one connected graph");
        }
        return new GraphSpec(display, nodes, sorted, list);
    }

    /** The next line with content, split on white space; at the end of the file an error naming {@code what}. */
    private String[] next(String what) throws ScenarioException {
        String line = nextOrNull();
        if (line == null) {
            throw new ScenarioException(display, Origin.ofLine(lines.size()), "", "the file ends before "
                    + what + " (" + FORMAT + ")");
        }
        return line.split("\\s+");
    }

    private String nextOrNull() {
        while (at < lines.size()) {
            String line = lines.get(at++).strip();
            if (!line.isEmpty() && !line.startsWith("#")) {
                return line;
            }
        }
        return null;
    }

    private int count(String text, String field, int least) throws ScenarioException {
        long value = Long.parseLong(text);
        if (value < least || value > TopologyBinder.MAX_COUNT) {
            throw error(field, "must be from " + least + " to " + TopologyBinder.MAX_COUNT + ", was " + value);
        }
        return (int) value;
    }

    private int id(String text, String field, int nodes) throws ScenarioException {
        if (!WHOLE.matcher(text).matches() || Long.parseLong(text) >= nodes) {
            throw error(field, shown(text) + " is not a node id; ids are whole numbers from 0 to " + (nodes - 1)
                    + ", as the first line counts " + nodes + " nodes");
        }
        return Integer.parseInt(text);
    }

    private long quantity(String text, String field, boolean rate) throws ScenarioException {
        try {
            long value = rate ? Units.parseRateBps(text) : Units.parseTimePs(text);
            if (value <= 0) {
                throw error(field, "must be more than 0, was " + shown(text));
            }
            return value;
        } catch (IllegalArgumentException e) {
            throw error(field, shown(text) + " is not a " + (rate ? "rate: a number and bps, Kbps, Mbps, Gbps or Tbps,"
                    + " e.g. 100Gbps" : "delay: a number and ps, ns, us, ms or s, e.g. 0.0005ms or 500ns"));
        }
    }

    /**
     * A link's {@code error_rate}: the probability that the link loses a packet, in [0, 1), written as ns-3 reads
     * it ({@code 0}, {@code 0.001}, {@code 1e-05}), exact to a millionth as every probability of a scenario is
     * ({@link Probabilities}).
     */
    private double errorRate(String text) throws ScenarioException {
        int ppm;
        try {
            ppm = text.endsWith("%") ? -1 : Probabilities.ppmOf(text, "");
        } catch (IllegalArgumentException e) {
            ppm = -1;
        }
        if (ppm < 0 || ppm == Probabilities.ONE_PPM) {
            throw error("error_rate", shown(text) + " is not a loss probability; error_rate is a number from 0 up to"
                    + " but not including 1, exact to a millionth, e.g. 0 (no loss), 0.001 or 1e-05");
        }
        return ppm / 1e6;
    }

    private ScenarioException error(String field, String message) {
        return new ScenarioException(display, Origin.ofLine(at), field, message);
    }

    /** A value as a message may show it: quoted if short and plain, else described. */
    static String shown(String text) {
        return PLAIN.matcher(text).matches() ? "'" + text + "'" : "the value there (not shown: not a plain word)";
    }

    /** The file's text: UTF-8, without a byte order mark. */
    static String text(ScenarioFiles.Content file) throws ScenarioException {
        try {
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(file.bytes())).toString();
            return text.startsWith("\uFEFF") ? text.substring(1) : text;
        } catch (CharacterCodingException e) {
            throw new ScenarioException(file.display(), Origin.ofLine(0), "", "the file is not UTF-8 text; a "
                    + KIND + " is text in " + FORMAT);
        }
    }
}
