package io.fabricemu.actor;

import akka.actor.typed.ActorSystem;
import com.sun.management.HotSpotDiagnosticMXBean;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.fabricemu.engine.ElementFactory;
import io.fabricemu.engine.EngineResult;
import io.fabricemu.engine.Progress;
import io.fabricemu.engine.RunLimits;
import java.lang.management.ManagementFactory;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/** Runs a fabric to completion in an actor system of this JVM: one coordinator, its shards, one actor per element. */
public final class Engine {
    private static final Config CONFIG = ConfigFactory.parseString(String.join("\n",
            "akka.loglevel = WARNING",
            "akka.stdout-loglevel = WARNING",
            "akka.loggers = [\"akka.event.slf4j.Slf4jLogger\"]",
            "akka.logging-filter = \"akka.event.slf4j.Slf4jLoggingFilter\"",
            "akka.log-dead-letters = off",
            "akka.log-dead-letters-during-shutdown = off",
            "akka.actor.default-dispatcher.throughput = 64",
            "akka.actor.default-dispatcher.fork-join-executor.parallelism-min = 2",
            "akka.actor.default-dispatcher.fork-join-executor.parallelism-factor = 1.0",
            "akka.actor.default-dispatcher.executor = " + executor(),
            "akka.actor.default-dispatcher.spinning-executor.parallelism-min = 2",
            "akka.actor.default-dispatcher.spinning-executor.parallelism-factor = 1.0",
            "akka.actor.default-dispatcher.spinning-executor.parallelism-max = 64",
            "akka.coordinated-shutdown.run-by-jvm-shutdown-hook = off"))
            .withFallback(ConfigFactory.load());

    /**
     * A run's own actor system, in this JVM alone: it starts none of Akka's library extensions with it (serialization,
     * which makes a serializer of every module on the class path, the streams' materializer, the typed extensions),
     * as nothing of such a run is serialized, streamed or looked up: 0.2 s to start became 0.1 s (BENCHMARKS.md,
     * round twelve). Any of them still starts when something asks for it. Cluster members keep {@link #CONFIG}.
     */
    private static final Config LOCAL = ConfigFactory.parseString("akka.library-extensions = []").withFallback(CONFIG);

    static {
        // Initialise logging before Akka asks for it, so SLF4J does not replay intercepted start-up calls.
        org.slf4j.LoggerFactory.getILoggerFactory();
    }

    private Engine() {
    }

    /**
     * The default dispatcher's pool: {@link SpinningExecutor} in a JVM that compiles with C1 alone (the launcher's
     * choice for runs of a few seconds), where the fork-join pool's atomics run as slow calls and a worker's sleep
     * at every window's hand-off shows; Akka's fork-join pool where C2 compiles, in the long runs, where the
     * spinning pool's one shared queue cost more than it saved (BENCHMARKS.md, round eleven).
     */
    private static String executor() {
        String level;
        try {
            level = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                    .getVMOption("TieredStopAtLevel").getValue();
        } catch (RuntimeException e) { // not HotSpot, or no such option: what Akka would choose
            level = "";
        }
        return "1".equals(level) ? "\"" + SpinningExecutorConfigurator.class.getName() + "\"" : "fork-join-executor";
    }

    /** {@link #LOCAL} with a pool of exactly {@code workers} threads, whichever executor runs it. */
    private static Config pool(int workers) {
        return ConfigFactory.parseString(String.join("\n",
                "akka.actor.default-dispatcher.fork-join-executor.parallelism-min = " + workers,
                "akka.actor.default-dispatcher.fork-join-executor.parallelism-max = " + workers,
                "akka.actor.default-dispatcher.spinning-executor.parallelism-min = " + workers,
                "akka.actor.default-dispatcher.spinning-executor.parallelism-max = " + workers)).withFallback(LOCAL);
    }

    /** The actor system settings every JVM of a run uses: quiet logging, and the dispatcher the engine is tuned to. */
    public static Config config() {
        return CONFIG;
    }

    /**
     * Runs the fabric and returns what the engine measured; blocks until the run is over.
     *
     * @throws IllegalStateException wrapping the cause when an element failed
     */
    public static EngineResult run(ElementFactory factory, RunLimits limits, Progress progress) {
        return run(factory, limits, progress, 0);
    }

    /**
     * As {@link #run(ElementFactory, RunLimits, Progress)}, on a pool of {@code workers} threads; 0: the default
     * pool, one thread per processor and at least two. A narrow run goes fastest on one worker
     * ({@code run.RunWidth}); the results are the same on any number.
     */
    public static EngineResult run(ElementFactory factory, RunLimits limits, Progress progress, int workers) {
        if (workers < 0) {
            throw new IllegalArgumentException("workers must be >= 0, was " + workers);
        }
        if (limits.shardOf().length != factory.elementCount()) {
            throw new IllegalArgumentException("a shard for each of the " + factory.elementCount() + " elements");
        }
        CompletableFuture<EngineResult> result = new CompletableFuture<>();
        progress.engineStarting();
        ActorSystem<Coordinator.Command> system = ActorSystem.create(Coordinator.create(factory, limits, progress, result),
                "fabric-emu", workers == 0 ? LOCAL : pool(workers));
        progress.actorSystemUp();
        try {
            return result.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the emulation failed: " + e.getCause().getMessage(), e.getCause());
        } finally {
            // The run's result is decided: the system stops its actors while the results are written (30 to 40 ms
            // that the run no longer waits for), and nothing of it is read again.
            system.terminate();
        }
    }
}
