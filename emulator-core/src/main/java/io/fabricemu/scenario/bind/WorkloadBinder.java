package io.fabricemu.scenario.bind;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.scenario.workload.AllToAll;
import io.fabricemu.scenario.workload.Collective;
import io.fabricemu.scenario.workload.ConnectionMatrix;
import io.fabricemu.scenario.workload.FlowEntries;
import io.fabricemu.scenario.workload.FlowList;
import io.fabricemu.scenario.workload.HostRange;
import io.fabricemu.scenario.workload.HostRates;
import io.fabricemu.scenario.workload.Incast;
import io.fabricemu.scenario.workload.MatrixFabric;
import io.fabricemu.scenario.workload.MatrixFailure;
import io.fabricemu.scenario.workload.Mix;
import io.fabricemu.scenario.workload.NodeHosts;
import io.fabricemu.scenario.workload.Permutation;
import io.fabricemu.scenario.workload.ScheduleCsv;
import io.fabricemu.scenario.workload.WorkloadSpec;
import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.ScenarioFiles;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.scenario.yaml.Units;
import java.util.ArrayList;
import java.util.List;

/**
 * Binds the {@code workload} section by its {@code kind}, checking every host it names against the
 * topology's host count so that a wrong host is reported at its own line, every flow's size against the
 * packets the transport cuts it into ({@link Limits#MAX_PACKETS_PER_FLOW}), and every {@code start} against the
 * run's stop time: nothing happens at or after {@code stop}, so a flow (or a whole incast, permutation or
 * collective) starting then would never send, which is surely not what was meant.
 */
public final class WorkloadBinder {
    static final List<String> KINDS = List.of("incast", "permutation", "all-to-all", "flows", "all-reduce",
            "all-gather", "reduce-scatter", "connection-matrix", "flow-file", "open-loop", "chakra", "mix");
    /** The kinds a part of a mix may have: a mix inside a mix would only be its parts listed directly. */
    static final List<String> PART_KINDS = KINDS.subList(0, KINDS.size() - 1);
    private static final java.util.regex.Pattern PART_NAME = java.util.regex.Pattern.compile("[A-Za-z0-9_-]+");

    private final Section workload;
    private final int hostCount;
    private final int payloadBytes;
    private final int gpusPerNode;
    private final ScenarioFiles files;
    private final long stopPs;
    private final HostRates rates;
    private final NodeHosts nodes;
    private final MatrixFabric fabric;
    /** The links the connection matrices of the workload (or of its parts) fail, in the order read. */
    private final List<MatrixFailure> failures;

    /**
     * A bound workload, and the links its connection matrices' failure lines take down from the start, which the
     * scenario adds after its own {@code faults}.
     */
    public record Bound(WorkloadSpec workload, List<MatrixFailure> failures) {
        public Bound {
            failures = List.copyOf(failures);
        }
    }

    private WorkloadBinder(Section workload, int hostCount, int payloadBytes, int gpusPerNode, ScenarioFiles files,
                           long stopPs, HostRates rates, NodeHosts nodes, MatrixFabric fabric,
                           List<MatrixFailure> failures) {
        this.workload = workload;
        this.hostCount = hostCount;
        this.payloadBytes = payloadBytes;
        this.gpusPerNode = gpusPerNode;
        this.files = files;
        this.stopPs = stopPs;
        this.rates = rates;
        this.nodes = nodes;
        this.fabric = fabric;
        this.failures = failures;
    }

    /**
     * {@code payloadBytes}: the payload of a full packet (transport.mtu less transport.header); {@code gpusPerNode}
     * of a rail-optimised fabric, else 0; {@code files}: the files the workload may read (a schedule);
     * {@code stopPs}: the run's stop time, before which every flow must start ({@link Long#MAX_VALUE} when it is not
     * known, the stop field being in error); {@code rates}: each host's link rate, which an open-loop load is a
     * fraction of; {@code nodes}: how an imported ns-3 flow file's node ids name the hosts.
     */
    public static Bound bind(Section workload, int hostCount, int payloadBytes, int gpusPerNode,
                             ScenarioFiles files, long stopPs, HostRates rates, NodeHosts nodes, MatrixFabric fabric)
            throws ScenarioException {
        List<MatrixFailure> failures = new ArrayList<>();
        WorkloadSpec spec = new WorkloadBinder(workload, hostCount, payloadBytes, gpusPerNode, files, stopPs, rates,
                nodes, fabric, failures).bind();
        return new Bound(spec, failures);
    }

