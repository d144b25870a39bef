package io.fabricemu.scenario.bind;

import io.fabricemu.scenario.workload.FlowList;
import io.fabricemu.scenario.workload.NodeHosts;
import io.fabricemu.scenario.workload.Ns3FlowFile;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.ScenarioFiles;
import io.fabricemu.scenario.yaml.Section;

/**
 * Binds {@code workload: {kind: flow-file, file: FILE}}: the flows of an ns-3 (HPCC, SimAI) {@code flow.txt}
 * ({@link Ns3FlowFile}), its node ids those of the scenario's {@code topology.txt} when the topology is read from
 * one, else host numbers ({@link NodeHosts}); read as {@link ScenarioFiles} allows, at most
 * {@link Limits#MAX_SCHEDULE_BYTES}. The result is a {@link FlowList}, as if the flows were written out.
 */
final class Ns3FlowFileBinder {
    private Ns3FlowFileBinder() {
    }

    static FlowList bind(Section workload, NodeHosts hosts, int payloadBytes, ScenarioFiles files, long stopPs)
            throws ScenarioException {
        workload.declare("file");
        workload.rejectUnknownFields("for kind flow-file");
        ScenarioFiles.Content file = files.read(workload.required("file", "the name of an ns-3 flow file such as"
                + " flow.txt"), "flow file", Limits.MAX_SCHEDULE_BYTES);
        return new FlowList(Ns3FlowFile.flows(file.display(), Utf8Text.of(file, "an ns-3 flow file is text: the number"
                + " of flows, then a line 'src dst pg dport size start' each"), hosts,
                Math.min(Limits.MAX_FLOW_BYTES, Limits.MAX_PACKETS_PER_FLOW * payloadBytes), stopPs));
    }
}
