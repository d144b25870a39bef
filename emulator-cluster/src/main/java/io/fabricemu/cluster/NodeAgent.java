package io.fabricemu.cluster;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.Terminated;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import akka.actor.typed.receptionist.Receptionist;
import akka.actor.typed.receptionist.ServiceKey;
import io.fabricemu.actor.ControlMessage;
import io.fabricemu.actor.Coordinator;
import io.fabricemu.actor.ShardActor;
import io.fabricemu.cluster.wire.BatchTraffic;
import io.fabricemu.engine.ElementFactory;
import io.fabricemu.trace.PacketTrace;
import io.fabricemu.trace.TraceBlocks;
import io.fabricemu.trace.TraceSelection;
import io.fabricemu.trace.TraceSelectionException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * A worker member's agent: registered with the cluster's receptionist, it takes one run at a time. Given a
 * run ({@link Prepare}), it rebuilds the fabric from the scenario text as the driver did, on a thread of its own
 * ({@link MemberBuild}), checks that it computed the same fabric and the same partition plan, spawns its own shards
 * (each creating only its own elements), and answers with their references; the driver's coordinator then runs
 * them like shards of its own JVM. A traced run's shards run their elements wrapped, and once the run is over the
 * driver asks for what they recorded, part after part ({@link SendTrace}). The run's shards stop when the driver releases the run or its session ends
 * (the driver finished, failed or was lost); a rebuild still going on then is ignored when it ends. Besides, a
 * driver's farm ({@link FarmSession}) hands it whole runs ({@link RunWhole}), each run here to its end on a thread of
 * its own ({@link WholeRun}) and its result sent back; a run whose farm has ended meanwhile is dropped.
 */
final class NodeAgent extends AbstractBehavior<NodeAgent.Command> {
    static final ServiceKey<Command> KEY = ServiceKey.create(Command.class, "fabric-emu-worker");

    /** What an agent accepts. */
    sealed interface Command permits Describe, Prepare, Release, Refuse, SessionEnded, Built, RunWhole, WholeRunEnded,
            FarmEnded, SendTrace {
    }

    /** Say what this member is. */
    record Describe(ActorRef<Described> replyTo) implements Command, ControlMessage {
    }

    /** What a member is: its build, and what it has to run shards with. */
    record Described(String build, int processors, long maxHeapBytes) implements ControlMessage {
    }

    /**
     * Take part in run {@code runId} as member {@code member} of {@code members}, each with
     * {@code shardsPerMember} shards; the rest lets the agent rebuild the run and check it rebuilt the same one.
     * {@code trace} is what the run traces, null for a run without {@code --trace}.
     */
    record Prepare(String runId, String build, String scenarioSource, String scenarioText, List<String> overrides,
                   List<String> allowedFolders, long stopPs, long samplingIntervalPs, int samplingMaxPoints,
                   int members, int shardsPerMember, int member, long planFingerprint, int elementCount,
                   long lookaheadPs, TraceSelection trace, ActorRef<Coordinator.Command> coordinator,
                   ActorRef<RunSession.Command> session)
            implements Command, ControlMessage {
        Prepare {
            overrides = List.copyOf(overrides);
            allowedFolders = List.copyOf(allowedFolders);
        }

        /** This request, answered to {@code replyTo}, for the shards of {@code runCoordinator}. */
        Prepare withCoordinator(ActorRef<Coordinator.Command> runCoordinator, ActorRef<RunSession.Command> replyTo) {
            return new Prepare(runId, build, scenarioSource, scenarioText, overrides, allowedFolders, stopPs,
                    samplingIntervalPs, samplingMaxPoints, members, shardsPerMember, member, planFingerprint,
                    elementCount, lookaheadPs, trace, runCoordinator, replyTo);
        }
    }

    /**
     * Send part {@code part} of what this member's elements traced in run {@code runId}, at most {@code maxBytes}
     * ({@link TraceTransfer.Part}); parts are asked for in order, from 0, once the run is over.
     */
    record SendTrace(String runId, int part, int maxBytes, ActorRef<TraceTransfer.Reply> replyTo)
            implements Command, ControlMessage {
    }

    /** Run {@code runId} is over: stop its shards. */
    record Release(String runId) implements Command, ControlMessage {
    }

    /** A driver does not take this member into its run; {@code reason} says why. */
    record Refuse(String reason) implements Command, ControlMessage {
    }

    /** The session of the run in progress stopped, or its member was lost. */
    private record SessionEnded(ActorRef<?> session) implements Command {
    }

    /** The rebuild of {@code request}'s run ended: {@code outcome}, or {@code failure} if it threw. */
    private record Built(Prepare request, MemberBuild.Outcome outcome, Throwable failure) implements Command {
    }