    private WorkloadSpec bind() throws ScenarioException {
        workload.declare("kind");
        String kind = workload.requiredOneOf("kind", KINDS);
        WorkloadBinder binder = this;
        try {
            return switch (kind) {
                case "incast" -> binder.incast();
                case "permutation" -> binder.permutation();
                case "all-to-all" -> binder.allToAllOrCollective();
                case "all-reduce", "all-gather", "reduce-scatter" -> binder.collective(kind);
                case "flows" -> binder.flowList();
                case "connection-matrix" -> matrix();
                case "flow-file" -> Ns3FlowFileBinder.bind(workload, nodes, payloadBytes, files, stopPs);
                case "open-loop" -> OpenLoopBinder.bind(workload, hostCount, payloadBytes, rates, files, stopPs);
                case "chakra" -> ChakraBinder.bind(workload, hostCount, payloadBytes, gpusPerNode, files);
                case "mix" -> binder.mix();
                default -> throw new AssertionError(kind);
            };
        } catch (IllegalArgumentException invalid) {
            throw workload.error(invalid);
        }
    }

    private Incast incast() throws ScenarioException {
        workload.declare("receiver", "senders", "bytes", "start");
        workload.rejectUnknownFields("for kind incast");
        int receiver = host(workload.required("receiver", "a host number, " + HostRange.describe(hostCount)));
        Field senders = workload.required("senders", "a list of hosts such as [1, 2, 3] or a count such as 7");
        List<Integer> hosts = senders.isList() ? senderList(senders, receiver) : senderCount(senders, receiver);
        long bytes = bytes(workload);
        return new Incast(receiver, hosts, bytes, startPs(workload));
    }

    private List<Integer> senderList(Field senders, int receiver) throws ScenarioException {
        List<Field> items = senders.asList("a list of hosts");
        if (items.isEmpty()) {
            throw senders.error("the list is empty; name at least one sender");
        }
        List<Integer> hosts = new ArrayList<>(items.size());
        for (Field item : items) {
            int host = host(item);
            if (host == receiver) {
                throw item.error("host " + host + " is the receiver; a host cannot send to itself");
            }
            int earlier = hosts.indexOf(host);
            if (earlier >= 0) {
                throw item.error("host " + host + " is listed twice (also at " + items.get(earlier).path()
                        + "); list each sender once");
            }
            hosts.add(host);
        }
        return hosts;
    }

    private List<Integer> senderCount(Field senders, int receiver) throws ScenarioException {
        if (!senders.isInteger()) {
            throw senders.error("expected a list of hosts such as [1, 2, 3] or a count such as 7, found "
                    + senders.node().describe());
        }
        int others = hostCount - 1;
        if (others < 1) {
            throw senders.error("there is no host other than the receiver; " + HostRange.describe(hostCount));
        }
        int count = senders.asInt(1, others);
        return Incast.lowestSenders(receiver, count);
    }

    /** A collective; {@code all-to-all} is one only with an {@code algorithm}, else every pair's flow. */
    private Collective collective(String kind) throws ScenarioException {
        return CollectiveBinder.bind(workload, kind, hostCount, gpusPerNode, this::bytes, this::startPs);
    }

    private Permutation permutation() throws ScenarioException {
        everyHostSends("permutation");
        return new Permutation(bytes(workload), startPs(workload));
    }

    /** all-to-all is the collective with an {@code algorithm}; without one, every ordered pair's flow. */
    private WorkloadSpec allToAllOrCollective() throws ScenarioException {
        workload.declare(CollectiveBinder.FIELDS);
        return workload.has("algorithm") ? collective("all-to-all") : allToAll();
    }

    private AllToAll allToAll() throws ScenarioException {
        for (String field : CollectiveBinder.FIELDS) {
            if (!field.equals("kind") && !field.equals("bytes") && !field.equals("start") && workload.has(field)) {
                throw workload.error(field, field + " belongs to the all-to-all collective, which needs an"
                        + " algorithm: pairwise or simultaneous (without one, all-to-all is every ordered pair of"
                        + " hosts sending bytes, with only bytes and start)");
            }
        }
        everyHostSends("all-to-all");
        return new AllToAll(bytes(workload), startPs(workload));
    }

    /** The checks shared by the kinds where every host sends: only bytes and start, and two hosts at least. */
    private void everyHostSends(String kind) throws ScenarioException {
        workload.declare("bytes", "start");
        workload.rejectUnknownFields("for kind " + kind);
        if (hostCount < 2) {
            throw workload.error("kind", kind + " needs at least 2 hosts; " + HostRange.describe(hostCount));
        }
    }

