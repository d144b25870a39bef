package io.fabricemu.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import io.fabricemu.actor.Engine;
import io.fabricemu.cluster.wire.WireConfig;
import java.util.ArrayList;
import java.util.List;

/**
 * The actor system settings of a cluster member, driver or worker: Artery TCP (or TLS) bound to the configured
 * address (loopback unless told otherwise), the seed nodes, the build every member must share, Java serialization
 * off and the engine's messages bound to their serializers, a split-brain resolver, and the cluster's own
 * heartbeats on a dispatcher of their own, so a member busy with a large window is not taken for dead. Gossip
 * runs faster than Akka's defaults so a cluster of a few members forms, and learns of its workers, in seconds.
 *
 * <p>A window's packet batches reach the peer shard through Artery's ordinary-message stream and Akka's TCP
 * connection actors. By default those run on two dispatchers of their own besides the one the shards run on, and
 * the inbound stream splits into four lanes, so a batch changed threads five or six times on its way; each change
 * wakes a parked thread, which on a busy or virtual machine costs tens to hundreds of microseconds, once per
 * window. They run on the engine's dispatcher instead, with one inbound lane: measured on two workers pinned to
 * a core each, a window with almost no work fell from 0.42 to 0.36 ms (BENCHMARKS.md). Artery's control stream,
 * which carries the cluster's heartbeats, stays on the internal dispatcher and the cluster on its own, so a
 * member deep in a long window still answers them.
 *
 * <p>Failure detection: every member sends heartbeats every {@link #HEARTBEAT_INTERVAL_MS} ms (Akka: 1 s), and
 * Akka's phi-accrual detector takes a member for unreachable once its heartbeats are overdue by
 * {@link #HEARTBEAT_PAUSE_MS} ms plus a margin that grows with their measured jitter; the check runs every
 * {@link #REAPER_INTERVAL_MS} ms (Akka: 1 s). Twice as many heartbeats give the detector a tighter estimate, so a
 * stopped member is found about 6 to 7 s after its last heartbeat instead of 6 to 12. The pause is not shorter:
 * on a loaded 2-core machine running a driver and three workers, healthy members' heartbeats were seen up to 6.3
 * s apart, and such a member must not be lost. A member whose JVM this driver forked is watched by its process
 * as well ({@link LocalJvms}), in about a second. Leaving the cluster waits at most 3 s for the others to agree
 * (Akka: 10 s), so a member stopped with Ctrl-C while another is unreachable still exits promptly; and the JVM's
 * exit waits at most 2 s (Akka: 10 s) for the actor system to terminate, which Artery can delay while a stopped
 * peer holds its connection open.
 */
final class MemberConfig {
    static final String SYSTEM = "fabric-emu";
    static final String DRIVER = "driver";
    static final String WORKER = "worker";
    static final long HEARTBEAT_INTERVAL_MS = 500;
    static final long HEARTBEAT_PAUSE_MS = 5000;
    static final long REAPER_INTERVAL_MS = 500;

    private MemberConfig() {
    }