    /**
     * Run a whole scenario here, on {@code shards} shards of this JVM, and send its result back to {@code replyTo} in
     * parts ({@link FarmSession.Part}), or why it failed ({@link FarmSession.Failed}): job {@code job}, attempt
     * {@code attempt} of the driver's farm. Whole runs go on beside each other and beside a sharded run.
     */
    record RunWhole(int job, int attempt, String build, String scenarioSource, String scenarioText,
                    List<String> overrides, List<String> allowedFolders, int shards,
                    ActorRef<FarmSession.Command> replyTo) implements Command, ControlMessage {
        RunWhole {
            overrides = List.copyOf(overrides);
            allowedFolders = List.copyOf(allowedFolders);
        }
    }

    /** A whole run ended: its result's {@code parts}, or {@code failure} if it threw. */
    private record WholeRunEnded(RunWhole request, List<byte[]> parts, Throwable failure) implements Command {
    }

    /** The driver's farm that handed out whole runs stopped, or its member was lost: their results go nowhere. */
    private record FarmEnded(ActorRef<FarmSession.Command> farm) implements Command {
    }

    private final PrintStream log;
    /** The farms with whole runs here (a run ending for a farm that ended is dropped). */
    private final Set<ActorRef<FarmSession.Command>> farms = new HashSet<>();
    private String runId;
    private long[] trafficAtStart;
    private ActorRef<RunSession.Command> session;
    private final List<ActorRef<ShardActor.Command>> shards = new ArrayList<>();
    /** What this member's elements trace in the run, or null; its blocks once the driver asks for them. */
    private PacketTrace trace;
    private TraceBlocks traceBlocks;
    private int nextTracePart;

    private NodeAgent(ActorContext<Command> ctx, PrintStream log) {
        super(ctx);
        this.log = log;
        ctx.getSystem().receptionist().tell(Receptionist.register(KEY, ctx.getSelf()));
    }

