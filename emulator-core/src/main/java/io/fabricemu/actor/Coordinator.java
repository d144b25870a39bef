package io.fabricemu.actor;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.ChildFailed;
import akka.actor.typed.Terminated;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import io.fabricemu.engine.ElementFactory;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.EngineResult;
import io.fabricemu.engine.Progress;
import io.fabricemu.engine.RunLimits;
import io.fabricemu.engine.WindowGrid;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Starts and ends a run. Once every shard has started its elements and reported its earliest pending time, the
 * coordinator opens the first window at the global minimum; it lasts one lookahead, so nothing any element sends
 * in it can land in it. From then on the shards choose each next window among themselves (it starts at the
 * earliest pending time anywhere, so empty stretches of virtual time cost nothing; see {@link ShardActor}) and
 * only report progress here now and then: the coordinator's work per window is nothing, whatever the number of
 * elements or shards.
 *
 * <p>The run ends when every flow has completed, nothing is pending, the stop time is reached, or an
 * element halted it ({@code EventContext.halt}: the lowest halting element id and its reason win, so the reason
 * does not depend on the shard count); every shard sees it at the same window and says so, then every element
 * reports, a bounded chunk at a time, and the result completes the caller's future.
 *
 * <p>In one JVM the coordinator spawns its shards. Across JVMs ({@code emulator-cluster}) each member spawns its
 * own shards, given this coordinator's reference, and the driver hands the coordinator every shard by
 * {@link Attach}; from then on the protocol is the same.
 */
public final class Coordinator extends AbstractBehavior<Coordinator.Command> {

    /** What the coordinator accepts. */
    public sealed interface Command permits ShardReady, ShardReported, ShardFailed, Attach, Abort {
    }

    /** Where a shard is in the run. */
    public enum Phase {
        /** Its elements started; {@code earliestPs} is its own earliest pending time. */
        STARTED,
        /** Still running; {@code earliestPs} is the fabric's, at the start of the next window. */
        PROGRESS,
        /** The run is over; {@code earliestPs} is the fabric's when it ended. */
        FINAL
    }

    /**
     * A shard's counts so far (events, activations, flows completed, the last time it handled, the wall time it
     * was busy, windows run, and the payload its elements had delivered at their latest samples, for display).
     * {@code haltElementId} is the lowest id of its elements that halted the run so far (-1 if none),
     * {@code haltReason} its reason.
     */
    public record ShardReady(int shard, Phase phase, long earliestPs, long events, long activations,
                             int flowsCompleted, long lastHandledPs, long busyNanos, int haltElementId,
                             String haltReason, long windows, long deliveredBytes) implements Command, ControlMessage {
    }

    /**
     * Some of a shard's element reports, element ids and reports in the same order; {@code last} on the shard's
     * final chunk. The coordinator asks for each further chunk ({@link ShardActor.SendReports}), so however
     * large the fabric, one bounded message per shard is in flight. {@code lastHandledPs}: the time of the last
     * event the shard's elements handled, the events they deferred to the end included.
     */
    public record ShardReported(int shard, List<Integer> elementIds, List<ElementReport> reports, boolean last,
                                long lastHandledPs)
            implements Command, ControlMessage {
        public ShardReported {
            elementIds = List.copyOf(elementIds);
            reports = List.copyOf(reports);
        }
    }

    /** An element of a shard failed: the run cannot go on. */
    public record ShardFailed(int shard, String reason) implements Command, ControlMessage {
    }

    /** The run's shards, by shard id, spawned elsewhere (other JVMs); sent once, by the driver. */
    public record Attach(List<ActorRef<ShardActor.Command>> shards) implements Command {
        public Attach {
            shards = List.copyOf(shards);
        }
    }

    /** The driver gave up on the run (a member of the cluster was lost): fail it with {@code reason}. */
    public record Abort(String reason) implements Command {
    }

