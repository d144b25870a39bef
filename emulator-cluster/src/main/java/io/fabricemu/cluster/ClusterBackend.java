package io.fabricemu.cluster;

import akka.Done;
import akka.actor.Address;
import akka.actor.CoordinatedShutdown;
import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.Props;
import akka.actor.typed.javadsl.Behaviors;
import akka.cluster.typed.Cluster;
import akka.cluster.typed.Down;
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
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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

    private ClusterBackend(ActorSystem<Void> system, ClusterRequest request, PrintWriter out, LocalJvms jvms,
                           Formation.Members members, int shardsPerMember) {
        this.system = system;
        this.request = request;
        this.out = out;
        this.jvms = jvms;
        this.members = members;
        this.shardsPerMember = shardsPerMember;
        if (jvms != null) {
            jvms.onLost(this::processLost);
        }
        CoordinatedShutdown.get(system).addTask(CoordinatedShutdown.PhaseBeforeServiceUnbind(), "interrupt-run",
                () -> {
                    String interruption = Interruption.of(system);
                    ActorRef<RunSession.Command> s = session;
                    if (interruption != null && s != null) {
                        s.tell(new RunSession.Interrupted(interruption));
                    }
                    return CompletableFuture.completedFuture(Done.getInstance());
                });
    }

    static ClusterBackend open(ClusterRequest request, PrintWriter out) throws ClusterConfigException {
        boolean forked = request.jvms() > 0;
        ClusterSettings settings = forked
                ? new ClusterSettings(ClusterSettings.LOOPBACK, 0, List.of(), request.jvms(),
                ClusterSettings.DEFAULT_FORM_TIMEOUT_MS, TlsSettings.OFF, "compact")
                : ClusterFile.read(request.clusterConfig()).withPort(0);
        long startNanos = System.nanoTime();
        ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), MemberConfig.SYSTEM,
                MemberConfig.of(settings, MemberConfig.DRIVER));
        LocalJvms jvms = null;
        try {
            Formation formation = new Formation(system, settings);
            if (forked) {
                Address self = formation.joinSelf();
                say(out, String.format("fabric-emu: forming a cluster of %d worker JVMs on 127.0.0.1 (driver %s, "
                        + "build %s)", request.jvms(), self, BuildId.current()));
                jvms = LocalJvms.fork(request.jvms(), self.getHost().get() + ":" + self.getPort().get(),
                        settings.batchSerializer());
                formation.watch(jvms);
            } else {
                say(out, String.format("fabric-emu: joining the cluster at %s, waiting for %d workers (build %s)",
                        String.join(", ", settings.seedNodes()), settings.workers(), BuildId.current()));
            }
            Formation.Members members = formation.await();
            int shards = request.shardsPerMember() != null ? request.shardsPerMember()
                    : forked ? 1 : members.minProcessors();
            say(out, String.format("fabric-emu: %d workers ready after %.1f s: %s", members.agents().size(),
                    (System.nanoTime() - startNanos) / 1e9, members.describe()));
            return new ClusterBackend(system, request, out, jvms, members, shards);
        } catch (RunInterruptedException e) {
            stop(system, 2);
            if (jvms != null) {
                jvms.close();
            }
            throw e;
        } catch (RuntimeException e) {
            downSelf(system);
            stop(system, 2);
            if (jvms != null) {
                jvms.kill();
            }
            throw e;
        }
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
                    shardsPerMember, m, plan.fingerprint(), factory.elementCount(), factory.lookaheadPs(), null,
                    null));
        }
        CompletableFuture<EngineResult> result = new CompletableFuture<>();
        AtomicReference<IllegalStateException> loss = new AtomicReference<>();
        Behavior<Coordinator.Command> coordinator = Coordinator.awaitingShards(factory, limits, progress, result);
        session = system.systemActorOf(RunSession.create(runId, members.agents(), Set.copyOf(members.known()),
                coordinator, requests, shardsPerMember, result, loss), "run-" + runs, Props.empty());
        for (int i = 0; jvms != null && i < jvms.count(); i++) {
            String lost = jvms.lost(i);
            if (lost != null) {
                processLost(i, lost);
            }
        }
        try {
            return result.get();
        } catch (InterruptedException | ExecutionException e) {
            IllegalStateException lost = loss.get();
            IllegalStateException failure = lost != null ? lost : failure(e);
            interrupted = failure instanceof RunInterruptedException;
            failed = !interrupted;
            throw failure;
        } finally {
            session.tell(RunSession.Finish.INSTANCE);
            session = null;
        }
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

    /** A forked worker exited or was stopped: if a run is going on, it is lost. */
    private void processLost(int process, String description) {
        ActorRef<RunSession.Command> s = session;
        int member = members.memberOfPort(jvms.port(process));
        if (s != null && member >= 0) {
            s.tell(new RunSession.MemberLost(member, "was lost", description));
        }
    }

    /**
     * Leaves the cluster and stops the forked workers; after a failed run at once, without waiting for lost members
     * to acknowledge anything, so an aborted run ends within seconds of the loss.
     */
    @Override
    public void close() {
        if (failed) {
            downSelf(system);
        }
        stop(system, failed || interrupted ? 2 : 15);
        if (jvms != null) {
            if (failed) {
                jvms.kill();
            } else {
                jvms.close();
            }
        }
    }

    /**
     * Leaving needs the members to agree, which a frozen one never does: Akka's coordinated shutdown would wait out
     * its exiting phase, and the JVM's exit with it. A member that is down skips that phase.
     */
    private static void downSelf(ActorSystem<Void> system) {
        Cluster cluster = Cluster.get(system);
        cluster.manager().tell(Down.apply(cluster.selfMember().address()));
    }

    private static void stop(ActorSystem<Void> system, int waitSeconds) {
        system.terminate();
        try {
            system.getWhenTerminated().toCompletableFuture().get(waitSeconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // leaving the cluster slowly changes nothing for the run, which is over
        }
    }

    private static void say(PrintWriter out, String line) {
        if (out != null) {
            out.println(line);
            out.flush();
        }
    }
}