    static Behavior<Command> create(PrintStream log) {
        return Behaviors.setup(ctx -> new NodeAgent(ctx, log));
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Describe.class, d -> {
                    d.replyTo().tell(new Described(BuildId.current(), Runtime.getRuntime().availableProcessors(),
                            Runtime.getRuntime().maxMemory()));
                    return this;
                })
                .onMessage(Prepare.class, this::onPrepare)
                .onMessage(Built.class, this::onBuilt)
                .onMessage(Release.class, r -> {
                    if (r.runId().equals(runId)) {
                        release("released");
                    }
                    return this;
                })
                .onMessage(Refuse.class, r -> {
                    log.println("fabric-emu node: refused: " + r.reason());
                    log.flush();
                    return this;
                })
                .onMessage(SessionEnded.class, e -> {
                    if (e.session().equals(session)) {
                        release("its driver ended the session");
                    }
                    return this;
                })
                .onMessage(SendTrace.class, this::onSendTrace)
                .onMessage(RunWhole.class, this::onRunWhole)
                .onMessage(WholeRunEnded.class, this::onWholeRunEnded)
                .onMessage(FarmEnded.class, e -> {
                    farms.remove(e.farm());
                    return this;
                })
                .onSignal(Terminated.class, t -> this)
                .build();
    }

    private Behavior<Command> onPrepare(Prepare p) {
        if (runId != null && session.path().address().equals(p.session().path().address())) {
            // A driver prepares a run only once its previous one has returned: that run's Release, sent by another
            // actor of the driver, may simply not be here yet.
            release("ended: the same driver started its next run, " + p.runId());
        }
        String refusal = runId != null ? "this member is busy with run " + runId
                : !p.build().equals(BuildId.current())
                ? "this member runs build " + BuildId.current() + ", the driver build " + p.build() : null;
        if (refusal != null) {
            p.session().tell(new RunSession.Refused(p.runId(), p.member(), refusal));
            return this;
        }
        runId = p.runId();
        session = p.session();
        trafficAtStart = BatchTraffic.totals();
        getContext().watchWith(session, new SessionEnded(session));
        getContext().pipeToSelf(CompletableFuture.supplyAsync(() -> MemberBuild.of(p), NodeAgent::builder),
                (outcome, failure) -> new Built(p, outcome, failure));
        return this;
    }

    private Behavior<Command> onRunWhole(RunWhole r) {
        if (!r.build().equals(BuildId.current())) {
            r.replyTo().tell(new FarmSession.Failed(r.job(), r.attempt(), "this member runs build "
                    + BuildId.current() + ", the driver build " + r.build()));
            return this;
        }
        if (farms.add(r.replyTo())) {
            getContext().watchWith(r.replyTo(), new FarmEnded(r.replyTo()));
        }
        getContext().pipeToSelf(CompletableFuture.supplyAsync(() -> WholeRun.of(r), NodeAgent::wholeRunner),
                (parts, failure) -> new WholeRunEnded(r, parts, failure));
        return this;
    }

    /** Sends a whole run's result back in parts, or why it failed; nothing when its farm has ended. */
    private Behavior<Command> onWholeRunEnded(WholeRunEnded e) {
        RunWhole r = e.request();
        if (!farms.contains(r.replyTo())) {
            return this;
        }
        if (e.failure() != null) {
            Throwable cause = e.failure() instanceof CompletionException c && c.getCause() != null
                    ? c.getCause() : e.failure();
            r.replyTo().tell(new FarmSession.Failed(r.job(), r.attempt(), cause instanceof WholeRun.Refusal
                    ? cause.getMessage() : "the emulation failed: " + cause));
            return this;
        }
        for (int i = 0; i < e.parts().size(); i++) {
            r.replyTo().tell(new FarmSession.Part(r.job(), r.attempt(), i, e.parts().size(), e.parts().get(i)));
        }
        return this;
    }

    /** Runs a whole run on a daemon thread of its own, which ends with it. */
    private static void wholeRunner(Runnable run) {
        Thread t = new Thread(run, "fabric-emu-whole-run");
        t.setDaemon(true);
        t.start();
    }

    /** Runs a rebuild on a daemon thread of its own, which ends with it. */
    private static void builder(Runnable build) {
        Thread t = new Thread(build, "fabric-emu-build");
        t.setDaemon(true);
        t.start();
    }

    /** Spawns this member's shards of the rebuilt run and tells the session; or tells it why this member cannot. */
    private Behavior<Command> onBuilt(Built b) {
        Prepare p = b.request();
        if (!p.runId().equals(runId)) {
            return this; // released while it was being rebuilt
        }
        String untraceable = null;
        if (b.outcome() instanceof MemberBuild.Rebuilt rebuilt && p.trace() != null) {
            try {
                trace = PacketTrace.of(p.trace(), rebuilt.prepared().fabric());
            } catch (TraceSelectionException e) {
                untraceable = "the trace's selection does not fit the fabric built here: " + e.getMessage();
            }
        }
        if (b.outcome() instanceof MemberBuild.Rebuilt rebuilt && untraceable == null) {
            ElementFactory elements = trace == null ? rebuilt.prepared().fabric() : trace.elements();
            List<Integer> ids = new ArrayList<>();
            for (int s = p.member() * p.shardsPerMember(); s < (p.member() + 1) * p.shardsPerMember(); s++) {
                ActorRef<ShardActor.Command> shard = getContext().spawnAnonymous(
                        ShardActor.create(s, elements, rebuilt.limits(), p.coordinator()));
                shards.add(shard);
                ids.add(s);
            }
            p.session().tell(new RunSession.Prepared(p.runId(), p.member(), ids, List.copyOf(shards)));
            return this;
        }
        String reason = untraceable != null ? untraceable
                : b.outcome() instanceof MemberBuild.Unfit unfit ? unfit.reason()
                : "the run could not be built here: " + (b.failure() instanceof CompletionException c
                && c.getCause() != null ? c.getCause() : b.failure());
        release("refused: " + reason);
        p.session().tell(new RunSession.Refused(p.runId(), p.member(), reason));
        return this;
    }

    /** The next part of this member's trace, or why there is none. */
    private Behavior<Command> onSendTrace(SendTrace s) {
        if (!s.runId().equals(runId) || trace == null) {
            s.replyTo().tell(new TraceTransfer.Missing(s.runId().equals(runId) ? "run " + runId + " is not traced"
                    : "this member is not in run " + s.runId() + (runId == null ? "" : ", it runs " + runId)));
            return this;
        }
        if (s.part() == 0) {
            traceBlocks = trace.blocks();
            nextTracePart = 0;
        }
        if (s.part() != nextTracePart) {
            s.replyTo().tell(new TraceTransfer.Missing("part " + s.part() + " was asked for, the next is "
                    + nextTracePart));
            return this;
        }
        byte[] bytes = traceBlocks.next(s.maxBytes());
        nextTracePart++;
        s.replyTo().tell(new TraceTransfer.Part(s.part(), bytes, traceBlocks.done(), traceBlocks.frames()));
        return this;
    }

    private void release(String why) {
        for (ActorRef<ShardActor.Command> shard : shards) {
            getContext().stop(shard);
        }
        shards.clear();
        if (session != null) {
            getContext().unwatch(session);
        }
        long[] now = BatchTraffic.totals();
        log.printf("fabric-emu node: run %s %s; sent %,d packet batches to other JVMs: %,d events, %,d bytes%n", runId,
                why, now[0] - trafficAtStart[0], now[1] - trafficAtStart[1], now[2] - trafficAtStart[2]);
        log.flush();
        runId = null;
        session = null;
        trace = null;
        traceBlocks = null;
    }
}
