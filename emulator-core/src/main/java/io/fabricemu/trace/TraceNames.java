package io.fabricemu.trace;

import io.fabricemu.fabric.FabricBuilder;
import io.fabricemu.topology.Topology;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks a trace selection against the fabric it is for: every port, switch or host it names exists, and so does
 * every flow and host it chooses by number. The messages name the command-line option and what it allows.
 */
final class TraceNames {
    /** Names of switches and hosts shown in a message before "...". */
    private static final int SHOWN = 6;

    private TraceNames() {
    }

    static void check(TraceSelection s, Topology t, int flowCount) throws TraceSelectionException {
        ids("--trace-flows", "flow", s.flows(), flowCount);
        ids("--trace-src", "host", s.sources(), t.hostCount());
        ids("--trace-dst", "host", s.destinations(), t.hostCount());
        if (s.ports() == null) {
            return;
        }
        Set<String> known = new HashSet<>();
        for (int node = 0; node < t.nodeCount(); node++) {
            known.add(t.name(node));
            for (int port = 0; port < t.portCount(node); port++) {
                known.add(FabricBuilder.portName(t, node, port));
            }
        }
        for (String name : s.ports()) {
            if (!known.contains(name)) {
                throw new TraceSelectionException("--trace-ports: '" + name + "' is not a port, switch or host of "
                        + "this fabric; name a port as ports.csv does (" + FabricBuilder.portName(t, 0, 0) + ", "
                        + FabricBuilder.portName(t, t.hostCount(), 0) + "), or a switch or host for all its ports ("
                        + nodes(t) + ")");
            }
        }
    }

    private static void ids(String option, String what, int[] chosen, int count) throws TraceSelectionException {
        if (chosen == null) {
            return;
        }
        for (int id : chosen) {
            if (id < 0 || id >= count) {
                throw new TraceSelectionException(option + ": there is no " + what + " " + id + "; this scenario has "
                        + what + "s 0.." + (count - 1));
            }
        }
    }

    /** The switches' names, then the first host's, at most {@link #SHOWN}. */
    private static String nodes(Topology t) {
        List<String> names = new ArrayList<>();
        for (int node = t.hostCount(); node < t.nodeCount() && names.size() < SHOWN; node++) {
            names.add(t.name(node));
        }
        String shown = String.join(", ", names);
        int more = t.switchCount() - names.size();
        return (more > 0 ? shown + ", ... " + more + " more" : shown) + "; hosts " + t.name(0) + " .. "
                + t.name(t.hostCount() - 1);
    }
}
