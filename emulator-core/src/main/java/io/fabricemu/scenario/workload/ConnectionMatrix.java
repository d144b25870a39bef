package io.fabricemu.scenario.workload;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.scenario.yaml.Origin;
import io.fabricemu.scenario.yaml.ScenarioException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The flows of a connection matrix ({@code .cm}), the traffic file of the UEC's reference simulator (htsim in
 * ultraethernet/uet-htsim, read by {@code ConnectionMatrix::load} in {@code connection_matrix.cpp}). Its header gives
 * {@code Nodes N}, {@code Connections C} and optionally {@code Triggers T} and {@code Failures F}; then come C lines
 * {@code S->D [id X] (start US | trigger K) size BYTES [send_done_trigger K] [recv_done_trigger K] [prio P]}, T lines
 * {@code trigger id K oneshot|multishot|barrier [count N]} and F lines {@code failure ...}. Blank lines and lines
 * starting with {@code #} are skipped; tokens are separated by spaces or tabs.
 *
 * <p>As the reference reads it: {@code start} is in microseconds, of which only the whole part counts
 * ({@code timeFromUs((uint32_t)start)} in {@code main_uec.cpp}), so a fraction is refused rather than dropped
 * silently; {@code prio} is read and not used ({@code set_priority} is commented out there), so it is accepted and
 * ignored; ids 0 are refused. Stricter than the reference, which leaves some mistakes to an assertion or to its
 * undefined behaviour: every node must be below {@code Nodes}, which must not exceed the topology's hosts; ids of
 * flows and of triggers are unique; every keyword is known and given once per line. The triggers become waits
 * ({@link ConnectionTriggers}); failure lines become links down from the start ({@link ConnectionFailures}), which
 * the scenario adds to its {@code faults}. Connection i of the file (counting from 0) is flow i of the workload.
 *
 * <p>Until its first line is read as a header the file may be anything the name led to, so no message quotes it;
 * after that a token is quoted only if it is short and plain ({@link #shown}).
 */
public final class ConnectionMatrix {
    /**
     * What a run allows: the hosts there are, the payload of a full packet and the stop time; and the fabric, on
     * which failure lines name links.
     */
    public record Bounds(int hostCount, int payloadBytes, long stopPs, MatrixFabric fabric) {
        /** Bounds of a topology on which no failure line can be mapped. */
        public Bounds(int hostCount, int payloadBytes, long stopPs) {
            this(hostCount, payloadBytes, stopPs, MatrixFabric.NONE);
        }
    }

    /** What a matrix says: its connections as flows, in file order, and the links its failure lines fail. */
    public record Read(List<FlowSpec> flows, List<MatrixFailure> failures) {
        public Read {
            flows = List.copyOf(flows);
            failures = List.copyOf(failures);
        }
    }

    static final String FORMAT = "a connection matrix of the UEC reference simulator: 'Nodes N', 'Connections C'"
            + " (then optionally 'Triggers T', 'Failures F'), then lines such as '1->0 id 1 start 0 size 2000000'";
    private static final List<String> HEADERS = List.of("Nodes", "Connections", "Triggers", "Failures");
    private static final Pattern PLAIN = Pattern.compile("[0-9A-Za-z._+>-]{1,24}");
    private static final Pattern WHOLE = Pattern.compile("[0-9]{1,10}");
    private static final Pattern PAIR = Pattern.compile("([0-9]{1,10})->([0-9]{1,10})");
    private static final Pattern SPACES = Pattern.compile("[ \t]+");
    /** A start with a decimal point: its whole part, and its fraction (all zeros or refused). */
    private static final Pattern DECIMAL = Pattern.compile("([0-9]{1,10})\\.([0-9]*)");
    private static final List<String> FLOW_KEYS = List.of("id", "start", "trigger", "size", "send_done_trigger",
            "recv_done_trigger", "prio", "msg");
    private static final List<String> TRIGGER_KEYS = List.of("id", "oneshot", "multishot", "barrier", "count");

    private final String display;
    private final Bounds bounds;
    private final Map<String, Integer> header = new HashMap<>();
    private final Map<String, Integer> headerLine = new HashMap<>();
    private final ConnectionTriggers triggers;
    private final ConnectionFailures failures;
    private final List<Connection> connections = new ArrayList<>();
    private int line;
    private int triggerLines;

    /** One connection line as read: its trigger references are 0 for none. */
    record Connection(int line, int src, int dst, long bytes, long startPs, long id, long trigger, long sendDone,
                      long recvDone) {
    }

    private ConnectionMatrix(String display, Bounds bounds) {
        this.display = display;
        this.bounds = bounds;
        this.triggers = new ConnectionTriggers(display);
        this.failures = new ConnectionFailures(display, bounds.fabric());
    }

    /** The flows of the matrix {@code text}, read from the file messages name {@code display}, in file order. */
    public static List<FlowSpec> flows(String display, String text, Bounds bounds) throws ScenarioException {
        return read(display, text, bounds).flows();
    }

    /** The flows and the failed links of the matrix {@code text}, read from the file messages name {@code display}. */
    public static Read read(String display, String text, Bounds bounds) throws ScenarioException {
        return new ConnectionMatrix(display, bounds).parse(text);
    }

    private Read parse(String text) throws ScenarioException {
        List<String> lines = text.lines().toList();
        boolean body = false;
        for (int i = 0; i < lines.size(); i++) {
            line = i + 1;
            String stripped = lines.get(i).strip();
            if (stripped.isEmpty() || stripped.startsWith("#")) {
                continue;
            }
            String[] tokens = SPACES.split(stripped);
            String first = tokens[0];
            if (HEADERS.contains(first)) {
                if (body) {
                    throw error(first, "the header lines (" + String.join(", ", HEADERS) + ") come before the first"
                            + " connection, trigger or failure line");
                }
                header(first, tokens);
            } else if (header.isEmpty()) {
                throw error("", "the first line must be a header line such as 'Nodes 128' (" + FORMAT + "); this line"
                        + " is not, so " + display + " is not a connection matrix");
            } else {
                body = true;
                body(first, tokens);
            }
        }
        line = lines.size();
        if (!header.containsKey("Nodes") || !header.containsKey("Connections")) {
            throw error("", "the header must give " + (header.containsKey("Nodes") ? "Connections C" : "Nodes N")
                    + " (" + FORMAT + ")");
        }
        checkCount("Connections", connections.size(), "connection");
        checkCount("Triggers", triggerLines, "trigger");
        checkCount("Failures", failures.failures().size(), "failure");
        if (connections.isEmpty()) {
            throw new ScenarioException(display, Origin.ofLine(headerLine.get("Connections")), "Connections",
                    "the matrix has no connection; give at least one line such as '1->0 id 1 start 0 size 2000000'");
        }
        return new Read(triggers.flows(connections), failures.failures());
    }

    private void header(String keyword, String[] tokens) throws ScenarioException {
        if (header.containsKey(keyword)) {
            throw error(keyword, keyword + " is given twice (also on line " + headerLine.get(keyword) + ")");
        }
        if (tokens.length != 2) {
            throw error(keyword, "a header line is '" + keyword + " N', one whole number; this one has "
                    + (tokens.length - 1) + " values");
        }
        int value = (int) whole(tokens[1], keyword, keyword.equals("Nodes") ? 1 : 0, Integer.MAX_VALUE);
        if (keyword.equals("Nodes") && value > bounds.hostCount()) {
            throw error(keyword, "the matrix has " + value + " nodes, but the topology has only "
                    + bounds.hostCount() + " hosts (0.." + (bounds.hostCount() - 1) + "); the reference numbers"
                    + " nodes as fabric-emu numbers hosts, so use a topology of at least " + value + " hosts");
        }
        header.put(keyword, value);
        headerLine.put(keyword, line);
    }

    private void body(String first, String[] tokens) throws ScenarioException {
        if (first.contains("->")) {
            connection(tokens);
        } else if (first.equals("trigger")) {
            triggerLines++;
            trigger(tokens);
        } else if (first.equals("failure")) {
            if (!header.containsKey("Nodes")) {
                throw error("", "the header must give Nodes N before the first failure line");
            }
            failures.add(tokens, line, header.get("Nodes"), header.get("Failures"));
        } else {
            throw error("", shown(first) + " is not a line of a connection matrix; after the header, a line is a"
                    + " connection 'S->D ...', 'trigger id K ...' or 'failure ...'");
        }
    }

    private void connection(String[] tokens) throws ScenarioException {
        Matcher pair = PAIR.matcher(tokens[0]);
        if (!pair.matches()) {
            throw error("", shown(tokens[0]) + " is not a connection; it is 'S->D', two node numbers, e.g. 1->0");
        }
        int nodes = header.getOrDefault("Nodes", 0);
        if (nodes == 0) {
            throw error("", "the header must give Nodes N before the first connection");
        }
        int src = node(pair.group(1), "src", nodes);
        int dst = node(pair.group(2), "dst", nodes);
        if (src == dst) {
            throw error("dst", "node " + dst + " is also the source; a connection joins two different nodes");
        }
        Map<String, String> values = pairs(tokens, FLOW_KEYS, "connection");
        if (!values.containsKey("size")) {
            throw error("size", "a connection needs its size in bytes, e.g. size 2000000");
        }
        long bytes = whole(values.get("size"), "size", 1, Integer.MAX_VALUE);
        long packets = bytes / bounds.payloadBytes() + (bytes % bounds.payloadBytes() == 0 ? 0 : 1);
        if (packets > io.fabricemu.scenario.yaml.Limits.MAX_PACKETS_PER_FLOW) {
            throw error("size", bytes + " B is " + packets + " packets of " + bounds.payloadBytes() + " B of payload;"
                    + " a flow may be at most " + io.fabricemu.scenario.yaml.Limits.MAX_PACKETS_PER_FLOW + " packets");
        }
        long id = values.containsKey("id") ? whole(values.get("id"), "id", 1, Integer.MAX_VALUE) : 0;
        long trigger = values.containsKey("trigger") ? triggerId(values.get("trigger"), "trigger") : 0;
        boolean hasStart = values.containsKey("start");
        if (hasStart == (trigger != 0)) {
            throw error(hasStart ? "trigger" : "start", hasStart ? "a connection starts either at a time (start) or"
                    + " when a trigger fires (trigger), not both" : "a connection needs a start time in microseconds"
                    + " (start 0) or a trigger it waits for (trigger K)");
        }
        if (trigger != 0 && id == 0) {
            throw error("trigger", "a connection that waits for a trigger needs an id (id X), as the reference"
                    + " requires");
        }
        long startPs = hasStart ? startPs(values.get("start")) : 0;
        long sendDone = values.containsKey("send_done_trigger")
                ? triggerId(values.get("send_done_trigger"), "send_done_trigger") : 0;
        long recvDone = values.containsKey("recv_done_trigger")
                ? triggerId(values.get("recv_done_trigger"), "recv_done_trigger") : 0;
        if (values.containsKey("prio")) {
            String prio = values.get("prio");
            whole(prio.startsWith("-") ? prio.substring(1) : prio, "prio", 0, Integer.MAX_VALUE);
        }
        Connection c = new Connection(line, src, dst, bytes, startPs, id, trigger, sendDone, recvDone);
        triggers.add(c, connections.size());
        connections.add(c);
    }

    private void trigger(String[] tokens) throws ScenarioException {
        Map<String, String> values = new HashMap<>();
        String type = null;
        for (int i = 1; i < tokens.length; i++) {
            String key = tokens[i];
            boolean typeWord = key.equals("oneshot") || key.equals("multishot") || key.equals("barrier");
            if (!TRIGGER_KEYS.contains(key)) {
                throw error("", shown(key) + " is not a word of a trigger line; it is 'trigger id K' and one of"
                        + " oneshot, multishot, barrier (a barrier with 'count N')");
            }
            if (typeWord && type != null) {
                throw error(key, "the trigger is already a " + type + "; give one of oneshot, multishot, barrier");
            }
            if (typeWord) {
                type = key;
                continue;
            }
            if (values.containsKey(key)) {
                throw error(key, key + " is given twice on this line");
            }
            if (i + 1 >= tokens.length) {
                throw error(key, key + " needs a value after it");
            }
            values.put(key, tokens[++i]);
        }
        if (!values.containsKey("id")) {
            throw error("id", "a trigger needs its id, e.g. trigger id 1 oneshot");
        }
        long id = triggerId(values.get("id"), "id");
        if (type == null) {
            throw error("", "trigger " + id + " needs its type: oneshot, multishot or barrier");
        }
        int count = 0;
        if (type.equals("barrier")) {
            if (!values.containsKey("count")) {
                throw error("count", "a barrier fires after 'count N' of its flows are done; give count");
            }
            count = (int) whole(values.get("count"), "count", 1, Integer.MAX_VALUE);
        } else if (values.containsKey("count")) {
            throw error("count", "count belongs to a barrier; a " + type + " trigger has none");
        }
        triggers.define(id, type, count, line);
    }

    /** The key-value pairs after a line's first token, each key once and one of {@code keys}. */
    private Map<String, String> pairs(String[] tokens, List<String> keys, String what) throws ScenarioException {
        Map<String, String> values = new HashMap<>();
        for (int i = 1; i < tokens.length; i += 2) {
            String key = tokens[i];
            if (key.equals("msg")) {
                // The reference reads 'msg' with or without a number after it (ConnectionMatrix::load).
                throw error("msg", "msg puts several messages on one connection, which the reference does only with"
                        + " -conn_reuse; here every line is its own flow: leave msg out");
            }
            if (!keys.contains(key)) {
                throw error("", shown(key) + " is not a word of a " + what + " line; it allows "
                        + String.join(", ", keys) + (key.equals("priority") ? " (the priority is 'prio P')" : ""));
            }
            if (values.containsKey(key)) {
                throw error(key, key + " is given twice on this line");
            }
            if (i + 1 >= tokens.length) {
                throw error(key, key + " needs a value after it");
            }
            values.put(key, tokens[i + 1]);
        }
        return values;
    }

    private int node(String text, String field, int nodes) throws ScenarioException {
        long node = Long.parseLong(text);
        if (node >= nodes) {
            throw error(field, "node " + node + " is not one of the matrix's nodes 0.." + (nodes - 1) + " (Nodes "
                    + nodes + ")");
        }
        return (int) node;
    }

    private long triggerId(String text, String field) throws ScenarioException {
        return whole(text, field, 1, Integer.MAX_VALUE);
    }

    /** The start, a whole number of microseconds, in picoseconds. */
    private long startPs(String text) throws ScenarioException {
        Matcher decimal = DECIMAL.matcher(text);
        if (decimal.matches()) {
            if (!decimal.group(2).chars().allMatch(c -> c == '0')) {
                throw error("start", shown(text) + " has a fraction of a microsecond, which the reference drops"
                        + " (it starts the flow at " + Long.parseLong(decimal.group(1)) + " us); write a whole number");
            }
            text = decimal.group(1);
        }
        long us = whole(text, "start", 0, io.fabricemu.scenario.yaml.Limits.MAX_TIME_PS / 1_000_000);
        long startPs = us * 1_000_000;
        if (startPs >= bounds.stopPs()) {
            throw error("start", us + " us is at or after stop; the run ends before this flow starts, so it would"
                    + " never send: start it before stop, or raise stop");
        }
        return startPs;
    }

    private long whole(String text, String field, long least, long most) throws ScenarioException {
        if (!WHOLE.matcher(text).matches()) {
            throw error(field, shown(text) + " is not a whole number; " + field + " is a whole number from " + least
                    + " to " + most);
        }
        long value = Long.parseLong(text);
        if (value < least || value > most) {
            throw error(field, "must be from " + least + " to " + most + ", was " + value);
        }
        return value;
    }

    private void checkCount(String keyword, int found, String what) throws ScenarioException {
        int given = header.getOrDefault(keyword, 0);
        if (given != found) {
            Integer at = headerLine.get(keyword);
            throw new ScenarioException(display, Origin.ofLine(at == null ? line : at), keyword, keyword + " "
                    + (at == null ? "is not given (so 0)" : "says " + given) + ", but the file has " + found + " "
                    + what + " line" + (found == 1 ? "" : "s"));
        }
    }

    private ScenarioException error(String field, String message) {
        return new ScenarioException(display, Origin.ofLine(line), field, message);
    }

    /** A token as a message may show it: quoted if short and plain, else described. */
    static String shown(String text) {
        return PLAIN.matcher(text).matches() ? "'" + text + "'" : "the value there (not shown: not a plain word)";
    }
}
