package io.fabricemu.cluster;

import akka.actor.CoordinatedShutdown;
import akka.actor.typed.ActorSystem;
import akka.cluster.typed.Cluster;
import akka.cluster.typed.Down;
import io.fabricemu.cli.WholeNumber;
import io.fabricemu.cluster.wire.WireConfig;
import io.fabricemu.run.ClusterConfigException;
import io.fabricemu.scenario.yaml.InputFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fabric-emu node}: a worker member of a cluster. It joins through the seed nodes of its cluster file and
 * then runs the shards of whatever run a driver ({@code run --cluster}) gives it, one run at a time, until it is
 * stopped (Ctrl-C leaves the cluster gracefully). A driver forks its own nodes for {@code run --jvms} with the
 * hidden options.
 */
@Command(name = "node", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Starts a worker member of a fabric-emu cluster: it joins through the seed nodes of the "
                + "cluster file and runs the shards of each run a driver ('run --cluster FILE') gives it, until "
                + "stopped. Binds to 127.0.0.1 unless the file's hostname says otherwise.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:stopped", "1:could not start",
                "2:bad input (its port already in use, too), or refused by the cluster (another build)"})
final class NodeCommand implements Callable<Integer> {
    /** How long a member waits for its actor system to finish terminating once it has begun to shut down. */
    private static final long SHUTDOWN_GRACE_MS = 20_000;
    /** How long a forked worker whose driver is gone may take to stop before it halts. */
    private static final long ORPHAN_GRACE_MS = 1_000;

    @Spec
    CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", description = "Cluster file (HOCON, section fabric-emu.cluster).")
    Path config;

    @Option(names = "--hostname", paramLabel = "HOST",
            description = "This member's address, overriding the file's hostname (default 127.0.0.1).")
    String hostname;

    @Option(names = "--port", paramLabel = "PORT", converter = MemberPort.class,
            description = "This member's port, overriding the file's (0: any).")
    Integer port;

    @Option(names = "--join", hidden = true, paramLabel = "HOST:PORT", description = "The driver that forked this JVM.")
    String join;

    @Option(names = "--forked", hidden = true, paramLabel = "LOG",
            description = "Forked by a driver, writing to LOG: when standard input ends (the driver is done or gone), "
                    + "delete LOG, and the driver's log folder holding it once empty, and exit.")
    Path forkedLog;