    static Config of(ClusterSettings s, String role) {
        List<String> seeds = new ArrayList<>();
        for (String seed : s.seedNodes()) {
            seeds.add(address(seed));
        }
        Config own = ConfigFactory.parseString(String.join("\n",
                        "akka.actor.provider = cluster",
                        "akka.remote.artery.canonical.port = " + s.port(),
                        "akka.remote.artery.advanced.maximum-frame-size = 1 MiB",
                        "akka.remote.artery.advanced.buffer-pool-size = 64",
                        "akka.cluster.downing-provider-class = \"akka.cluster.sbr.SplitBrainResolverProvider\"",
                        "akka.cluster.configuration-compatibility-check.enforce-on-join = on",
                        "akka.cluster.configuration-compatibility-check.checkers.fabric-emu-build = "
                                + "\"" + BuildCheck.class.getName() + "\"",
                        "akka.cluster.failure-detector.heartbeat-interval = " + HEARTBEAT_INTERVAL_MS + "ms",
                        "akka.cluster.failure-detector.acceptable-heartbeat-pause = " + HEARTBEAT_PAUSE_MS + "ms",
                        "akka.cluster.unreachable-nodes-reaper-interval = " + REAPER_INTERVAL_MS + "ms",
                        "akka.coordinated-shutdown.phases.cluster-exiting.timeout = 3s",
                        "akka.coordinated-shutdown.phases.actor-system-terminate.timeout = 2s",
                        "akka.logging-filter = \"" + BindErrorFilter.class.getName() + "\"",
                        "akka.cluster.use-dispatcher = fabric-emu-cluster-dispatcher",
                        "akka.cluster.log-info = off",
                        "akka.cluster.periodic-tasks-initial-delay = 200ms",
                        "akka.cluster.gossip-interval = 500ms",
                        "akka.cluster.leader-actions-interval = 500ms",
                        "akka.cluster.typed.receptionist.distributed-data.gossip-interval = 300ms",
                        "akka.cluster.typed.receptionist.distributed-data.notify-subscribers-interval = 100ms",
                        "akka.coordinated-shutdown.run-by-jvm-shutdown-hook = on",
                        "akka.cluster.jmx.enabled = off",
                        "akka.coordinated-shutdown.exit-jvm = off",
                        // members on one machine would watch for work at each other's expense: no SpinningExecutor
                        "akka.actor.default-dispatcher.executor = fork-join-executor",
                        "akka.actor.default-dispatcher.fork-join-executor.parallelism-min = 1",
                        "akka.remote.artery.advanced.use-dispatcher = akka.actor.default-dispatcher",
                        "akka.remote.artery.advanced.inbound-lanes = 1",
                        "akka.remote.artery.advanced.shutdown-flush-timeout = 200ms",
                        "akka.io.tcp.worker-dispatcher = akka.actor.default-dispatcher",
                        "fabric-emu-cluster-dispatcher.type = Dispatcher",
                        "fabric-emu-cluster-dispatcher.executor = thread-pool-executor",
                        "fabric-emu-cluster-dispatcher.thread-pool-executor.fixed-pool-size = 2"))
                .withValue("akka.remote.artery.canonical.hostname", ConfigValueFactory.fromAnyRef(s.hostname()))
                .withValue("akka.cluster.seed-nodes", ConfigValueFactory.fromIterable(seeds))
                .withValue("akka.cluster.roles", ConfigValueFactory.fromIterable(List.of(role)))
                .withValue(BuildCheck.KEY, ConfigValueFactory.fromAnyRef(BuildId.current()))
                .withValue(WireConfig.BATCH_SERIALIZER, ConfigValueFactory.fromAnyRef(s.batchSerializer()));
        return WireConfig.withSerialization(tls(s.tls()).withFallback(own))
                .withFallback(Engine.config())
                .resolve();
    }

    /** The Akka address of a {@code host:port} member. */
    static String address(String hostPort) {
        return "akka://" + SYSTEM + "@" + hostPort;
    }

    private static Config tls(TlsSettings tls) {
        if (tls == null) {
            return ConfigFactory.parseString("akka.remote.artery.transport = tcp");
        }
        String p = "akka.remote.artery.ssl.config-ssl-engine.";
        return ConfigFactory.parseString(String.join("\n",
                        "akka.remote.artery.transport = tls-tcp",
                        p + "require-mutual-authentication = on",
                        p + "protocol = \"TLSv1.2\""))
                .withValue(p + "key-store", ConfigValueFactory.fromAnyRef(tls.keyStore().toString()))
                .withValue(p + "trust-store", ConfigValueFactory.fromAnyRef(tls.trustStore().toString()))
                .withValue(p + "key-store-password", ConfigValueFactory.fromAnyRef(tls.password()))
                .withValue(p + "key-password", ConfigValueFactory.fromAnyRef(tls.password()))
                .withValue(p + "trust-store-password", ConfigValueFactory.fromAnyRef(tls.password()));
    }
}
