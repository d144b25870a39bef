package io.fabricemu.cluster;

import akka.actor.Address;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import akka.cluster.ClusterEvent;
import akka.cluster.Member;
import akka.cluster.MemberStatus;
import akka.cluster.typed.Cluster;
import akka.cluster.typed.Subscribe;
import io.fabricemu.actor.ControlMessage;
import io.fabricemu.run.FarmJob;
import io.fabricemu.run.FarmListener;
import io.fabricemu.run.FarmRunFailedException;
import io.fabricemu.run.MemberLostException;
import io.fabricemu.run.RunInterruptedException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * The driver's side of whole runs handed to the members ({@link ClusterFarm}). Each member takes as many runs at
 * once as it has slots; a run goes to the member with a free slot that has the fewest runs, the runs in the order
 * given. The member sends the run's result back in parts ({@link Part}); once all are in, the member's slot takes
 * the next run. A member lost (unreachable, removed, downed, left, or its forked process exited or was stopped)
 * is not given another run, and its runs in flight go back to the head of the queue, to start again on the members
 * left, from the beginning; a part of one of them that still arrives is ignored, since it names the attempt it
 * belongs to. A run that fails on its member fails the farm ({@link FarmRunFailedException}): it would fail the same
 * way anywhere. The farm fails as lost ({@link MemberLostException}) only when no member is left, and as
 * interrupted when this JVM is asked to end.
 */
final class FarmSession extends AbstractBehavior<FarmSession.Command> {

    /** What a farm session accepts. */
    sealed interface Command permits Part, Failed, MemberChanged, ProcessLost, Interrupted {
    }

    /** Part {@code part} of {@code parts} of the result of attempt {@code attempt} of job {@code job}. */
    record Part(int job, int attempt, int part, int parts, byte[] bytes) implements Command, ControlMessage {
    }

    /** Attempt {@code attempt} of job {@code job} failed on its member: {@code reason}. */
    record Failed(int job, int attempt, String reason) implements Command, ControlMessage {
    }

    private record MemberChanged(ClusterEvent.ClusterDomainEvent event) implements Command {
    }

    /** The forked process of member {@code member} exited or was stopped: {@code description}. */
    record ProcessLost(int member, String description) implements Command {
    }

    /** This JVM is asked to end: {@code reason}. */
    record Interrupted(String reason) implements Command {
    }

    /** A run in flight: on which member, which attempt, the parts of its result so far (null before the first). */
    private static final class InFlight {
        final int member;
        final int attempt;
        byte[][] parts;
        int received;

        InFlight(int member, int attempt) {
            this.member = member;
            this.attempt = attempt;
        }
    }

    private final List<FarmJob> jobs;
    private final List<ActorRef<NodeAgent.Command>> agents;
    private final List<Address> addresses = new ArrayList<>();
    private final int[] slots;
    private final int[] shards;
    private final int[] busy;
    private final boolean[] lost;
    private final Deque<Integer> queue = new ArrayDeque<>();
    private final TreeMap<Integer, InFlight> inFlight = new TreeMap<>();
    private final int[] attempts;
    private final List<List<String>> lostOn = new ArrayList<>();
    private final List<List<byte[]>> results = new ArrayList<>();
    private final String[] ranOn;
    private final FarmListener listener;
    private final CompletableFuture<Outcome> outcome;
    private int done;

    /** What the farm gives back: per job, its result's parts, the member that ran it, those lost with it. */
    record Outcome(List<List<byte[]>> parts, List<String> ranOn, List<List<String>> lostOn, boolean anyLost) {
    }

    private FarmSession(ActorContext<Command> ctx, List<FarmJob> jobs, List<ActorRef<NodeAgent.Command>> agents,
                        int[] slots, int[] shards, FarmListener listener, CompletableFuture<Outcome> outcome) {
        super(ctx);
        this.jobs = jobs;
        this.agents = agents;
        this.slots = slots.clone();
        this.shards = shards.clone();
        this.busy = new int[agents.size()];
        this.lost = new boolean[agents.size()];
        this.attempts = new int[jobs.size()];
        this.ranOn = new String[jobs.size()];
        this.listener = listener;
        this.outcome = outcome;
        for (int j = 0; j < jobs.size(); j++) {
            queue.add(j);
            lostOn.add(new ArrayList<>());
            results.add(null);
        }
        for (ActorRef<NodeAgent.Command> agent : agents) {
            addresses.add(agent.path().address());
        }
        ActorRef<ClusterEvent.ClusterDomainEvent> events = ctx.messageAdapter(ClusterEvent.ClusterDomainEvent.class,
                MemberChanged::new);
        Cluster.get(ctx.getSystem()).subscriptions().tell(Subscribe.create(events,
                ClusterEvent.ClusterDomainEvent.class));
        Set<Address> up = new HashSet<>();
        for (Member m : Cluster.get(ctx.getSystem()).state().getMembers()) {
            if (m.status() == MemberStatus.up()) {
                up.add(m.address());
            }
        }
        for (Member m : Cluster.get(ctx.getSystem()).state().getUnreachable()) {
            up.remove(m.address());
        }
        for (int m = 0; m < addresses.size(); m++) {
            if (!up.contains(addresses.get(m))) {
                lost[m] = true;
            }
        }
    }