    @Option(names = "--batch-serializer", hidden = true, paramLabel = "NAME")
    String batchSerializer;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter out = spec.commandLine().getOut();
        ClusterSettings settings;
        try {
            settings = settings();
        } catch (ClusterConfigException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return 2;
        }
        String portSource = port != null ? "--port" : InputFile.display(config) + ": " + ClusterFile.SECTION + ".port";
        if (PortInUse.now(settings.hostname(), settings.port())) {
            err.println("error: " + PortInUse.message(settings.hostname(), settings.port(), portSource));
            err.flush();
            return 2;
        }
        ActorSystem<NodeAgent.Command> system;
        try {
            system = ActorSystem.create(NodeAgent.create(System.out), MemberConfig.SYSTEM,
                    MemberConfig.of(settings, MemberConfig.WORKER));
        } catch (RuntimeException e) {
            boolean taken = PortInUse.causeOf(e);
            err.println("error: " + (taken ? PortInUse.message(settings.hostname(), settings.port(), portSource)
                    : "the node could not start on " + settings.hostname() + ":" + settings.port() + ": "
                    + e.getMessage()));
            err.flush();
            return taken ? 2 : 1;
        }
        BindErrorFilter.bound(system);
        out.printf("fabric-emu node %s (build %s) joining %s; waiting for runs%n", system.address(),
                BuildId.current(), String.join(", ", settings.seedNodes()));
        out.flush();
        if (forkedLog != null) {
            exitWhenInputEnds(system, forkedLog);
        }
        awaitEnd(system);
        boolean refused = CoordinatedShutdown.get(system).getShutdownReason()
                .map(r -> r.equals(CoordinatedShutdown.incompatibleConfigurationDetectedReason())).orElse(false);
        if (refused) {
            err.println("error: refused by the cluster at " + String.join(", ", settings.seedNodes())
                    + ": its members run another build of fabric-emu (this one is " + BuildId.current()
                    + "); build every member from the same sources");
            err.flush();
            return 2;
        }
        return 0;
    }

    private ClusterSettings settings() throws ClusterConfigException {
        ClusterSettings s;
        if (config != null) {
            s = ClusterFile.read(config);
        } else if (join != null) {
            String serializer = batchSerializer == null ? "compact" : batchSerializer;
            if (!WireConfig.BATCH_SERIALIZERS.contains(serializer)) {
                throw new ClusterConfigException("--batch-serializer: \"" + serializer + "\" is not one of "
                        + WireConfig.BATCH_SERIALIZERS);
            }
            s = ClusterSettings.forked(join, TlsSettings.OFF, serializer);
        } else {
            throw new ClusterConfigException("node needs --config FILE, the cluster file naming the seed nodes");
        }
        if (hostname != null) {
            s = s.withHostname(hostname);
        }
        if (port != null) {
            s = s.withPort(port);
        }
        String problem = LocalAddress.problem(s.hostname());
        if (problem != null) {
            throw new ClusterConfigException((hostname != null ? "--hostname"
                    : InputFile.display(config) + ": " + ClusterFile.SECTION + ".hostname") + ": " + problem);
        }
        return s;
    }

    /** {@code --port}: 0 lets the system pick a free port. */
    static final class MemberPort extends WholeNumber {
        MemberPort() {
            super("a port", 0, 65535);
        }
    }

    /**
     * Waits until the actor system has terminated, or, once its coordinated shutdown has begun, at most
     * {@link #SHUTDOWN_GRACE_MS} more: on a loaded machine Artery's own termination can outlast its phase timeout,
     * and a member the cluster refused must still exit and say why.
     */
    private static void awaitEnd(ActorSystem<?> system) {
        CompletableFuture<?> terminated = system.getWhenTerminated().toCompletableFuture();
        long shutdownSeenNs = 0;
        while (true) {
            try {
                terminated.get(1, TimeUnit.SECONDS);
                return;
            } catch (TimeoutException e) {
                if (CoordinatedShutdown.get(system).getShutdownReason().isPresent()) {
                    long now = System.nanoTime();
                    if (shutdownSeenNs == 0) {
                        shutdownSeenNs = now;
                    } else if (now - shutdownSeenNs > TimeUnit.MILLISECONDS.toNanos(SHUTDOWN_GRACE_MS)) {
                        return;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (ExecutionException e) {
                return;
            }
        }
    }

    /**
     * A forked worker ends with its driver: its standard input is the driver's pipe, closed when the driver is done
     * with it or dies (SIGKILL included). It then deletes its log, and the log folder once empty (the last worker
     * to go does), downs itself, since leaving gracefully would wait for a driver that may be gone, and stops; if
     * that takes over {@link #ORPHAN_GRACE_MS} ms, it halts: nobody waits for anything it still has.
     */
    private static void exitWhenInputEnds(ActorSystem<?> system, Path log) {
        Thread t = new Thread(() -> {
            try (InputStream in = System.in) {
                while (in.read() >= 0) {
                    // nothing is ever sent; the read returns -1 when the driver closes the pipe or dies
                }
            } catch (IOException e) {
                // a broken pipe means the same: the driver is gone
            }
            deleteLog(log);
            Cluster cluster = Cluster.get(system);
            cluster.manager().tell(Down.apply(cluster.selfMember().address()));
            system.terminate();
            try {
                system.getWhenTerminated().toCompletableFuture().get(ORPHAN_GRACE_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException | ExecutionException | TimeoutException e) {
                Runtime.getRuntime().halt(0);
            }
        }, "driver-watch");
        t.setDaemon(true);
        t.start();
    }

    private static void deleteLog(Path log) {
        try {
            Files.deleteIfExists(log);
            Path folder = log.toAbsolutePath().getParent();
            if (folder != null && folder.getFileName().toString().startsWith(LocalJvms.LOG_FOLDER_PREFIX)) {
                Files.deleteIfExists(folder);
            }
        } catch (DirectoryNotEmptyException e) {
            // another worker's log is still there: the last worker to go deletes the folder
        } catch (IOException e) {
            // a log left in the temporary folder harms nothing
        }
    }
}
