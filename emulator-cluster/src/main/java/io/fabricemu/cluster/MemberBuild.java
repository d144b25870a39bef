package io.fabricemu.cluster;

import io.fabricemu.engine.RunLimits;
import io.fabricemu.engine.Sampling;
import io.fabricemu.run.PartitionPlan;
import io.fabricemu.run.PreparedRun;
import io.fabricemu.scenario.ScenarioLoader;
import io.fabricemu.scenario.sizing.HeapBudget;
import io.fabricemu.scenario.yaml.ScenarioException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A worker's rebuild of a run from the driver's {@link NodeAgent.Prepare}: the fabric from the scenario text,
 * checked to be the driver's (elements, lookahead, partition plan), and the run's limits. It is plain CPU work,
 * seconds of it in a fresh JVM (classes loaded, code not yet compiled), so the agent runs it on a thread of its
 * own: the actor system's dispatcher, which also carries the cluster's TCP traffic, stays free to answer
 * heartbeats, and a member that is building is not taken for a dead one.
 */
final class MemberBuild {
    private MemberBuild() {
    }

    /** What a rebuild gives: the run, or why this member cannot take part. */
    sealed interface Outcome permits Rebuilt, Unfit {
    }

    /** The run as the driver planned it: this member's view of the fabric and the limits its shards run to. */
    record Rebuilt(PreparedRun prepared, RunLimits limits) implements Outcome {
    }

    /** This member cannot take part: {@code reason} says why. */
    record Unfit(String reason) implements Outcome {
    }

    static Outcome of(NodeAgent.Prepare p) {
        PreparedRun prepared;
        try {
            // A member holds the topology, routes and flows, and only its share of the elements. It reads the
            // files the scenario names from the folders the driver's user allowed, as the driver did.
            List<Path> allowedFolders = new ArrayList<>();
            for (String folder : p.allowedFolders()) {
                allowedFolders.add(Path.of(folder));
            }
            prepared = PreparedRun.of(ScenarioLoader.parse(p.scenarioText(), p.scenarioSource(), p.overrides(),
                    allowedFolders, HeapBudget.partOfRun()));
        } catch (ScenarioException | IllegalArgumentException e) {
            return new Unfit("the scenario does not load here: " + e.getMessage());
        }
        if (prepared.fabric().elementCount() != p.elementCount()
                || prepared.fabric().lookaheadPs() != p.lookaheadPs()) {
            return new Unfit("the scenario built " + prepared.fabric().elementCount() + " elements with lookahead "
                    + prepared.fabric().lookaheadPs() + " ps here, " + p.elementCount() + " and " + p.lookaheadPs()
                    + " ps on the driver");
        }
        PartitionPlan plan = PartitionPlan.of(prepared.fabric(), p.members(), p.shardsPerMember());
        if (plan.fingerprint() != p.planFingerprint()) {
            return new Unfit("the partition plan computed here differs from the driver's");
        }
        RunLimits limits = new RunLimits(p.stopPs(), plan.shardOf(), plan.shards(),
                new Sampling(p.samplingIntervalPs(), p.samplingMaxPoints())
                        .keeping(prepared.scenario().sampling().keptFlows()).forFlows(prepared.flows().size()), null)
                .withRunAhead(p.members() > 1);
        return new Rebuilt(prepared, limits);
    }
}
