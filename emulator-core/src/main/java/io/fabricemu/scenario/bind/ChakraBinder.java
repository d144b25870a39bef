package io.fabricemu.scenario.bind;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.net.Packets;
import io.fabricemu.scenario.workload.Chakra;
import io.fabricemu.scenario.workload.HostRange;
import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.ScenarioFiles;
import io.fabricemu.scenario.yaml.Section;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Binds {@code workload: {kind: chakra, traces: PREFIX, hosts: ...}}: the Chakra execution trace files
 * {@code PREFIX.0.et}, {@code PREFIX.1.et}, ... (as many as there are from 0 on, read as {@link ScenarioFiles}
 * allows, each at most {@link Limits#MAX_SCHEDULE_BYTES}), rank r on host r or on the r-th host {@code hosts}
 * lists ({@link Chakra}).
 */
final class ChakraBinder {
    static final String[] FIELDS = {"kind", "traces", "hosts"};
    private static final String KIND = "Chakra execution trace";
    private static final Pattern PREFIX = Pattern.compile(".+");

    private ChakraBinder() {
    }

    static Chakra bind(Section s, int hostCount, int payloadBytes, int gpusPerNode, ScenarioFiles files)
            throws ScenarioException {
        s.declare(FIELDS);
        s.rejectUnknownFields("for kind chakra");
        Field traces = s.required("traces", "the prefix of the trace files, such as chakra/all-reduce-8 for"
                + " chakra/all-reduce-8.0.et, chakra/all-reduce-8.1.et, ...");
        String prefix = traces.asText(PREFIX, "the prefix of the trace files");
        List<String> names = new ArrayList<>();
        List<byte[]> contents = new ArrayList<>();
        while (files.exists(traces, prefix + "." + names.size() + ".et")) {
            if (names.size() == hostCount) {
                throw traces.error("there are more trace files than hosts (" + hostCount + "): rank " + hostCount
                        + " would have no host; " + HostRange.describe(hostCount));
            }
            ScenarioFiles.Content file = files.read(traces, prefix + "." + names.size() + ".et", KIND,
                    Limits.MAX_SCHEDULE_BYTES);
            names.add(file.display());
            contents.add(file.bytes());
        }
        String next = prefix + "." + (names.size() + 1) + ".et";
        if (files.exists(traces, next)) {
            throw traces.error("there is " + next + " but no " + prefix + "." + names.size() + ".et; the ranks' files"
                    + " must be numbered from 0 without a gap");
        }
        if (names.size() < 2) {
            throw traces.error("found " + (names.isEmpty() ? "no " + prefix + ".0.et" : "only " + names.get(0))
                    + "; a trace has one file per rank, " + prefix + ".0.et, " + prefix + ".1.et and so on, at least"
                    + " 2");
        }
        List<Integer> hosts = new ArrayList<>();
        if (s.has("hosts")) {
            hosts = CollectiveBinder.ranks(s, "hosts", hostCount, gpusPerNode);
            if (hosts.size() != names.size()) {
                throw s.error("hosts", "lists " + hosts.size() + " hosts for " + names.size() + " ranks (trace files"
                        + " " + prefix + ".0.et .. " + prefix + "." + (names.size() - 1) + ".et); give one host per"
                        + " rank");
            }
        } else {
            for (int r = 0; r < names.size(); r++) {
                hosts.add(r);
            }
        }
        Chakra chakra;
        try {
            chakra = Chakra.of(prefix, names, contents, hosts);
        } catch (IllegalArgumentException invalid) {
            throw traces.error(invalid.getMessage());
        }
        for (FlowSpec f : chakra.flowList()) {
            if (Packets.of(f.bytes(), payloadBytes) > Limits.MAX_PACKETS_PER_FLOW) {
                throw traces.error("a flow of " + f.bytes() + " B from host " + f.src() + " to " + f.dst() + " is more"
                        + " than " + Limits.MAX_PACKETS_PER_FLOW + " packets of " + payloadBytes + " B");
            }
        }
        return chakra;
    }
}
