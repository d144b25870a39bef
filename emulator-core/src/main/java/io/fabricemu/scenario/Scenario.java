package io.fabricemu.scenario;

import io.fabricemu.engine.Sampling;
import io.fabricemu.fabric.FlowPick;
import io.fabricemu.fabric.PortPick;
import io.fabricemu.fabric.SwitchConfig;
import io.fabricemu.fault.FaultPlan;
import io.fabricemu.scenario.sizing.FabricEstimate;
import io.fabricemu.scenario.sizing.RunEstimate;
import io.fabricemu.scenario.transport.TransportConfig;
import io.fabricemu.scenario.workload.WorkloadSpec;
import io.fabricemu.topology.TopologySpec;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Everything one emulation run needs, as loaded from a scenario file by {@link ScenarioLoader}.
 *
 * @param name         short identifier and the default output folder's name ({@link #NAME_RULE}): a letter or
 *                     digit, then letters, digits, '.', '_' and '-', at most {@link #NAME_MAX_LENGTH}
 *                     characters, so that it is always a plain file name (never {@code .} or {@code ..})
 * @param seed         seed every random generator of the run is derived from, &gt;= 0
 * @param topology     the fabric's shape
 * @param switchConfig what every switch is like
 * @param transport    how every host sends
 * @param workload     the traffic; {@code workload.flows(topology.hostCount(), seed)} gives the flows
 * @param stopPs       virtual time at which the run stops, in picoseconds, &gt; 0
 * @param source       where the scenario came from (a file path), for messages and reports
 * @param sampling     how often ports and flows record their state in virtual time ({@link Sampling#OFF}: never)
 * @param faults       what goes wrong in the fabric, and when ({@link FaultPlan#NONE}: nothing)
 * @param recordFlows  the flows {@code sampling.flows} chose to record one by one ({@link FlowPick#SPREAD}: none)
 * @param recordPorts  the ports {@code sampling.ports} chose to write and plot ({@link PortPick#HOTTEST}: none)
 */
public record Scenario(String name, long seed, TopologySpec topology, SwitchConfig switchConfig,
                       TransportConfig transport, WorkloadSpec workload, long stopPs, String source,
                       Sampling sampling, FaultPlan faults, FlowPick recordFlows, PortPick recordPorts) {
    /** The longest name: it names a folder, and a name is short. */
    static final int NAME_MAX_LENGTH = 100;
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0," + (NAME_MAX_LENGTH - 1) + "}");
    /** The rule as a person reads it. */
    static final String NAME_RULE = "it names the output folder, so start with a letter or digit and use only"
            + " letters, digits, '.', '_' or '-', at most " + NAME_MAX_LENGTH + " characters";

    public Scenario {
        Objects.requireNonNull(name, "name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("name '" + name + "' is not allowed; " + NAME_RULE);
        }
        if (seed < 0) {
            throw new IllegalArgumentException("seed must be >= 0, was " + seed);
        }
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(switchConfig, "switchConfig");
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(workload, "workload");
        if (stopPs <= 0) {
            throw new IllegalArgumentException("stopPs must be > 0, was " + stopPs);
        }
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(sampling, "sampling");
        Objects.requireNonNull(faults, "faults");
        Objects.requireNonNull(recordFlows, "recordFlows");
        Objects.requireNonNull(recordPorts, "recordPorts");
    }

    /** A scenario that records the even spread of its flows. */
    public Scenario(String name, long seed, TopologySpec topology, SwitchConfig switchConfig,
                    TransportConfig transport, WorkloadSpec workload, long stopPs, String source, Sampling sampling,
                    FaultPlan faults) {
        this(name, seed, topology, switchConfig, transport, workload, stopPs, source, sampling, faults,
                FlowPick.SPREAD, PortPick.HOTTEST);
    }

    /** The same scenario sampling as {@code s} says. */
    public Scenario withSampling(Sampling s) {
        return new Scenario(name, seed, topology, switchConfig, transport, workload, stopPs, source, s, faults,
                recordFlows, recordPorts);
    }

    /** A scenario of a healthy fabric: no faults. */
    public Scenario(String name, long seed, TopologySpec topology, SwitchConfig switchConfig,
                    TransportConfig transport, WorkloadSpec workload, long stopPs, String source, Sampling sampling) {
        this(name, seed, topology, switchConfig, transport, workload, stopPs, source, sampling, FaultPlan.NONE);
    }

    /** How large its run is when it starts, by arithmetic on its specs alone. */
    public FabricEstimate estimate() {
        return FabricEstimate.of(topology, switchConfig, transport, workload, sampling.enabled());
    }

    /** The least work its run takes, by arithmetic on its specs alone. */
    public RunEstimate runEstimate() {
        return RunEstimate.of(topology, transport, workload);
    }
}
