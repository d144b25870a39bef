package io.fabricemu.actor;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.ChildFailed;
import akka.actor.typed.ExtensibleBehavior;
import akka.actor.typed.TypedActorContext;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import io.fabricemu.engine.ElementFactory;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.ElementRunner;
import io.fabricemu.engine.Event;
import io.fabricemu.engine.RunLimits;
import io.fabricemu.engine.ShardScheduler;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the elements of one shard through the windows the coordinator opens.
 *
 * <p>Per window: wake the elements that have work before its end (the {@link ShardScheduler} knows which),
 * route what they send as they complete, then send every peer shard one batch of the events meant for it
 * (empty if none, so the peer knows it has all its input), and report the shard's earliest pending time
 * once its own elements are done and a batch from every peer has arrived. Messages between shards are
 * per window and per neighbour, never per packet.
 */
final class ShardActor extends ExtensibleBehavior<ShardActor.Command> {

    /** What a shard accepts. */
    sealed interface Command permits Peers, OpenWindow, ElementStarted, WindowDone, PeerBatch, Collect,
            ElementReported {
    }

    /** The shards of the run, by shard id (this one included); sent once before anything else. */
    record Peers(List<ActorRef<Command>> shards) implements Command {
    }

    /** Run every event before {@code endPs}. */
    record OpenWindow(long endPs) implements Command {
    }

    /** An element started; {@code sent} holds anything it sent while starting. */
    record ElementStarted(int elementId, long nextPs, List<Event> sent) implements Command {
    }

    /** An element finished a window; {@code haltReason} is null unless it asked to end the run. */
    record WindowDone(int elementId, long nextPs, List<Event> sent, int events, int flowsCompleted,
                      long lastHandledPs, String haltReason) implements Command {
    }

    /** The events a peer shard's elements sent to this shard's elements in the window ending at {@code endPs}. */
    record PeerBatch(int fromShard, long endPs, List<Event> events) implements Command {
    }

    /** Gather every element's report. */
    enum Collect implements Command {
        INSTANCE
    }

    /** One element's report. */
    record ElementReported(int elementId, ElementReport report) implements Command {
    }

    private final int shard;
    private final ActorRef<Coordinator.Command> coordinator;
    private final ShardScheduler scheduler;
    private final int[] localIds;
    private final ActorRef<ElementActor.Command>[] byId;
    private List<ActorRef<Command>> peers = List.of();
    private int awaitedElements;
    private int awaitedPeers;
    private boolean localDone;
    private long windowEndPs;
    private long events;
    private long activations;
    private int flowsCompleted;
    private long lastHandledPs = Long.MIN_VALUE;
    private long busyNanos;
    private int haltElementId = -1;
    private String haltReason;
    private final List<Integer> reportIds = new ArrayList<>();
    private final List<ElementReport> reports = new ArrayList<>();

    @SuppressWarnings("unchecked")
    private ShardActor(ActorContext<Command> ctx, int shard, ElementFactory factory, RunLimits limits,
                       ActorRef<Coordinator.Command> coordinator) {
        this.shard = shard;
        this.coordinator = coordinator;
        int[] shardOf = limits.shardOf();
        this.scheduler = new ShardScheduler(shard, shardOf, limits.shards());
        this.byId = new ActorRef[shardOf.length];
        List<Integer> ids = new ArrayList<>();
        for (int id = 0; id < shardOf.length; id++) {
            if (shardOf[id] == shard) {
                ids.add(id);
            }
        }
        this.localIds = ids.stream().mapToInt(Integer::intValue).toArray();
        for (int id : localIds) {
            ElementRunner runner = new ElementRunner(id, factory.create(id), limits.sampling(),
                    limits.listener() == null ? null : limits.listener().sinkFor(id));
            ActorRef<ElementActor.Command> ref = ctx.spawn(ElementActor.create(runner, ctx.getSelf()), "e" + id);
            ctx.watch(ref);
            byId[id] = ref;
        }
    }

