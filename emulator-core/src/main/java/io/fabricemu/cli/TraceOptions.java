package io.fabricemu.cli;

import io.fabricemu.scenario.yaml.Units;
import io.fabricemu.trace.TraceSelection;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code run --trace}: write the packets the run's ports transmit to {@code trace.pcapng} in the output folder
 * ({@link io.fabricemu.trace.PacketTrace}), every flow and every port unless the {@code --trace-*} options narrow it.
 */
final class TraceOptions {
    @Option(names = "--trace",
            description = "Write trace.pcapng in the output folder: every frame a port or NIC transmits, with real "
                    + "Ethernet, IPv4, UDP and RoCEv2 headers (Wireshark, tshark), stamped with its virtual time in "
                    + "picoseconds. Every flow and port unless narrowed by the --trace-* options.")
    boolean on;

    @Option(names = "--trace-flows", paramLabel = "IDS",
            description = "Only these flows, by id: 3,7 or 0-15 or both (3,8-11).")
    String flows;

    @Option(names = "--trace-src", paramLabel = "HOSTS", description = "Only flows from these hosts, by index.")
    String sources;

    @Option(names = "--trace-dst", paramLabel = "HOSTS", description = "Only flows to these hosts, by index.")
    String destinations;

    @Option(names = "--trace-ports", paramLabel = "NAMES",
            description = "Only these ports, named as in ports.csv (leaf1:p36, h0:nic), or every port of a switch "
                    + "or host named (leaf1): comma-separated.")
    String ports;

    @Option(names = "--trace-from", paramLabel = "TIME",
            description = "Only frames starting at this virtual time or later (e.g. 10us).")
    String from;

    @Option(names = "--trace-to", paramLabel = "TIME",
            description = "Only frames starting before this virtual time (e.g. 50us).")
    String to;

    /** Whether a trace was asked for. */
    boolean requested() {
        return on;
    }

    /**
     * The selection the options give, or null without {@code --trace}.
     *
     * @throws IllegalArgumentException naming the option and what it allows when a value is not one, or a
     *                                  {@code --trace-*} option is given without {@code --trace}
     */
    TraceSelection selection() {
        if (!on) {
            String given = flows != null ? "--trace-flows" : sources != null ? "--trace-src"
                    : destinations != null ? "--trace-dst" : ports != null ? "--trace-ports"
                    : from != null ? "--trace-from" : to != null ? "--trace-to" : null;
            if (given != null) {
                throw new IllegalArgumentException(given + " narrows a packet trace, which only --trace writes; add "
                        + "--trace, or leave " + given + " out");
            }
            return null;
        }
        long fromPs = from == null ? 0 : time("--trace-from", from);
        long toPs = to == null ? Long.MAX_VALUE : time("--trace-to", to);
        if (toPs <= fromPs) {
            throw new IllegalArgumentException("--trace-to: " + to + " must be after "
                    + (from == null ? "the start of the run, 0" : "--trace-from " + from));
        }
        return new TraceSelection(ids("--trace-flows", "flow ids", flows), ids("--trace-src", "host indexes", sources),
                ids("--trace-dst", "host indexes", destinations), names(ports), fromPs, toPs);
    }

    private static long time(String option, String text) {
        try {
            return Units.parseTimePs(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
        }
    }

    /** {@code 3,7} or {@code 0-15} or both, in any order; null for null. */
    static int[] ids(String option, String what, String text) {
        if (text == null) {
            return null;
        }
        List<Integer> ids = new ArrayList<>();
        for (String item : text.split(",", -1)) {
            String s = item.strip();
            int dash = s.indexOf('-', 1);
            try {
                int first = Integer.parseInt(dash < 0 ? s : s.substring(0, dash));
                int last = dash < 0 ? first : Integer.parseInt(s.substring(dash + 1));
                if (first < 0 || last < first || last - first >= 1 << 24) {
                    throw new NumberFormatException(s);
                }
                for (int id = first; id <= last; id++) {
                    ids.add(id);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + ": '" + s + "' is not one of the " + what + " it takes; "
                        + "give whole numbers 0 or more, or ranges FIRST-LAST, separated by commas (3,7 or 0-15)", e);
            }
        }
        int[] result = new int[ids.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = ids.get(i);
        }
        return result;
    }

    private static List<String> names(String text) {
        if (text == null) {
            return null;
        }
        List<String> names = new ArrayList<>();
        for (String item : text.split(",", -1)) {
            String s = item.strip();
            if (s.isEmpty()) {
                throw new IllegalArgumentException("--trace-ports: a name is empty; give port names as ports.csv "
                        + "does (leaf1:p36, h0:nic) or switch names (leaf1), separated by commas");
            }
            names.add(s);
        }
        return names;
    }
}
