package io.fabricemu.actor;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.ChildFailed;
import akka.actor.typed.ExtensibleBehavior;
import akka.actor.typed.TypedActorContext;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import io.fabricemu.engine.AheadDepth;
import io.fabricemu.engine.ElementFactory;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.ElementRunner;
import io.fabricemu.engine.Event;
import io.fabricemu.engine.Passes;
import io.fabricemu.engine.RunLimits;
import io.fabricemu.engine.ShardScheduler;
import io.fabricemu.engine.ShardWindows;
import io.fabricemu.engine.WindowSpan;
import io.fabricemu.engine.WindowState;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the elements of one shard through the windows of the run: the Akka host of {@link ShardWindows}, which
 * decides everything about windows, running ahead and the end of the run; this actor hands it what arrives and
 * carries out the step it returns (waking elements, sending batches and reports, opening the next window).
 *
 * <p>Per window: wake the elements that have work before its end, route what they send as they complete, then
 * send every peer shard one batch of the events meant for it (empty if none, so the peer knows it has all its
 * input), the last one carrying this shard's {@link WindowState}. Once every peer's state is in, the shard opens the
 * next window itself (every shard combines the same states, so all choose alike), or, when the run is over, tells
 * the coordinator. The coordinator opens only the first window and hears of progress every
 * {@link ShardWindows#PROGRESS_EVERY} windows: between JVMs a window costs one batch to every peer shard, never a
 * round trip through the coordinator, and never one message per packet. While the peers' batches are on their way,
 * the shard runs ahead the elements no peer can reach within the next few windows, only if the run asks for it
 * ({@link RunLimits#runAhead}: shards in more than one JVM); otherwise every element has depth 0 and the steps ahead
 * find nothing to run.
 */
public final class ShardActor extends ExtensibleBehavior<ShardActor.Command> {

    /** Events per {@link PeerBatch} message at most: a window's batch for one peer may take several. */
    public static final int MAX_BATCH_EVENTS = 1024;

    /** Serialized-size estimate, in bytes, above which a shard starts another {@link Coordinator.ShardReported}. */
    static final long REPORT_CHUNK_BYTES = 256 * 1024;

    /** What a shard accepts. */
    public sealed interface Command permits Peers, OpenWindow, ElementStarted, RoundDone, PeerBatch, Collect,
            SendReports, ElementReported {
    }

    /** The shards of the run, by shard id (this one included); sent once before anything else. */
    public record Peers(List<ActorRef<Command>> shards) implements Command, ControlMessage {
        public Peers {
            shards = List.copyOf(shards);
        }
    }

    /** Run every event before {@code endPs}. */
    public record OpenWindow(long endPs) implements Command, ControlMessage {
    }

    /** An element started; {@code sent} holds anything it sent while starting. */
    public record ElementStarted(int elementId, long nextPs, List<Event> sent) implements Command {
    }

    /**
     * Every element woken for the current step ran to the end it was given ({@link WindowRound}): what each did is in
     * its runner, read in the order they were woken.
     */
    enum RoundDone implements Command {
        INSTANCE
    }

    /**
     * Events a peer shard's elements sent to this shard's elements in the window ending at {@code endPs}, at most
     * {@link #MAX_BATCH_EVENTS} of them; the peer's final batch for the window (often its only one, often empty)
     * carries its {@code state}, null on the others, so a shard knows when it has all its input and can choose the
     * next window.
     */
    public record PeerBatch(int fromShard, long endPs, List<Event> events, WindowState state) implements Command {
        /** A batch that more of the same window follow. */
        public PeerBatch(int fromShard, long endPs, List<Event> events) {
            this(fromShard, endPs, events, null);
        }

        /** Whether this is the peer's final batch for the window. */
        public boolean last() {
            return state != null;
        }
    }

    /** Gather every element's report. */
    public enum Collect implements Command, ControlMessage {
        INSTANCE
    }

    /** The coordinator took the last chunk of reports: send the next. */
    public enum SendReports implements Command, ControlMessage {
        INSTANCE
    }

    /** One element's report. */
    /** An element's report, and the time of the last event it handled, its deferred ones included. */
    public record ElementReported(int elementId, ElementReport report, long lastHandledPs) implements Command {
    }

    private final int shard;
    private final int shards;
    private final ActorRef<Coordinator.Command> coordinator;
    private final ActorRef<Command> self;
    private final ShardWindows windows;
    private final int[] localIds;
    private final ActorRef<ElementActor.Command>[] byId;
    /** This shard's elements' runners, by element id (null for other shards' elements). */
    private final ElementRunner[] runners;
    private final WindowRound round;
    /** The elements of the step running now, in the order they were woken. */
    private List<ShardScheduler.Activation> running = List.of();
    private List<ActorRef<Command>> peers = List.of();
    /** Counts for the coordinator's display and summary; nothing in the run depends on them. */
    private long events;
    private long activations;
    private long lastHandledPs = Long.MIN_VALUE;
    private long busyNanos;
    /** What each element had delivered at its latest sample, by element id, and the sum: for display only. */
    private final long[] deliveredByElement;
    private long deliveredBytes;
    private int awaitedReports;
    private final List<Integer> reportIds = new ArrayList<>();
    private final List<ElementReport> reports = new ArrayList<>();
    private int reportsSent;

    private ShardActor(ActorContext<Command> ctx, int shard, ElementFactory factory, RunLimits limits,
                       ActorRef<Coordinator.Command> coordinator) {
        this.shard = shard;
        this.shards = limits.shards();
        this.coordinator = coordinator;
        this.self = ctx.getSelf();
        int[] shardOf = limits.shardOf();
        @SuppressWarnings("unchecked") // Java makes no array of a generic type: a wildcard array, cast once here
        ActorRef<ElementActor.Command>[] refs = (ActorRef<ElementActor.Command>[]) new ActorRef<?>[shardOf.length];
        this.byId = refs;
        this.deliveredByElement = new long[shardOf.length];
        List<Integer> ids = new ArrayList<>();
        for (int id = 0; id < shardOf.length; id++) {
            if (shardOf[id] == shard) {
                ids.add(id);
            }
        }
        this.localIds = ids.stream().mapToInt(Integer::intValue).toArray();
        boolean ahead = shards > 1 && limits.runAhead();
        Passes passes = Passes.of(factory);
        ShardScheduler scheduler = new ShardScheduler(shard, shardOf, shards, ahead
                ? AheadDepth.of(factory, passes, shardOf, shard, ShardWindows.MAX_AHEAD) : new int[shardOf.length]);
        this.windows = new ShardWindows(scheduler, shards, localIds.length, factory.lookaheadPs(),
                WindowSpan.cells(factory, shardOf), limits.stopPs(), factory.completionsAwaited());
        this.runners = new ElementRunner[shardOf.length];
        this.round = new WindowRound(self);
        for (int id : localIds) {
            runners[id] = new ElementRunner(id, factory.create(id), limits.sampling(),
                    limits.listener() == null ? null : limits.listener().sinkFor(id));
        }
        relayLocally(factory, runners);
        passLocally(passes, runners);
        for (int id : localIds) {
            ElementRunner runner = runners[id];
            ActorRef<ElementActor.Command> ref = ctx.spawn(ElementActor.create(runner, ctx.getSelf(), round), "e" + id);
            ctx.watch(ref);
            byId[id] = ref;
        }
    }

    /**
     * Has every relay of this shard (a link) whose one sender is of this shard too handled in that sender's turn
     * ({@link ElementRunner#relayThrough}): the relay's actor then only starts and reports, and its events are
     * neither queued nor dispatched. {@code runners} holds this shard's elements, by id.
     */
    private static void relayLocally(ElementFactory factory, ElementRunner[] runners) {
        for (ElementRunner relay : runners) {
            if (relay != null && factory.relay(relay.id()) && relay.element().relaySpanPs() < 0) {
                throw new IllegalStateException("element " + relay.id() + " is a relay to its fabric, not to itself:"
                        + " the windows would be longer than its interactions allow");
            }
            if (relay == null || relay.element().relaySpanPs() < 0) {
                continue;
            }
            int[] senders = factory.sendersTo(relay.id());
            if (senders != null && senders.length == 1 && runners[senders[0]] != null) {
                runners[senders[0]].relayThrough(relay);
            }
        }
    }

    /**
     * Has each relay of this shard that sends to an element with a stand-in ({@link Passes}), of this shard or
     * another, handle what passes through that element as it sends it ({@link ElementRunner#passThrough}: a quiet
     * switch port's arrivals, routed in the turn of the link that delivers them).
     */
    private static void passLocally(Passes passes, ElementRunner[] runners) {
        for (int id = 0; id < runners.length; id++) {
            int relay = passes.handlerOf(id);
            if (relay >= 0 && runners[relay] != null) {
                runners[relay].passThrough(id, passes.passerOf(id));
            }
        }
    }

    /** Shard {@code shard} of a run: creates and spawns its elements, then waits for {@link Peers}. */
    public static Behavior<Command> create(int shard, ElementFactory factory, RunLimits limits,
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
        if (msg == RoundDone.INSTANCE) {
            roundDone();
        } else if (msg instanceof PeerBatch b) {
            windows.peerEvents(b.events());
            if (b.last()) {
                perform(windows.peerDone(b.endPs(), b.state()));
            }
        } else if (msg instanceof OpenWindow w) {
            perform(windows.open(w.endPs()));
        } else if (msg instanceof ElementStarted s) {
            perform(windows.elementStarted(s.elementId(), s.nextPs(), s.sent()));
        } else if (msg instanceof Peers p) {
            if (p.shards().size() != shards) {
                throw new IllegalArgumentException(p.shards().size() + " peers for a run of " + shards + " shards");
            }
            peers = p.shards();
            tellAll(ElementActor.Start.INSTANCE);
            perform(windows.start());
        } else if (msg == Collect.INSTANCE) {
            awaitedReports = localIds.length;
            if (awaitedReports == 0) {
                coordinator.tell(new Coordinator.ShardReported(shard, List.of(), List.of(), true, lastHandledPs));
            }
            tellAll(new ElementActor.Report(windows.horizonPs(), Math.min(lastHandledPs, windows.horizonPs() - 1)));
        } else if (msg instanceof ElementReported r) {
            reportIds.add(r.elementId());
            reports.add(r.report());
            lastHandledPs = Math.max(lastHandledPs, r.lastHandledPs());
            if (--awaitedReports == 0) {
                sendReports();
            }
        } else if (msg == SendReports.INSTANCE) {
            sendReports();
        }
    }

    /** Carries out what the shard's windows ask, step after step, until they wait for the next message. */
    private void perform(ShardWindows.Step first) {
        ShardWindows.Step step = first;
        while (step != ShardWindows.Step.WAIT) {
            step = switch (step) {
                case STARTED -> {
                    coordinator.tell(ready(Coordinator.Phase.STARTED, windows.ownState()));
                    yield ShardWindows.Step.WAIT;
                }
                case RUN -> {
                    wake(windows.woken(), windows.runEndPs());
                    yield ShardWindows.Step.WAIT;
                }
                case SEND -> {
                    sendWindow(windows.windowEndPs(), windows.ownState());
                    yield windows.sent();
                }
                case PROGRESS -> {
                    coordinator.tell(ready(Coordinator.Phase.PROGRESS, windows.progressState()));
                    yield windows.reported();
                }
                case OPEN -> windows.open(windows.nextEndPs());
                case FINAL -> {
                    coordinator.tell(ready(Coordinator.Phase.FINAL, windows.finalState()));
                    yield ShardWindows.Step.WAIT;
                }
                case WAIT -> throw new IllegalStateException("nothing to perform");
            };
        }
    }

    /** Takes what every element of the step did from its runner, in the order they were woken. */
    private void roundDone() {
        List<ShardScheduler.Activation> done = running;
        running = List.of();
        ShardWindows.Step step = ShardWindows.Step.WAIT;
        for (int i = 0, n = done.size(); i < n; i++) {
            if (step != ShardWindows.Step.WAIT) {
                throw new IllegalStateException("the step was over before element " + done.get(i).elementId());
            }
            ElementRunner r = runners[done.get(i).elementId()];
            count(r);
            step = windows.elementDone(r.id(), r.nextEventPs(), r.sent(), r.windowEvents(),
                    r.drainFlowsCompleted(), r.haltReason(), r.haltPs());
            r.clearSent(); // routed: the runner keeps its list for the next window
        }
        perform(step);
    }

    /** The display counts of an element's window. */
    private void count(ElementRunner r) {
        events += r.windowEvents();
        long delivered = r.deliveredBytes();
        deliveredBytes += delivered - deliveredByElement[r.id()];
        deliveredByElement[r.id()] = delivered;
        if (r.lastHandledPs() > lastHandledPs) {
            lastHandledPs = r.lastHandledPs();
        }
    }

    /** The next chunk of reports, as many as fit in {@link #REPORT_CHUNK_BYTES} (at least one). */
    private void sendReports() {
        int from = reportsSent;
        long bytes = 0;
        int to = from;
        while (to < reports.size() && (to == from || bytes + sizeEstimate(reports.get(to)) <= REPORT_CHUNK_BYTES)) {
            bytes += sizeEstimate(reports.get(to));
            to++;
        }
        reportsSent = to;
        coordinator.tell(new Coordinator.ShardReported(shard, reportIds.subList(from, to), reports.subList(from, to),
                to == reports.size(), lastHandledPs));
    }

    /** A generous estimate of a report's serialized size: every number as 9 bytes, every name as 64. */
    static long sizeEstimate(ElementReport r) {
        long bytes = 64 + 48L * (r.senders().size() + r.receivers().size()) + 256L * r.ports().size();
        if (r.samples() != null) {
            bytes += r.samples().sizeEstimateBytes();
        }
        return bytes;
    }

    private void tellAll(ElementActor.Command command) {
        for (int id : localIds) {
            byId[id].tell(command);
        }
    }

    /** Tells the woken elements to run to {@code endPs}. */
    private void wake(List<ShardScheduler.Activation> woken, long endPs) {
        activations += woken.size();
        running = woken;
        round.arm(woken.size());
        for (int i = 0, n = woken.size(); i < n; i++) {
            ShardScheduler.Activation a = woken.get(i);
            byId[a.elementId()].tell(new ElementActor.RunWindow(endPs, a.inbox()));
        }
    }

    /** Every peer's events of the window ending at {@code endPs}, the last batch of each with {@code own}. */
    private void sendWindow(long endPs, WindowState own) {
        for (int s = 0; s < peers.size(); s++) {
            if (s != shard) {
                sendBatches(peers.get(s), endPs, windows.takeOutbound(s), own);
            }
        }
    }

    /** A window's events for one peer, in batches of at most {@link #MAX_BATCH_EVENTS}, the last with our state. */
    private void sendBatches(ActorRef<Command> peer, long endPs, List<Event> outbound, WindowState own) {
        int n = outbound.size();
        for (int from = 0; from + MAX_BATCH_EVENTS < n; from += MAX_BATCH_EVENTS) {
            peer.tell(new PeerBatch(shard, endPs, List.copyOf(outbound.subList(from, from + MAX_BATCH_EVENTS))));
        }
        int lastFrom = n == 0 ? 0 : (n - 1) / MAX_BATCH_EVENTS * MAX_BATCH_EVENTS;
        peer.tell(new PeerBatch(shard, endPs, n <= MAX_BATCH_EVENTS ? outbound : outbound.subList(lastFrom, n), own));
    }

    /** A report to the coordinator: {@code state} as {@link ShardWindows} gives it for {@code phase}. */
    private Coordinator.ShardReady ready(Coordinator.Phase phase, WindowState state) {
        return new Coordinator.ShardReady(shard, phase, state.earliestPs(), events, activations,
                state.flowsCompleted(), lastHandledPs, busyNanos, state.haltElementId(), state.haltReason(),
                windows.windows(), deliveredBytes);
    }

    @Override
    public Behavior<Command> receiveSignal(TypedActorContext<Command> ctx, akka.actor.typed.Signal msg) {
        if (msg instanceof ChildFailed f) {
            coordinator.tell(new Coordinator.ShardFailed(shard, "element actor " + f.getRef().path().name()
                    + " of shard " + shard + " failed: " + f.getCause()));
            throw new IllegalStateException("element actor " + f.getRef().path().name() + " failed", f.getCause());
        }
        return this;
    }
}
