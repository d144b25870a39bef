package io.fabricemu.cluster;

import akka.actor.Address;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import akka.actor.typed.receptionist.Receptionist;
import akka.cluster.ClusterEvent;
import akka.cluster.Member;
import akka.cluster.MemberStatus;
import akka.cluster.typed.Cluster;
import akka.cluster.typed.Subscribe;
import io.fabricemu.actor.ControlMessage;
import io.fabricemu.actor.Coordinator;
import io.fabricemu.actor.ShardActor;
import io.fabricemu.engine.EngineResult;
import io.fabricemu.run.MemberLostException;
import io.fabricemu.run.RunInterruptedException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The driver's side of one run across JVMs. It spawns the coordinator, asks every member's agent to spawn its
 * shards, hands the coordinator all of them once every member answered, and from then on watches the cluster,
 * from the members' set-up to the collection of their reports: a member of the run that is already gone or
 * unreachable when the session starts, becomes unreachable, leaves, or whose forked process exits or is stopped
 * aborts the run at once, failing the caller's future with a {@link MemberLostException} that names it (also kept
 * in {@code loss}, since the coordinator may see the lost shards and fail the run first, knowing less); a member
 * that joins meanwhile is told it is not part of this run. A loss after the run's end, while the driver brings the
 * members' traces over, completes {@code aborted} instead (the result is in by then). When this JVM is asked to end (SIGINT, SIGTERM), the
 * run fails with a {@link RunInterruptedException} instead: leaving the cluster then removes every member from
 * the driver's view, and none of them was lost. The coordinator completes the future when the run ends normally.
 */
final class RunSession extends AbstractBehavior<RunSession.Command> {

    /** What a session accepts. */
    sealed interface Command permits Prepared, Refused, MemberChanged, AgentsListed, MemberLost, Interrupted,
            Finish {
    }

    /** Member {@code member} spawned shards {@code shardIds} of run {@code runId}. */
    record Prepared(String runId, int member, List<Integer> shardIds, List<ActorRef<ShardActor.Command>> shards)
            implements Command, ControlMessage {
        Prepared {
            shardIds = List.copyOf(shardIds);
            shards = List.copyOf(shards);
        }
    }

    /** Member {@code member} cannot take part in run {@code runId}. */
    record Refused(String runId, int member, String reason) implements Command, ControlMessage {
    }

    private record MemberChanged(ClusterEvent.ClusterDomainEvent event) implements Command {
    }

    private record AgentsListed(Receptionist.Listing listing) implements Command {
    }

    /**
     * Member {@code member} is lost: its forked process exited or was stopped, or it was gone at the start;
     * {@code what} says so in a few words, {@code detail} (or nothing) in full.
     */
    record MemberLost(int member, String what, String detail) implements Command {
    }

    /** This JVM is asked to end; {@code reason} says how. */
    record Interrupted(String reason) implements Command {
    }

    /** The run is over: release the members and stop. */
    enum Finish implements Command {
        INSTANCE
    }

    private final String runId;
    private final List<ActorRef<NodeAgent.Command>> agents;
    private final Set<ActorRef<NodeAgent.Command>> known;
    private final List<Address> addresses = new ArrayList<>();
    private final ActorRef<Coordinator.Command> coordinator;
    private final CompletableFuture<EngineResult> result;
    private final AtomicReference<IllegalStateException> loss;
    private final CompletableFuture<Void> aborted;
    private final int shardsPerMember;
    private final ActorRef<ShardActor.Command>[] shards;
    private int prepared;
    private final long startNanos = System.nanoTime();

    @SuppressWarnings("unchecked")
    private RunSession(ActorContext<Command> ctx, String runId, List<ActorRef<NodeAgent.Command>> agents,
                       Set<ActorRef<NodeAgent.Command>> known, Behavior<Coordinator.Command> coordinatorBehavior,
                       List<NodeAgent.Prepare> requests, int shardsPerMember, CompletableFuture<EngineResult> result,
                       AtomicReference<IllegalStateException> loss, CompletableFuture<Void> aborted) {
        super(ctx);
        this.loss = loss;
        this.aborted = aborted;
        this.runId = runId;
        this.agents = List.copyOf(agents);
        this.known = new HashSet<>(known);
        this.result = result;
        this.shardsPerMember = shardsPerMember;
        @SuppressWarnings("unchecked") // Java makes no array of a generic type: a wildcard array, cast once here
        ActorRef<ShardActor.Command>[] refs = (ActorRef<ShardActor.Command>[]) new ActorRef<?>[agents.size()
                * shardsPerMember];
        this.shards = refs;
        for (ActorRef<NodeAgent.Command> agent : agents) {
            addresses.add(agent.path().address());
        }
        Cluster cluster = Cluster.get(ctx.getSystem());
        cluster.subscriptions().tell(Subscribe.create(ctx.messageAdapter(ClusterEvent.ReachabilityEvent.class,
                MemberChanged::new), ClusterEvent.ReachabilityEvent.class));
        cluster.subscriptions().tell(Subscribe.create(ctx.messageAdapter(ClusterEvent.MemberEvent.class,
                MemberChanged::new), ClusterEvent.MemberEvent.class));
        ctx.getSystem().receptionist().tell(Receptionist.subscribe(NodeAgent.KEY,
                ctx.messageAdapter(Receptionist.Listing.class, AgentsListed::new)));
        this.coordinator = ctx.spawn(coordinatorBehavior, "coordinator");
        for (int m = 0; m < agents.size(); m++) {
            agents.get(m).tell(requests.get(m).withCoordinator(coordinator, ctx.getSelf()));
        }
        checkMembers(cluster);
    }