    static Behavior<Command> create(int shard, ElementFactory factory, RunLimits limits,
                                    ActorRef<Coordinator.Command> coordinator) {
        return Behaviors.setup(ctx -> new ShardActor(ctx, shard, factory, limits, coordinator));
    }

    @Override
    public Behavior<Command> receive(TypedActorContext<Command> ctx, Command msg) {
        long startNanos = System.nanoTime();
        handle(msg);
        busyNanos += System.nanoTime() - startNanos;
        return this;
    }

    /** Wall-clock time is read only to report how busy coordination was; nothing in the run depends on it. */
    private void handle(Command msg) {
        if (msg instanceof WindowDone d) {
            onWindowDone(d);
        } else if (msg instanceof PeerBatch b) {
            scheduler.receive(b.events());
            awaitedPeers--;
            maybeReady();
        } else if (msg instanceof OpenWindow w) {
            openWindow(w.endPs());
        } else if (msg instanceof ElementStarted s) {
            scheduler.completed(s.elementId(), s.nextPs(), s.sent());
            if (--awaitedElements == 0) {
                localDone = true;
                maybeReady();
            }
        } else if (msg instanceof Peers p) {
            peers = p.shards();
            awaitedElements = localIds.length;
            awaitedPeers = 0;
            localDone = localIds.length == 0;
            tellAll(ElementActor.Start.INSTANCE);
            maybeReady();
        } else if (msg == Collect.INSTANCE) {
            awaitedElements = localIds.length;
            if (awaitedElements == 0) {
                coordinator.tell(new Coordinator.ShardReported(shard, List.of(), List.of()));
            }
            tellAll(ElementActor.Report.INSTANCE);
        } else if (msg instanceof ElementReported r) {
            reportIds.add(r.elementId());
            reports.add(r.report());
            if (--awaitedElements == 0) {
                coordinator.tell(new Coordinator.ShardReported(shard, List.copyOf(reportIds), List.copyOf(reports)));
            }
        }
    }

    private void tellAll(ElementActor.Command command) {
        for (int id : localIds) {
            byId[id].tell(command);
        }
    }

    private void openWindow(long endPs) {
        windowEndPs = endPs;
        localDone = false;
        awaitedPeers += peers.size() - 1;
        List<ShardScheduler.Activation> woken = scheduler.activate(endPs);
        awaitedElements = woken.size();
        activations += woken.size();
        for (ShardScheduler.Activation a : woken) {
            byId[a.elementId()].tell(new ElementActor.RunWindow(endPs, a.inbox()));
        }
        if (awaitedElements == 0) {
            finishLocal();
        }
    }

    private void onWindowDone(WindowDone d) {
        scheduler.completed(d.elementId(), d.nextPs(), d.sent());
        events += d.events();
        flowsCompleted += d.flowsCompleted();
        if (d.lastHandledPs() > lastHandledPs) {
            lastHandledPs = d.lastHandledPs();
        }
        if (d.haltReason() != null && (haltElementId < 0 || d.elementId() < haltElementId)) {
            haltElementId = d.elementId();
            haltReason = d.haltReason();
        }
        if (--awaitedElements == 0) {
            finishLocal();
        }
    }

    private void finishLocal() {
        for (int s = 0; s < peers.size(); s++) {
            if (s != shard) {
                peers.get(s).tell(new PeerBatch(shard, windowEndPs, scheduler.takeOutbound(s)));
            }
        }
        localDone = true;
        maybeReady();
    }

    private void maybeReady() {
        if (localDone && awaitedPeers == 0 && awaitedElements == 0) {
            localDone = false;
            coordinator.tell(new Coordinator.ShardReady(shard, scheduler.earliestPs(), events, activations,
                    flowsCompleted, lastHandledPs, busyNanos, haltElementId, haltReason));
        }
    }

    @Override
    public Behavior<Command> receiveSignal(TypedActorContext<Command> ctx, akka.actor.typed.Signal msg) {
        if (msg instanceof ChildFailed f) {
            throw new IllegalStateException("element actor " + f.getRef().path().name() + " failed", f.getCause());
        }
        return this;
    }
}