    static Behavior<Command> create(List<FarmJob> jobs, List<ActorRef<NodeAgent.Command>> agents, int[] slots,
                                    int[] shards, FarmListener listener, CompletableFuture<Outcome> outcome) {
        return Behaviors.setup(ctx -> {
            FarmSession session = new FarmSession(ctx, jobs, agents, slots, shards, listener, outcome);
            return session.handOut();
        });
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Part.class, this::onPart)
                .onMessage(Failed.class, this::onFailed)
                .onMessage(MemberChanged.class, this::onMemberChanged)
                .onMessage(ProcessLost.class, p -> lost(p.member(), "was lost: " + p.description()))
                .onMessage(Interrupted.class, i -> fail(new RunInterruptedException(i.reason())))
                .build();
    }

    /** A member as the report names it: {@code host:port}. */
    private String name(int member) {
        return hostPort(addresses.get(member));
    }

    static String hostPort(Address address) {
        return address.getHost().orElse("?") + ":" + address.getPort().orElse(0);
    }

    /** Gives the queued runs to free slots, one at a time to the member with the fewest runs; fails if none is left. */
    private Behavior<Command> handOut() {
        if (done == jobs.size()) {
            boolean anyLost = false;
            for (boolean l : lost) {
                anyLost |= l;
            }
            outcome.complete(new Outcome(results, List.of(ranOn), lostOn, anyLost));
            return Behaviors.stopped();
        }
        while (!queue.isEmpty()) {
            int member = -1;
            for (int m = 0; m < agents.size(); m++) {
                if (!lost[m] && busy[m] < slots[m] && (member < 0 || busy[m] < busy[member])) {
                    member = m;
                }
            }
            if (member < 0) {
                break;
            }
            int job = queue.poll();
            FarmJob j = jobs.get(job);
            attempts[job]++;
            busy[member]++;
            inFlight.put(job, new InFlight(member, attempts[job]));
            agents.get(member).tell(new NodeAgent.RunWhole(job, attempts[job], BuildId.current(), j.scenarioSource(),
                    j.scenarioText(), j.overrides(), j.allowedFolders(), shards[member], getContext().getSelf()));
        }
        for (boolean l : lost) {
            if (!l) {
                return this;
            }
        }
        return fail(new MemberLostException(String.format("every member of the cluster was lost (%s); %d of %d runs "
                + "had ended", String.join(", ", memberNames()), done, jobs.size())));
    }

    private List<String> memberNames() {
        List<String> names = new ArrayList<>();
        for (int m = 0; m < agents.size(); m++) {
            names.add(name(m));
        }
        return names;
    }

    private Behavior<Command> onPart(Part p) {
        InFlight f = inFlight.get(p.job());
        if (f == null || f.attempt != p.attempt()) {
            return this; // a part of an attempt given up when its member was lost
        }
        if (f.parts == null) {
            f.parts = new byte[p.parts()][];
        }
        if (f.parts[p.part()] == null) {
            f.parts[p.part()] = p.bytes();
            f.received++;
        }
        if (f.received < f.parts.length) {
            return this;
        }
        inFlight.remove(p.job());
        busy[f.member]--;
        results.set(p.job(), List.of(f.parts));
        ranOn[p.job()] = name(f.member);
        done++;
        listener.finished(p.job(), name(f.member), done);
        return handOut();
    }

    private Behavior<Command> onFailed(Failed f) {
        InFlight run = inFlight.get(f.job());
        if (run == null || run.attempt != f.attempt()) {
            return this;
        }
        return fail(new FarmRunFailedException(f.job(), "on member " + name(run.member) + ": " + f.reason()));
    }

    private Behavior<Command> onMemberChanged(MemberChanged changed) {
        String interruption = Interruption.of(getContext().getSystem());
        if (interruption != null) {
            return fail(new RunInterruptedException(interruption));
        }
        MemberEvents.Loss loss = MemberEvents.lossOf(changed.event());
        return loss == null ? this : lostAt(loss.address(), loss.what());
    }

    private Behavior<Command> lostAt(Address address, String what) {
        int member = addresses.indexOf(address);
        return member < 0 ? this : lost(member, what);
    }

    /** Member {@code member} is gone ({@code what}): its runs in flight go back to the head of the queue. */
    private Behavior<Command> lost(int member, String what) {
        if (lost[member]) {
            return this;
        }
        lost[member] = true;
        List<Integer> again = new ArrayList<>();
        for (var e : inFlight.entrySet()) {
            if (e.getValue().member == member) {
                again.add(e.getKey());
            }
        }
        for (int i = again.size() - 1; i >= 0; i--) {
            int job = again.get(i);
            inFlight.remove(job);
            lostOn.get(job).add(name(member));
            queue.addFirst(job);
        }
        busy[member] = 0;
        for (int job : again) {
            listener.rerun(job, name(member), what);
        }
        return handOut();
    }

    private Behavior<Command> fail(IllegalStateException failure) {
        outcome.completeExceptionally(failure);
        return Behaviors.stopped();
    }
}