    /**
     * A member lost between the cluster's formation (or the previous run) and this session is in no event to come:
     * the cluster's current state tells it.
     */
    private void checkMembers(Cluster cluster) {
        Set<Address> present = new HashSet<>();
        for (Member m : cluster.state().getMembers()) {
            if (m.status() == MemberStatus.up() || m.status() == MemberStatus.weaklyUp()) {
                present.add(m.address());
            }
        }
        Set<Address> unreachable = new HashSet<>();
        for (Member m : cluster.state().getUnreachable()) {
            unreachable.add(m.address());
        }
        for (int m = 0; m < addresses.size(); m++) {
            if (unreachable.contains(addresses.get(m))) {
                getContext().getSelf().tell(new MemberLost(m, "was unreachable when the run began", ""));
                return;
            }
            if (!present.contains(addresses.get(m))) {
                getContext().getSelf().tell(new MemberLost(m, "had left the cluster when the run began", ""));
                return;
            }
        }
    }

    /**
     * @param agents  the members of the run, in member order
     * @param known   every agent the driver saw before the run (members of it or not): only others are late
     * @param aborted completed exceptionally, as {@code result} is, when the run is aborted
     */
    static Behavior<Command> create(String runId, List<ActorRef<NodeAgent.Command>> agents,
                                    Set<ActorRef<NodeAgent.Command>> known, Behavior<Coordinator.Command> coordinator,
                                    List<NodeAgent.Prepare> requests, int shardsPerMember,
                                    CompletableFuture<EngineResult> result,
                                    AtomicReference<IllegalStateException> loss, CompletableFuture<Void> aborted) {
        return Behaviors.setup(ctx -> new RunSession(ctx, runId, agents, known, coordinator, requests,
                shardsPerMember, result, loss, aborted));
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Prepared.class, this::onPrepared)
                .onMessage(Refused.class, r -> lost(r.member(), "refused the run", r.reason(), false))
                .onMessage(MemberChanged.class, this::onMemberChanged)
                .onMessage(AgentsListed.class, this::onAgentsListed)
                .onMessage(MemberLost.class, e -> lost(e.member(), e.what(), e.detail(), true))
                .onMessage(Interrupted.class, i -> interrupted(i.reason()))
                .onMessage(Finish.class, f -> finish())
                .build();
    }

    private Behavior<Command> onPrepared(Prepared p) {
        if (!p.runId().equals(runId)) {
            return this;
        }
        for (int i = 0; i < p.shardIds().size(); i++) {
            shards[p.shardIds().get(i)] = p.shards().get(i);
        }
        if (++prepared == agents.size()) {
            coordinator.tell(new Coordinator.Attach(Arrays.asList(shards)));
        }
        return this;
    }

    private Behavior<Command> onMemberChanged(MemberChanged changed) {
        String interruption = Interruption.of(getContext().getSystem());
        if (interruption != null) {
            return interrupted(interruption);
        }
        MemberEvents.Loss loss = MemberEvents.lossOf(changed.event());
        return loss == null ? this : lostAt(loss.address(), loss.what());
    }

    private Behavior<Command> lostAt(Address address, String what) {
        int member = addresses.indexOf(address);
        return member < 0 ? this : lost(member, what, "", true);
    }

    private Behavior<Command> onAgentsListed(AgentsListed listed) {
        for (ActorRef<NodeAgent.Command> agent : listed.listing().getServiceInstances(NodeAgent.KEY)) {
            if (known.add(agent)) {
                agent.tell(new NodeAgent.Refuse("run " + runId + " was already under way when this member joined; "
                        + "a run keeps the members it started with, so this one takes part from the next run"));
            }
        }
        return this;
    }

    /** Aborts the run: member {@code member} is gone or refused it ({@code what}; {@code detail} may be empty). */
    private Behavior<Command> lost(int member, String what, String detail, boolean memberLost) {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        int first = member * shardsPerMember;
        String message = String.format("member %d of %d (%s, shards %d..%d) %s %.1f s into the run%s", member + 1,
                agents.size(), addresses.get(member), first, first + shardsPerMember - 1, what, seconds,
                detail.isEmpty() ? "" : ": " + detail);
        IllegalStateException failure = memberLost ? new MemberLostException(message)
                : new IllegalStateException(message);
        loss.compareAndSet(null, failure);
        result.completeExceptionally(failure);
        aborted.completeExceptionally(failure);
        coordinator.tell(new Coordinator.Abort(message));
        return finish();
    }

    /** Stops the run: this JVM is asked to end. */
    private Behavior<Command> interrupted(String reason) {
        String message = String.format("%s %.1f s into the run", reason, (System.nanoTime() - startNanos) / 1e9);
        RunInterruptedException failure = new RunInterruptedException(message);
        loss.compareAndSet(null, failure);
        result.completeExceptionally(failure);
        aborted.completeExceptionally(failure);
        coordinator.tell(new Coordinator.Abort(message));
        return finish();
    }

    private Behavior<Command> finish() {
        for (ActorRef<NodeAgent.Command> agent : agents) {
            agent.tell(new NodeAgent.Release(runId));
        }
        return Behaviors.stopped();
    }
}
