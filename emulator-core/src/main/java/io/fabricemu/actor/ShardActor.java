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
import io.fabricemu.engine.RunLimits;
import io.fabricemu.engine.ShardScheduler;
import io.fabricemu.engine.WindowAgreement;
import io.fabricemu.engine.WindowState;
import io.fabricemu.engine.WindowGrid;
import io.fabricemu.engine.WindowTally;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the elements of one shard through the windows of the run.
 *
 * <p>Per window: wake the elements that have work before its end (the {@link ShardScheduler} knows which),
 * route what they send as they complete, then send every peer shard one batch of the events meant for it
 * (empty if none, so the peer knows it has all its input), the last one carrying this shard's
 * {@link WindowState}. Once its own elements are done and every peer's state is in, the shard chooses the next
 * window itself ({@link WindowAgreement}: every shard combines the same states, so all choose alike) and opens
 * it, or, when the run is over, tells the coordinator. The coordinator opens only the first window and hears of
 * progress every {@link #PROGRESS_EVERY} windows: between JVMs a window costs one batch to every peer shard, never a
 * round trip through the coordinator, and never one message per packet.
 *
 * <p>While the peers' states are on their way, the shard runs ahead ({@link #runAhead}) the elements no peer can
 * reach within the next few windows, so the time a batch takes between JVMs, and a peer that had more to do in a
 * window, cost less waiting. Only if the run asks for it ({@link RunLimits#runAhead}: shards in more than one JVM);
 * otherwise the steps ahead find nothing to run. Windows lie on a grid ({@link WindowGrid}) and completions and halts count in the
 * window of their time ({@link WindowTally}), so running ahead changes neither the windows nor the results.
 */
public final class ShardActor extends ExtensibleBehavior<ShardActor.Command> {

    /** Windows between two progress reports to the coordinator. */
    static final int PROGRESS_EVERY = 32;

    /**
     * Lookaheads an element may run ahead of the window the peers are in, at most ({@link AheadDepth}); also
     * how long a run goes on after it is over (its last flow completed, or an element halted it), on any number of
     * shards alike, since a shard may already have run some elements that far.
     */
    public static final int MAX_AHEAD = 8;

    /** Events per {@link PeerBatch} message at most: a window's batch for one peer may take several. */
    public static final int MAX_BATCH_EVENTS = 1024;

    /** Serialized-size estimate, in bytes, above which a shard starts another {@link Coordinator.ShardReported}. */
    static final long REPORT_CHUNK_BYTES = 256 * 1024;

    /** What a shard accepts. */
    public sealed interface Command permits Peers, OpenWindow, ElementStarted, WindowDone, PeerBatch, Collect,
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
     * An element ran to the end it was given: {@code flowsCompletedAtPs} holds when each flow it completed did;
     * {@code haltReason} is null unless it asked (at {@code haltPs}) to end the run; {@code deliveredBytes} is what
     * its receivers had delivered at its latest sample (progress display only).
     */
    public record WindowDone(int elementId, long nextPs, List<Event> sent, int events, long[] flowsCompletedAtPs,
                      long lastHandledPs, String haltReason, long haltPs, long deliveredBytes) implements Command {
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
    public record ElementReported(int elementId, ElementReport report) implements Command {
    }

    private final int shard;
    private final ActorRef<Coordinator.Command> coordinator;
    private final ActorRef<Command> self;
    private final long lookaheadPs;
    private final int flowCount;
    private final long stopPs;
    private WindowAgreement agreement = new WindowAgreement(0);
    private long windows;
    private final ShardScheduler scheduler;
    private final int[] localIds;
    private final ActorRef<ElementActor.Command>[] byId;
    private List<ActorRef<Command>> peers = List.of();
    private int awaitedElements;
    private boolean localDone;
    private long windowEndPs;
    private long events;
    private long activations;
    /** What each element had delivered at its latest sample, by element id, and the sum: for display only. */
    private final long[] deliveredByElement;
    private long deliveredBytes;
    private final WindowTally tally = new WindowTally();
    private long lastHandledPs = Long.MIN_VALUE;
    private long busyNanos;
    private int aheadDepth;
    private boolean runningAhead;
    private WindowState ending;
    private long finalEndPs;
    private boolean aheadHandled;
    private long aheadEndPs;
    private final long[] aheadCellsPs = new long[MAX_AHEAD + 1];
    private int aheadCells;
    private final List<Integer> reportIds = new ArrayList<>();
    private final List<ElementReport> reports = new ArrayList<>();
    private int reportsSent;

    @SuppressWarnings("unchecked")
    private ShardActor(ActorContext<Command> ctx, int shard, ElementFactory factory, RunLimits limits,
                       ActorRef<Coordinator.Command> coordinator) {
        this.shard = shard;
        this.coordinator = coordinator;
        this.self = ctx.getSelf();
        this.lookaheadPs = factory.lookaheadPs();
        this.flowCount = factory.flowCount();
        this.stopPs = limits.stopPs();
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
        this.scheduler = new ShardScheduler(shard, shardOf, limits.shards(), limits.shards() == 1 || !limits.runAhead()
                ? new int[shardOf.length] : AheadDepth.of(factory, shardOf, shard, MAX_AHEAD));
        for (int id : localIds) {
            ElementRunner runner = new ElementRunner(id, factory.create(id), limits.sampling(),
                    limits.listener() == null ? null : limits.listener().sinkFor(id));
            ActorRef<ElementActor.Command> ref = ctx.spawn(ElementActor.create(runner, ctx.getSelf()), "e" + id);
            ctx.watch(ref);
            byId[id] = ref;
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
        if (msg instanceof WindowDone d) {
            onWindowDone(d);
        } else if (msg instanceof PeerBatch b) {
            scheduler.receive(b.events());
            if (b.last()) {
                agreement.peer(b.endPs(), b.state());
                maybeAdvance();
            }
        } else if (msg instanceof OpenWindow w) {
            openWindow(w.endPs());
        } else if (msg instanceof ElementStarted s) {
            scheduler.completed(s.elementId(), s.nextPs(), s.sent());
            if (--awaitedElements == 0) {
                started();
            }
        } else if (msg instanceof Peers p) {
            peers = p.shards();
            agreement = new WindowAgreement(peers.size() - 1);
            awaitedElements = localIds.length;
            tellAll(ElementActor.Start.INSTANCE);
            if (localIds.length == 0) {
                started();
            }
        } else if (msg == Collect.INSTANCE) {
            awaitedElements = localIds.length;
            if (awaitedElements == 0) {
                coordinator.tell(new Coordinator.ShardReported(shard, List.of(), List.of(), true));
            }
            tellAll(ElementActor.Report.INSTANCE);
        } else if (msg instanceof ElementReported r) {
            reportIds.add(r.elementId());
            reports.add(r.report());
            if (--awaitedElements == 0) {
                sendReports();
            }
        } else if (msg == SendReports.INSTANCE) {
            sendReports();
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
                to == reports.size()));
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

    /** Every element started: the coordinator opens the first window once every shard said so. */
    private void started() {
        coordinator.tell(ready(Coordinator.Phase.STARTED, ownState()));
    }

    private void openWindow(long endPs) {
        windowEndPs = endPs;
        windows++;
        localDone = false;
        aheadDepth = 0;
        agreement.open(endPs);
        if (!wake(scheduler.activate(endPs), endPs)) {
            finishLocal();
        }
    }

    /** Tells the woken elements to run to {@code endPs}; returns whether there were any. */
    private boolean wake(List<ShardScheduler.Activation> woken, long endPs) {
        awaitedElements = woken.size();
        activations += woken.size();
        for (ShardScheduler.Activation a : woken) {
            byId[a.elementId()].tell(new ElementActor.RunWindow(endPs, a.inbox()));
        }
        return awaitedElements > 0;
    }

    /**
     * While the peers' batches for the window just done are on their way: the next step ahead, the elements of
     * depth {@code k} or more through the {@code k}-th lookahead after the window ({@link ShardScheduler#activateAhead}),
     * for the first k up to {@link #MAX_AHEAD} that wakes any. Every later window starts no earlier than this one's
     * end, so whatever the peers say, those events are the next windows' and would be handled just so. Never past
     * the run's end.
     */
    private void runAhead() {
        long limitPs = ending != null ? finalEndPs : stopPs;
        while (aheadDepth < Math.min(MAX_AHEAD, scheduler.deepest())) {
            aheadDepth++;
            long endPs = windowEndPs + Math.min(aheadDepth * lookaheadPs, limitPs - windowEndPs);
            if (endPs <= windowEndPs) {
                return;
            }
            if (wake(scheduler.activateAhead(aheadDepth, endPs), endPs)) {
                runningAhead = true;
                aheadHandled = false;
                aheadEndPs = endPs;
                return;
            }
        }
    }

    private void onWindowDone(WindowDone d) {
        scheduler.completed(d.elementId(), d.nextPs(), d.sent());
        events += d.events();
        aheadHandled |= runningAhead && d.events() > 0;
        tally.completed(d.flowsCompletedAtPs());
        deliveredBytes += d.deliveredBytes() - deliveredByElement[d.elementId()];
        deliveredByElement[d.elementId()] = d.deliveredBytes();
        if (d.lastHandledPs() > lastHandledPs) {
            lastHandledPs = d.lastHandledPs();
        }
        if (d.haltReason() != null) {
            tally.halted(d.elementId(), d.haltPs(), d.haltReason());
        }
        if (--awaitedElements > 0) {
            return;
        }
        if (!runningAhead) {
            finishLocal();
            return;
        }
        runningAhead = false;
        if (aheadHandled) {
            aheadCell(WindowGrid.cellOf(aheadEndPs - 1, lookaheadPs));
        }
        if (!agreement.complete()) {
            runAhead();
        }
        maybeAdvance();
    }

    private void finishLocal() {
        tally.settle(windowEndPs);
        WindowState own = ownState();
        for (int s = 0; s < peers.size(); s++) {
            if (s != shard) {
                sendBatches(peers.get(s), scheduler.takeOutbound(s), own);
            }
        }
        agreement.own(own);
        localDone = true;
        if (!agreement.complete()) {
            runAhead();
        }
        maybeAdvance();
    }

    /** Remembers that elements handled events in the cell starting at {@code cellPs} ahead of the windows. */
    private void aheadCell(long cellPs) {
        for (int i = 0; i < aheadCells; i++) {
            if (aheadCellsPs[i] == cellPs) {
                return;
            }
        }
        aheadCellsPs[aheadCells++] = cellPs;
    }

    /**
     * The earliest cell, from the end of the current window on, in which elements handled events ahead of the
     * windows: those events would still be pending had they not run ahead, and the next window must be the one it
     * would then be. Forgets the cells before it.
     */
    private long earliestAheadPs() {
        long earliest = Long.MAX_VALUE;
        int kept = 0;
        for (int i = 0; i < aheadCells; i++) {
            if (aheadCellsPs[i] >= windowEndPs) {
                earliest = Math.min(earliest, aheadCellsPs[i]);
                aheadCellsPs[kept++] = aheadCellsPs[i];
            }
        }
        aheadCells = kept;
        return earliest;
    }

    /** The earliest of everything this shard has pending or has routed to a peer, and its flows and halts. */
    private WindowState ownState() {
        long earliest = Math.min(Math.min(scheduler.earliestPs(), scheduler.earliestOutboundPs()), earliestAheadPs());
        return new WindowState(earliest, tally.flowsCompleted(), tally.haltElementId(), tally.haltReason());
    }

    /** A window's events for one peer, in batches of at most {@link #MAX_BATCH_EVENTS}, the last with our state. */
    private void sendBatches(ActorRef<Command> peer, List<Event> outbound, WindowState own) {
        int n = outbound.size();
        for (int from = 0; from + MAX_BATCH_EVENTS < n; from += MAX_BATCH_EVENTS) {
            peer.tell(new PeerBatch(shard, windowEndPs, List.copyOf(outbound.subList(from, from + MAX_BATCH_EVENTS))));
        }
        int lastFrom = n == 0 ? 0 : (n - 1) / MAX_BATCH_EVENTS * MAX_BATCH_EVENTS;
        peer.tell(new PeerBatch(shard, windowEndPs, n <= MAX_BATCH_EVENTS ? outbound : outbound.subList(lastFrom, n),
                own));
    }

    /**
     * Once this shard's elements are done and every peer's state for the window is in: the next window, the same
     * one every shard picks, or the end of the run, which the coordinator hears from every shard.
     */
    private void maybeAdvance() {
        if (!localDone || awaitedElements != 0 || !agreement.complete()) {
            return;
        }
        localDone = false;
        WindowState fabric = agreement.agreed();
        if (ending == null) {
            if (fabric.earliestPs() >= stopPs) {
                coordinator.tell(ready(Coordinator.Phase.FINAL, fabric));
                return;
            }
            if (windows % PROGRESS_EVERY == 0) {
                coordinator.tell(ready(Coordinator.Phase.PROGRESS, fabric));
            }
            if (!(flowCount > 0 && fabric.flowsCompleted() >= flowCount) && fabric.haltElementId() < 0) {
                self.tell(new OpenWindow(WindowGrid.endOf(fabric.earliestPs(), lookaheadPs, stopPs)));
                return;
            }
            // The run is over, but a shard may already have run some elements up to MAX_AHEAD lookaheads past this
            // window: so every run, on any number of shards, runs those lookaheads too, window by window, and stops.
            ending = fabric;
            finalEndPs = windowEndPs + Math.min(MAX_AHEAD * lookaheadPs, stopPs - windowEndPs);
        }
        if (windowEndPs >= finalEndPs) {
            coordinator.tell(ready(Coordinator.Phase.FINAL, new WindowState(fabric.earliestPs(),
                    fabric.flowsCompleted(), ending.haltElementId(), ending.haltReason())));
        } else {
            self.tell(new OpenWindow(Math.min(windowEndPs + lookaheadPs, finalEndPs)));
        }
    }

    /** At the end of the run ({@code FINAL}) the halt is the fabric's agreed one; before it, this shard's own. */
    private Coordinator.ShardReady ready(Coordinator.Phase phase, WindowState state) {
        boolean last = phase == Coordinator.Phase.FINAL;
        return new Coordinator.ShardReady(shard, phase, state.earliestPs(), events, activations,
                tally.flowsCompleted(), lastHandledPs, busyNanos, last ? state.haltElementId() : tally.haltElementId(),
                last ? state.haltReason() : tally.haltReason(), windows, deliveredBytes);
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
