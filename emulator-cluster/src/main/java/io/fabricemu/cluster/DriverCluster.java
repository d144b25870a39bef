package io.fabricemu.cluster;

import akka.Done;
import akka.actor.Address;
import akka.actor.CoordinatedShutdown;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import akka.cluster.typed.Cluster;
import akka.cluster.typed.Down;
import io.fabricemu.run.ClusterConfigException;
import io.fabricemu.run.RunInterruptedException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A driver's cluster: its actor system (a member of role {@code driver}, hosting no shard and no run), the worker
 * JVMs it forked for {@code --jvms} (null when it joined a formed cluster, {@code --cluster}), and the workers that
 * are up. A sharded run ({@link ClusterBackend}) and whole runs handed out ({@link ClusterFarm}) both start so.
 */
final class DriverCluster {
    final ActorSystem<Void> system;
    /** The forked workers, or null. */
    final LocalJvms jvms;
    final Formation.Members members;

    private DriverCluster(ActorSystem<Void> system, LocalJvms jvms, Formation.Members members) {
        this.system = system;
        this.jvms = jvms;
        this.members = members;
    }

    /**
     * Forks {@code jvms} local workers, or (0) joins the cluster {@code clusterConfig} describes, and waits until the
     * workers are up; tells {@code out} (null: nobody) how it goes.
     *
     * @throws ClusterConfigException when the cluster file is bad input
     * @throws RunInterruptedException when this JVM is asked to end meanwhile
     * @throws IllegalStateException   when the cluster could not be formed (a {@code MemberLostException} when a
     *                                 worker was lost while it formed)
     */
    static DriverCluster form(int jvms, Path clusterConfig, PrintWriter out) throws ClusterConfigException {
        boolean forked = jvms > 0;
        ClusterSettings settings = forked
                ? new ClusterSettings(ClusterSettings.LOOPBACK, 0, List.of(), jvms,
                ClusterSettings.DEFAULT_FORM_TIMEOUT_MS, TlsSettings.OFF, "compact")
                : ClusterFile.read(clusterConfig).withPort(0);
        long startNanos = System.nanoTime();
        ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), MemberConfig.SYSTEM,
                MemberConfig.of(settings, MemberConfig.DRIVER));
        LocalJvms local = null;
        try {
            Formation formation = new Formation(system, settings);
            if (forked) {
                Address self = formation.joinSelf();
                say(out, String.format("fabric-emu: forming a cluster of %d worker JVMs on 127.0.0.1 (driver %s, "
                        + "build %s)", jvms, self, BuildId.current()));
                local = LocalJvms.fork(jvms, self.getHost().get() + ":" + self.getPort().get(),
                        settings.batchSerializer());
                formation.watch(local);
            } else {
                say(out, String.format("fabric-emu: joining the cluster at %s, waiting for %d workers (build %s)",
                        String.join(", ", settings.seedNodes()), settings.workers(), BuildId.current()));
            }
            Formation.Members members = formation.await();
            say(out, String.format("fabric-emu: %d workers ready after %.1f s: %s", members.agents().size(),
                    (System.nanoTime() - startNanos) / 1e9, members.describe()));
            return new DriverCluster(system, local, members);
        } catch (RunInterruptedException e) {
            stop(system, 2);
            if (local != null) {
                local.close();
            }
            throw e;
        } catch (RuntimeException e) {
            downSelf(system);
            stop(system, 2);
            if (local != null) {
                local.kill();
            }
            throw e;
        }
    }

    boolean forked() {
        return jvms != null;
    }

    /**
     * {@code lost} hears, by member index, of every forked worker whose JVM exits or is stopped from now on
     * ({@link LocalJvms}' watchdog); nothing without forked workers.
     */
    void whenWorkerLost(BiConsumer<Integer, String> lost) {
        if (jvms != null) {
            jvms.onLost((process, description) -> {
                int member = memberOfProcess(process);
                if (member >= 0) {
                    lost.accept(member, description);
                }
            });
        }
    }

    /** The member index of forked worker {@code process}, or -1 if it is not a member. */
    int memberOfProcess(int process) {
        return members.memberOfPort(jvms.port(process));
    }

    /**
     * When this JVM is asked to end (SIGINT, SIGTERM), {@code tell} gets why, in the first phase of Akka's coordinated
     * shutdown, before the cluster is left: a run or a farm then ends as interrupted, not as members lost.
     * {@code task} names the task, once per system.
     */
    void whenAskedToEnd(String task, Consumer<String> tell) {
        CoordinatedShutdown.get(system).addTask(CoordinatedShutdown.PhaseBeforeServiceUnbind(), task, () -> {
            String interruption = Interruption.of(system);
            if (interruption != null) {
                tell.accept(interruption);
            }
            return CompletableFuture.completedFuture(Done.getInstance());
        });
    }

    /**
     * Leaves the cluster and stops the forked workers; after a failure at once, without waiting for lost members
     * to acknowledge anything, so an aborted run ends within seconds of the loss. The workers are killed after a
     * failure, else told to go (they delete their logs); a lost worker's log stays, named where it was reported.
     *
     * @param memberLost a member was lost though the work went on without it: it will never agree to the leaving
     */
    void close(boolean failed, boolean interrupted, boolean memberLost) {
        if (failed || memberLost) {
            downSelf(system);
        }
        stop(system, failed || interrupted || memberLost ? 2 : 15);
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
            // leaving the cluster slowly changes nothing for the runs, which are over
        }
    }

    static void say(PrintWriter out, String line) {
        if (out != null) {
            out.println(line);
            out.flush();
        }
    }
}
