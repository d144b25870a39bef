package io.fabricemu.cluster;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.Props;
import io.fabricemu.actor.Coordinator;
import io.fabricemu.engine.ElementFactory;
import io.fabricemu.engine.EngineResult;
import io.fabricemu.engine.Progress;
import io.fabricemu.engine.RunLimits;
import io.fabricemu.fabric.FabricBuilder;
import io.fabricemu.run.ClusterConfigException;
import io.fabricemu.run.ClusterRequest;
import io.fabricemu.run.DistributedBackend;
import io.fabricemu.run.PartitionPlan;
import io.fabricemu.run.RunInterruptedException;
import io.fabricemu.trace.PacketTrace;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The driver of runs across JVMs: a member of the cluster (role {@code driver}) that hosts no shard, only each
 * run's coordinator and session. It forks the worker JVMs itself ({@code --jvms}) or joins a formed cluster
 * ({@code --cluster}), waits for the workers, plans the partition, and runs.
 *
 * <p>How a run ends, and how fast: a member lost (its forked JVM exited or stopped, or the cluster's heartbeats
 * missed it) aborts the run within seconds, in any phase, with a {@link io.fabricemu.run.MemberLostException};
 * the driver then downs itself, since leaving would wait for the lost member's consent, and kills its forked
 * workers, keeping their logs for the message that names them. SIGINT or SIGTERM start Akka's coordinated
 * shutdown, whose first phase tells the run's session, so the run fails with a
 * {@link io.fabricemu.run.RunInterruptedException}, not as members lost; the forked workers are then told to go
 * (they delete their logs). A driver killed outright cannot tell them: they see their standard input end.
 */
final class ClusterBackend implements DistributedBackend {
    private final DriverCluster cluster;
    private final ActorSystem<Void> system;
    private final ClusterRequest request;
    private final PrintWriter out;
    private final LocalJvms jvms;
    private final Formation.Members members;
    private final int shardsPerMember;
    private PartitionPlan plan;
    private FabricBuilder plannedFabric;
    private volatile ActorRef<RunSession.Command> session;
    private int runs;
    private boolean failed;
    private boolean interrupted;

    private ClusterBackend(DriverCluster cluster, ClusterRequest request, PrintWriter out, int shardsPerMember) {
        this.cluster = cluster;
        this.system = cluster.system;
        this.request = request;
        this.out = out;
        this.jvms = cluster.jvms;
        this.members = cluster.members;
        this.shardsPerMember = shardsPerMember;
        cluster.whenWorkerLost(this::memberLost);
        cluster.whenAskedToEnd("interrupt-run", interruption -> {
            ActorRef<RunSession.Command> s = session;
            if (s != null) {
                s.tell(new RunSession.Interrupted(interruption));
            }
        });
    }

    static ClusterBackend open(ClusterRequest request, PrintWriter out) throws ClusterConfigException {
        DriverCluster cluster = DriverCluster.form(request.jvms(), request.clusterConfig(), out);
        int shards = request.shardsPerMember() != null ? request.shardsPerMember()
                : cluster.forked() ? 1 : cluster.members.minProcessors();
        return new ClusterBackend(cluster, request, out, shards);
    }

    @Override
    public int shards() {
        return members.agents().size() * shardsPerMember;
    }

    @Override
    public int[] shardOf(FabricBuilder fabric) {
        // a backend runs one scenario (its text goes to every member), so repeated runs (bench) reuse the plan
        if (plan == null || plannedFabric != fabric) {
            plan = PartitionPlan.of(fabric, members.agents().size(), shardsPerMember);
            plannedFabric = fabric;
            say(out, plan.describe());
        }
        return plan.shardOf();
    }

    @Override
    public EngineResult run(ElementFactory factory, RunLimits limits, Progress progress) {
        return run(factory, limits, progress, null);
    }