    private FlowList flowList() throws ScenarioException {
        workload.declare("flows", "schedule");
        workload.rejectUnknownFields("for kind flows");
        if (workload.has("schedule")) {
            if (workload.has("flows")) {
                throw workload.error("schedule", "give the flows either in the scenario (flows) or in a CSV file"
                        + " (schedule), not both");
            }
            return new FlowList(new FlowEntries(ScheduleCsv.entries(workload.optional("schedule"), files),
                    this::flow).bind());
        }
        Field list = workload.required("flows", "a list of flows such as [{src: 1, dst: 0, bytes: 1MiB}]");
        List<Field> items = list.asList("a list of flows such as [{src: 1, dst: 0, bytes: 1MiB}]");
        if (items.isEmpty()) {
            throw list.error("the list is empty; give at least one flow {src, dst, bytes, start}");
        }
        List<Section> entries = new ArrayList<>(items.size());
        for (Field item : items) {
            entries.add(item.asSection());
        }
        return new FlowList(new FlowEntries(entries, this::flow).bind());
    }

    private FlowList matrix() throws ScenarioException {
        ConnectionMatrix.Read read = ConnectionMatrixBinder.bind(workload,
                new ConnectionMatrix.Bounds(hostCount, payloadBytes, stopPs, fabric), files);
        failures.addAll(read.failures());
        return new FlowList(read.flows());
    }

    private Mix mix() throws ScenarioException {
        workload.declare("parts");
        workload.rejectUnknownFields("for kind mix");
        String expected = "a list of workloads such as [{kind: incast, ...}, {kind: flows, ...}]";
        Field list = workload.required("parts", expected);
        List<Field> items = list.asList(expected);
        if (items.isEmpty()) {
            throw list.error("the list is empty; give at least one workload");
        }
        List<WorkloadSpec> parts = new ArrayList<>(items.size());
        List<String> names = new ArrayList<>(items.size());
        for (Field item : items) {
            Section part = item.asSection();
            part.declare("kind", "name");
            String kind = part.requiredOneOf("kind", PART_KINDS);
            String name = part.has("name") ? part.requiredText("name", PART_NAME, "a name of letters, digits, '-' "
                    + "and '_' such as incast or background") : kind;
            int earlier = names.indexOf(name);
            if (earlier >= 0) {
                String field = part.has("name") ? "name" : "kind";
                throw part.error(field, "parts[" + earlier + "] is also named '" + name + "'; give each part its "
                        + "own name (name: ...), the group its flows are reported under");
            }
            names.add(name);
            parts.add(new WorkloadBinder(part, hostCount, payloadBytes, gpusPerNode, files, stopPs, rates, nodes,
                    fabric, failures).bind());
        }
        return new Mix(names, parts);
    }

    /** One entry of a flow list, its dependencies ({@code after}) already resolved to indices. */
    private FlowSpec flow(Section flow, int[] after) throws ScenarioException {
        flow.declare(FlowEntries.FIELDS);
        String expected = "a host number, " + HostRange.describe(hostCount);
        int src = host(flow.required("src", expected));
        Field dstField = flow.required("dst", expected);
        int dst = host(dstField);
        if (dst == src) {
            throw dstField.error("host " + dst + " is also the source; a flow needs two different hosts");
        }
        try {
            long gapPs = flow.optionalTimePs("gap", 0, 0, Limits.MAX_TIME_PS);
            long startPs = startPs(flow);
            return new FlowSpec(src, dst, bytes(flow), startPs, "", after, gapPs, -1,
                    RecvDelay.postedPs(flow, startPs, after.length > 0), -1);
        } catch (IllegalArgumentException invalid) {
            throw flow.error(invalid);
        }
    }

    private int host(Field field) throws ScenarioException {
        return HostRange.host(field, hostCount);
    }

    private long bytes(Section section) throws ScenarioException {
        long bytes = section.requiredBytes("bytes", 1, Limits.MAX_FLOW_BYTES);
        long packets = bytes / payloadBytes + (bytes % payloadBytes == 0 ? 0 : 1);
        if (packets > Limits.MAX_PACKETS_PER_FLOW) {
            throw section.error("bytes", "'" + section.optional("bytes").text() + "' is " + Units.formatCount(packets)
                    + " packets of " + payloadBytes + " B of payload (transport.mtu less transport.header); a flow may"
                    + " be at most " + Units.formatCount(Limits.MAX_PACKETS_PER_FLOW) + " packets: give fewer bytes or"
                    + " a larger transport.mtu");
        }
        return bytes;
    }

    /** The section's {@code start}, which must come before the run's stop time. */
    private long startPs(Section section) throws ScenarioException {
        long startPs = section.optionalTimePs("start", 0, 0, Limits.MAX_TIME_PS);
        if (startPs >= stopPs) {
            throw section.error("start", "'" + section.optional("start").text() + "' is at or after stop ("
                    + Units.formatTimePs(stopPs) + "): the run ends before this starts, so it would never send;"
                    + " start it before stop, or raise stop");
        }
        return startPs;
    }
}