    private final ElementFactory factory;
    private final RunLimits limits;
    private final Progress progress;
    private final CompletableFuture<EngineResult> result;
    private final List<ActorRef<ShardActor.Command>> shards = new ArrayList<>();
    private final boolean ownsShards;
    private final ShardReady[] ready;
    private final ShardReady[] latest;
    private int readyCount;
    private EngineResult summary;
    private ElementReport[] reports;
    private int reportedShards;
    /** The last time any element handled, its deferred events included, as the shards report it. */
    private long lastHandledPs = Long.MIN_VALUE;
    private long busyNanos;

    private Coordinator(ActorContext<Command> ctx, ElementFactory factory, RunLimits limits, Progress progress,
                        CompletableFuture<EngineResult> result, boolean ownsShards) {
        super(ctx);
        this.factory = factory;
        this.limits = limits;
        this.progress = progress;
        this.result = result;
        this.ownsShards = ownsShards;
        this.ready = new ShardReady[limits.shards()];
        this.latest = new ShardReady[limits.shards()];
        if (ownsShards) {
            List<ActorRef<ShardActor.Command>> spawned = new ArrayList<>();
            for (int s = 0; s < limits.shards(); s++) {
                spawned.add(ctx.spawn(ShardActor.create(s, factory, limits, ctx.getSelf()), "shard" + s));
            }
            attach(spawned);
        }
    }

    /** A coordinator that spawns its shards in this JVM. */
    static Behavior<Command> create(ElementFactory factory, RunLimits limits, Progress progress,
                                    CompletableFuture<EngineResult> result) {
        return Behaviors.setup(ctx -> new Coordinator(ctx, factory, limits, progress, result, true));
    }

    /**
     * A coordinator whose shards are spawned elsewhere and handed to it by {@link Attach}; it needs of
     * {@code factory} only the lookahead and the flow count.
     */
    public static Behavior<Command> awaitingShards(ElementFactory factory, RunLimits limits, Progress progress,
                                                   CompletableFuture<EngineResult> result) {
        return Behaviors.setup(ctx -> new Coordinator(ctx, factory, limits, progress, result, false));
    }

    private void attach(List<ActorRef<ShardActor.Command>> all) {
        if (all.size() != limits.shards()) {
            throw new IllegalArgumentException(all.size() + " shards attached, the run has " + limits.shards());
        }
        for (ActorRef<ShardActor.Command> shard : all) {
            getContext().watch(shard);
            shards.add(shard);
        }
        for (ActorRef<ShardActor.Command> shard : shards) {
            shard.tell(new ShardActor.Peers(List.copyOf(shards)));
        }
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(ShardReady.class, this::onShardReady)
                .onMessage(ShardReported.class, this::onShardReported)
                .onMessage(ShardFailed.class, this::onShardFailed)
                .onMessage(Attach.class, a -> {
                    attach(a.shards());
                    return this;
                })
                .onMessage(Abort.class, a -> fail(new IllegalStateException(a.reason())))
                .onSignal(ChildFailed.class, f -> fail(f.getCause()))
                .onSignal(Terminated.class, t -> fail(new IllegalStateException("shard " + t.getRef().path()
                        + " stopped before the run ended")))
                .build();
    }

    private Behavior<Command> onShardReady(ShardReady r) {
        long startNanos = System.nanoTime();
        Behavior<Command> next = nextWindow(r);
        busyNanos += System.nanoTime() - startNanos;
        return next;
    }