    /**
     * A traced run's elements record in the members: each traces the same selection on its own elements, and once
     * the run is over, before the members are released, the driver brings their frames over ({@link TraceTransfer}).
     */
    @Override
    public EngineResult run(ElementFactory factory, RunLimits limits, Progress progress, PacketTrace trace) {
        if (plan == null || plan.shards() != limits.shards()) {
            throw new IllegalStateException("shardOf must plan the run before it runs");
        }
        if (limits.listener() != null) {
            say(out, "fabric-emu: live metrics carry the run's progress only when it runs across JVMs; "
                    + "per-port and per-flow series are in the results");
        }
        String interruption = Interruption.of(system);
        if (interruption != null) {
            interrupted = true;
            throw new RunInterruptedException(interruption + " before the run began");
        }
        String runId = system.address() + "#" + (++runs);
        List<String> allowedFolders = new ArrayList<>();
        for (Path folder : request.allowedFolders()) {
            allowedFolders.add(folder.toAbsolutePath().toString());
        }
        List<NodeAgent.Prepare> requests = new ArrayList<>();
        for (int m = 0; m < members.agents().size(); m++) {
            requests.add(new NodeAgent.Prepare(runId, BuildId.current(), request.scenarioSource(),
                    request.scenarioText(), request.overrides(), allowedFolders, limits.stopPs(),
                    limits.sampling().intervalPs(), limits.sampling().maxPoints(), members.agents().size(),
                    shardsPerMember, m, plan.fingerprint(), factory.elementCount(), factory.lookaheadPs(),
                    trace == null ? null : trace.selection(), null, null));
        }
        CompletableFuture<EngineResult> result = new CompletableFuture<>();
        AtomicReference<IllegalStateException> loss = new AtomicReference<>();
        CompletableFuture<Void> aborted = new CompletableFuture<>();
        Behavior<Coordinator.Command> coordinator = Coordinator.awaitingShards(factory, limits, progress, result);
        session = system.systemActorOf(RunSession.create(runId, members.agents(), Set.copyOf(members.known()),
                coordinator, requests, shardsPerMember, result, loss, aborted), "run-" + runs, Props.empty());
        for (int i = 0; jvms != null && i < jvms.count(); i++) {
            String lost = jvms.lost(i);
            if (lost != null && cluster.memberOfProcess(i) >= 0) {
                memberLost(cluster.memberOfProcess(i), lost);
            }
        }
        try {
            EngineResult r = result.get();
            if (trace != null) {
                TraceTransfer.collect(system, runId, members.agents(), trace, aborted);
            }
            return r;
        } catch (InterruptedException | ExecutionException e) {
            throw failed(loss, failure(e));
        } catch (IllegalStateException e) {
            throw failed(loss, e);
        } finally {
            session.tell(RunSession.Finish.INSTANCE);
            session = null;
        }
    }

    /** The run's failure, the member lost if one was: the cluster is then closed as after a failure. */
    private IllegalStateException failed(AtomicReference<IllegalStateException> loss, IllegalStateException e) {
        IllegalStateException lost = loss.get();
        IllegalStateException failure = lost != null ? lost : e;
        interrupted = failure instanceof RunInterruptedException;
        failed = !interrupted;
        return failure;
    }

    private static IllegalStateException failure(Exception e) {
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
            return new IllegalStateException("interrupted", e);
        }
        if (e.getCause() instanceof IllegalStateException failure) {
            return failure;
        }
        return new IllegalStateException(String.valueOf(e.getCause().getMessage()), e.getCause());
    }

    /** The forked worker of member {@code member} exited or was stopped: if a run is going on, it is lost. */
    private void memberLost(int member, String description) {
        ActorRef<RunSession.Command> s = session;
        if (s != null) {
            s.tell(new RunSession.MemberLost(member, "was lost", description));
        }
    }

    /** Leaves the cluster and stops the forked workers; at once after a failed run. */
    @Override
    public void close() {
        cluster.close(failed, interrupted, false);
    }

    private static void say(PrintWriter out, String line) {
        DriverCluster.say(out, line);
    }
}
