package io.fabricemu.cluster;

import akka.actor.Address;
import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.AskPattern;
import akka.actor.typed.receptionist.Receptionist;
import akka.cluster.Member;
import akka.cluster.MemberStatus;
import akka.cluster.typed.Cluster;
import akka.cluster.typed.Join;
import io.fabricemu.run.MemberLostException;
import io.fabricemu.run.RunInterruptedException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The driver's wait for its workers: until the configured number of worker agents are registered and their
 * members are up, or the wait times out, or the cluster refuses the driver, or this JVM is asked to end. A member
 * lost meanwhile ends the wait at once with a {@link MemberLostException}: a forked worker whose JVM exited or was
 * stopped ({@link LocalJvms}' watchdog), whether it had joined yet or not, and a worker that was up and then became
 * unreachable or left. The workers are taken in address order (host, then port), so the same cluster gives the
 * same member numbering.
 */
final class Formation {
    private static final Duration ASK = Duration.ofSeconds(3);
    private final ActorSystem<Void> system;
    private final ClusterSettings settings;
    private LocalJvms jvms;
    /** The worker members seen up so far: one of them unreachable or gone is lost. */
    private final Set<Address> seenUp = new HashSet<>();

    Formation(ActorSystem<Void> system, ClusterSettings settings) {
        this.system = system;
        this.settings = settings;
    }

    /** Makes this driver the cluster's first member; returns its address, for the workers to join. */
    Address joinSelf() {
        Cluster cluster = Cluster.get(system);
        Address self = cluster.selfMember().address();
        cluster.manager().tell(Join.create(self));
        return self;
    }

    /** The forked workers: one that ends or is stopped fails the wait at once. */
    void watch(LocalJvms forked) {
        this.jvms = forked;
    }

    /** The workers of the run, once they are all up. */
    Members await() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(settings.formTimeoutMs());
        Set<ActorRef<NodeAgent.Command>> up = Set.of();
        while (System.nanoTime() < deadline) {
            failIfGone();
            up = upAgents();
            if (up.size() >= settings.workers()) {
                return members(up);
            }
            sleep(200);
        }
        throw new IllegalStateException(String.format("only %d of %d workers were up after %d s%s", up.size(),
                settings.workers(), settings.formTimeoutMs() / 1000, jvms != null
                        ? "; the workers' logs are in " + jvms.logFolder()
                        : "; start 'fabric-emu node --config FILE' on every machine, check seed-nodes, hostname and "
                        + "firewalls, or raise form-timeout"));
    }

    private void failIfGone() {
        String interruption = Interruption.of(system);
        if (interruption != null) {
            throw new RunInterruptedException(interruption + " while the cluster formed");
        }
        if (system.whenTerminated().isCompleted()) {
            throw new IllegalStateException("the cluster refused this driver or shut it down; if its members run "
                    + "another build, build every machine from the same sources (this one is " + BuildId.current()
                    + ")");
        }
        for (int i = 0; jvms != null && i < jvms.count(); i++) {
            String lost = jvms.lost(i);
            if (lost != null) {
                Address address = Address.apply("akka", MemberConfig.SYSTEM, ClusterSettings.LOOPBACK, jvms.port(i));
                throw new MemberLostException(String.format("worker JVM %d of %d (%s:%d) %s: %s",
                        i + 1, jvms.count(), ClusterSettings.LOOPBACK, jvms.port(i), seenUp.contains(address)
                                ? "was lost while the others joined" : "never joined the cluster", lost));
            }
        }
        Set<Address> unreachable = new HashSet<>();
        for (Member m : Cluster.get(system).state().getUnreachable()) {
            unreachable.add(m.address());
        }
        Set<Address> members = new HashSet<>();
        for (Member m : Cluster.get(system).state().getMembers()) {
            members.add(m.address());
        }
        for (Address up : seenUp) {
            if (unreachable.contains(up) || !members.contains(up)) {
                throw new MemberLostException("worker " + up.hostPort() + (unreachable.contains(up)
                        ? " became unreachable (no heartbeat for over " + MemberConfig.HEARTBEAT_PAUSE_MS / 1000
                        + " s)" : " left the cluster") + " while the cluster formed" + logs());
            }
        }
    }

    private String logs() {
        return jvms == null ? "" : "; the workers' logs are in " + jvms.logFolder();
    }

    private Set<ActorRef<NodeAgent.Command>> upAgents() {
        Receptionist.Listing listing;
        try {
            listing = AskPattern.<Receptionist.Command, Receptionist.Listing>ask(system.receptionist(),
                    reply -> Receptionist.find(NodeAgent.KEY, reply), ASK, system.scheduler())
                    .toCompletableFuture().get(ASK.toMillis() + 1000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            return Set.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the workers", e);
        }
        Set<Address> upAddresses = new HashSet<>();
        for (Member m : Cluster.get(system).state().getMembers()) {
            if (m.status() == MemberStatus.up() && m.hasRole(MemberConfig.WORKER)) {
                upAddresses.add(m.address());
            }
        }
        for (Member m : Cluster.get(system).state().getUnreachable()) {
            upAddresses.remove(m.address());
        }
        seenUp.addAll(upAddresses);
        Set<ActorRef<NodeAgent.Command>> up = new HashSet<>();
        for (ActorRef<NodeAgent.Command> agent : listing.getServiceInstances(NodeAgent.KEY)) {
            if (upAddresses.contains(agent.path().address())) {
                up.add(agent);
            }
        }
        return up;
    }

    private Members members(Set<ActorRef<NodeAgent.Command>> up) {
        List<ActorRef<NodeAgent.Command>> sorted = new ArrayList<>(up);
        sorted.sort(Comparator.comparing((ActorRef<NodeAgent.Command> a) -> a.path().address().getHost().orElse(""))
                .thenComparing(a -> a.path().address().getPort().orElse(0)));
        List<ActorRef<NodeAgent.Command>> chosen = List.copyOf(sorted.subList(0, settings.workers()));
        List<NodeAgent.Described> described = new ArrayList<>();
        for (ActorRef<NodeAgent.Command> agent : chosen) {
            described.add(describe(agent));
        }
        for (int m = 0; m < chosen.size(); m++) {
            if (!described.get(m).build().equals(BuildId.current())) {
                throw new IllegalStateException("worker " + chosen.get(m).path().address() + " runs build "
                        + described.get(m).build() + ", this driver " + BuildId.current()
                        + "; build every machine from the same sources");
            }
        }
        return new Members(chosen, Set.copyOf(up), described);
    }

    private NodeAgent.Described describe(ActorRef<NodeAgent.Command> agent) {
        try {
            return AskPattern.<NodeAgent.Command, NodeAgent.Described>ask(agent, NodeAgent.Describe::new, ASK,
                    system.scheduler()).toCompletableFuture().get(ASK.toMillis() + 1000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            failIfGone();
            throw new MemberLostException("worker " + agent.path().address().hostPort() + " did not answer within "
                    + ASK.toSeconds() + " s while the cluster formed" + logs());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the workers", e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the workers", e);
        }
    }

    /**
     * The workers of a run in member order, every agent seen while waiting (some may not take part), and what
     * each member has.
     */
    record Members(List<ActorRef<NodeAgent.Command>> agents, Set<ActorRef<NodeAgent.Command>> known,
                   List<NodeAgent.Described> described) {
        int minProcessors() {
            return described.stream().mapToInt(NodeAgent.Described::processors).min().orElse(1);
        }

        /** Member index of the worker on loopback port {@code port}, or -1. */
        int memberOfPort(int port) {
            for (int m = 0; m < agents.size(); m++) {
                if (agents.get(m).path().address().getPort().orElse(-1) == port) {
                    return m;
                }
            }
            return -1;
        }

        String describe() {
            StringBuilder sb = new StringBuilder();
            for (int m = 0; m < agents.size(); m++) {
                if (m == 8) {
                    sb.append(", ... (").append(agents.size() - 8).append(" more)");
                    break;
                }
                NodeAgent.Described d = described.get(m);
                sb.append(m == 0 ? "" : ", ").append(agents.get(m).path().address().hostPort())
                        .append(String.format(" (%d cpu, %.1f GiB)", d.processors(), d.maxHeapBytes() / (double) (1L << 30)));
            }
            return sb.toString();
        }
    }
}