    private Behavior<Command> nextWindow(ShardReady r) {
        latest[r.shard()] = r;
        if (r.phase() == Phase.PROGRESS) {
            showProgress(latest);
            return this;
        }
        ready[r.shard()] = r;
        if (++readyCount < ready.length) {
            return this;
        }
        readyCount = 0;
        Totals t = showProgress(ready);
        long earliest = t.earliestPs();
        int flows = t.flows();
        int haltElementId = t.haltElementId();
        int awaited = factory.completionsAwaited();
        boolean allDone = (awaited > 0 && flows >= awaited) || earliest == Long.MAX_VALUE;
        boolean halted = haltElementId >= 0;
        if (allDone || halted || earliest >= limits.stopPs()) {
            boolean reachedStop = !allDone && !halted;
            summary = new EngineResult(t.lastHandledPs(), t.events(), t.windows(), t.activations(), flows, reachedStop,
                    (t.busyNanos() + busyNanos) / 1_000_000, List.of(), t.haltReason());
            reports = new ElementReport[limits.shardOf().length];
            for (ActorRef<ShardActor.Command> shard : shards) {
                shard.tell(ShardActor.Collect.INSTANCE);
            }
            return this;
        }
        if (r.phase() == Phase.FINAL) {
            throw new IllegalStateException("shards ended the run at " + earliest + " ps, but it is not over");
        }
        long end = WindowGrid.endOf(earliest, factory.lookaheadPs(), limits.stopPs());
        for (ActorRef<ShardActor.Command> shard : shards) {
            shard.tell(new ShardActor.OpenWindow(end));
        }
        return this;
    }

    /** The run's progress from each shard's latest report (they may be a few windows apart). */
    private Totals showProgress(ShardReady[] reports) {
        Totals t = Totals.of(reports);
        progress.update(t.lastHandledPs(), t.events(), t.windows(), t.flows(), t.deliveredBytes());
        return t;
    }

    /**
     * The shards' counts added up (reports not yet in are skipped): the earliest time, the last time handled
     * (0 at the start), the most windows, the payload delivered at the elements' latest samples, and the lowest
     * halting element with its reason ("" if none).
     */
    private record Totals(long earliestPs, long events, long activations, int flows, long lastHandledPs,
                          long busyNanos, long windows, long deliveredBytes, int haltElementId, String haltReason) {
        static Totals of(ShardReady[] reports) {
            long earliest = Long.MAX_VALUE;
            long events = 0;
            long activations = 0;
            int flows = 0;
            long last = 0;
            long busy = 0;
            long windows = 0;
            long delivered = 0;
            int haltElementId = -1;
            String haltReason = "";
            for (ShardReady s : reports) {
                if (s == null) {
                    continue;
                }
                if (s.haltElementId() >= 0 && (haltElementId < 0 || s.haltElementId() < haltElementId)) {
                    haltElementId = s.haltElementId();
                    haltReason = s.haltReason();
                }
                earliest = Math.min(earliest, s.earliestPs());
                events += s.events();
                activations += s.activations();
                flows += s.flowsCompleted();
                last = Math.max(last, s.lastHandledPs());
                busy += s.busyNanos();
                windows = Math.max(windows, s.windows());
                delivered += s.deliveredBytes();
            }
            return new Totals(earliest, events, activations, flows, last, busy, windows, delivered, haltElementId,
                    haltReason);
        }
    }

    private Behavior<Command> onShardReported(ShardReported r) {
        for (int i = 0; i < r.elementIds().size(); i++) {
            reports[r.elementIds().get(i)] = r.reports().get(i);
        }
        if (!r.last()) {
            shards.get(r.shard()).tell(ShardActor.SendReports.INSTANCE);
            return this;
        }
        lastHandledPs = Math.max(lastHandledPs, r.lastHandledPs());
        if (++reportedShards < shards.size()) {
            return this;
        }
        result.complete(summary.withReports(Arrays.asList(reports), lastHandledPs));
        return Behaviors.stopped();
    }

    /** A shard of this JVM fails again, with its element's own exception, as a child: only a remote one counts here. */
    private Behavior<Command> onShardFailed(ShardFailed f) {
        return ownsShards ? this : fail(new IllegalStateException(f.reason()));
    }

    /** Ends the run with {@code cause}; the first failure decides, later ones change nothing. */
    private Behavior<Command> fail(Throwable cause) {
        result.completeExceptionally(cause);
        return Behaviors.stopped();
    }
}
