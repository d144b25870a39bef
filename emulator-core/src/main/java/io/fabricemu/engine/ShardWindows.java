package io.fabricemu.engine;

import java.util.List;

/**
 * One shard's way through the windows of a run: when its elements run, when its part of a window is done and goes
 * to its peers, when it runs elements ahead while the peers' parts are on their way, and when it opens the next
 * window or ends the run. It sends nothing itself: its host (the shard's actor) hands it what arrives and carries
 * out the {@link Step} each call returns.
 *
 * <p><b>Windows.</b> The engine is conservative (Chandy and Misra, "Distributed Simulation: A Case Study in Design
 * and Verification of Distributed Programs", IEEE Trans. Software Eng. 5(5), 1979): every interaction between two
 * elements takes at least one lookahead L, so nothing sent in a window {@code [s, e)} of at most one lookahead can
 * land in it, and the shard runs every element with an event before {@code e} ({@link ShardScheduler}) without
 * waiting for anyone. It then sends every peer the events meant for it with its {@link WindowState}; once it has
 * every peer's state for the window ({@link WindowAgreement}) it opens the next window, the same one every shard
 * opens: the grid cell ({@link WindowGrid}) of the earliest time pending anywhere.
 *
 * <p><b>Running ahead.</b> An element that no peer's element sends to is some number d of interactions from the
 * nearest one that a peer's element does ({@link AheadDepth}), so nothing in the peers' batches for the window
 * ending at {@code e} can reach it before {@code e + d L}: the minimal propagation delays of Lubachevsky's
 * bounded-lag simulation ("Efficient Distributed Event-Driven Simulations of Multiple-Loop Networks", CACM 32(1),
 * 1989). While those batches are on their way the shard takes steps ahead: step k (k = 1, 2, ...) runs the elements
 * of depth k or more to {@code e + k L}, once the step before is done, skipping those that would wake nobody, up to
 * the deepest element's depth. Each element still handles its events in the same order and in the same cells as
 * window by window, so windows, wake-ups and results do not change. A step that handled events keeps its cell
 * pending ({@link AheadCells}), so the next window is the one it would have been without running ahead; no step
 * goes past the run's limit (the stop time, or the end of the ending below). Depths, and with them steps, stop at
 * {@link #MAX_AHEAD}: the cap bounds how far a shard gets ahead of its peers and so how long every run must go on
 * after it is over (below); 8 covers every depth of the 1024-host permutation split over two JVMs, at most 7
 * (BENCHMARKS.md, "Running ahead").
 *
 * <p><b>The end of a run.</b> After a window, the agreed state ends the run at once if the earliest time pending
 * anywhere is at or past the stop time. The run is <em>over</em> once every flow completed or an element halted,
 * each counted in the window of its virtual time ({@link WindowTally}) however far ahead its element ran. A shard
 * may then already have run elements up to {@code MAX_AHEAD} lookaheads past that window, so every run, on any
 * number of shards, goes on through those lookaheads, opening every cell in turn, and ends there ({@link Course}).
 * The halt it reports is the one agreed when it became over; later halts do not count.
 *
 * <p><b>States</b> ({@link Stage}) and what moves them (the step returned in parentheses):
 * <pre>
 *   STARTING --last element started--&gt; IDLE (STARTED)
 *   IDLE     --open--&gt; WINDOW (RUN), or with nothing to run SENDING (SEND)
 *   WINDOW   --last element done--&gt; SENDING (SEND)
 *   SENDING  --sent--&gt; WAITING, and on as below
 *   AHEAD    --last element done--&gt; WAITING, and on as below
 *   WAITING  --every peer's state in--&gt; IDLE (OPEN, or PROGRESS then OPEN) or OVER (FINAL, maybe after PROGRESS)
 *   WAITING  --a peer's state missing--&gt; AHEAD (RUN) if a step ahead wakes anyone, else stays (WAIT)
 * </pre>
 * A peer that never answers leaves the shard WAITING once its steps ahead are done: it opens no window and
 * reports neither progress nor an end. Single-threaded; one owner; it allocates nothing per window beyond its own
 * state and what its scheduler and agreement make.
 */
public final class ShardWindows {

    /**
     * Lookaheads an element may run ahead of the window the peers are in, at most ({@link AheadDepth}); also how
     * long a run goes on after it is over, on any number of shards alike.
     */
    public static final int MAX_AHEAD = 8;

    /** Windows between two progress reports. */
    public static final int PROGRESS_EVERY = 32;

    /** What the host does next. */
    public enum Step {
        /** Nothing until another message arrives. */
        WAIT,
        /** Every element started: report {@link #ownState()} as started. */
        STARTED,
        /** Tell each element of {@link #woken()} to run to {@link #runEndPs()}; their answers come back as done. */
        RUN,
        /**
         * This shard's part of the window is done: send every peer {@code s} its events, {@link #takeOutbound},
         * for the window ending at {@link #windowEndPs()}, the last batch with {@link #ownState()}; then call
         * {@link #sent()}.
         */
        SEND,
        /** Report {@link #progressState()} as progress, then call {@link #reported()}. */
        PROGRESS,
        /** Open the window ending at {@link #nextEndPs()} (through the host's mailbox, after what is already in it). */
        OPEN,
        /** The run is over: report {@link #finalState()} as final. */
        FINAL
    }

    /** Where the shard is in the current window. */
    enum Stage {
        /** Its elements are starting. */
        STARTING,
        /** Between windows: the next one is not open yet. */
        IDLE,
        /** The window's elements run. */
        WINDOW,
        /** Its part of the window is done; the host is sending it. */
        SENDING,
        /** Its part is sent and a step ahead runs. */
        AHEAD,
        /** Its part is sent, nothing runs: it waits for the peers' states. */
        WAITING,
        /** The run ended. */
        OVER
    }

    /** Whether the run goes on, and how far windows and steps ahead may reach. */
    private sealed interface Course permits Going, Ending {
        long limitPs();
    }

    /** Not over: windows go on up to the stop time. */
    private record Going(long limitPs) implements Course {
    }

    /**
     * Over (every flow completed, or an element halted) at the end of a window: the run goes on to {@code limitPs},
     * {@link #MAX_AHEAD} lookaheads later (or the stop time), and reports the halt agreed then.
     */
    private record Ending(long limitPs, int haltElementId, String haltReason) implements Course {
    }

    private final ShardScheduler scheduler;
    private final WindowAgreement agreement;
    private final WindowTally tally;
    private final AheadCells aheadCells = new AheadCells(MAX_AHEAD);
    private final int elements;
    private final long lookaheadPs;
    /** A window's length: {@code lookaheadPs} times the cells it spans. */
    private final long spanPs;
    /** The most steps a shard takes ahead of a window. */
    private final int aheadSteps;
    private final long stopPs;
    private final int flowCount;
    private Stage stage = Stage.STARTING;
    private Course course;
    private int awaited;
    private long windows;
    private long windowEndPs;
    private int aheadDepth;
    private boolean aheadHandled;
    private List<ShardScheduler.Activation> woken = List.of();
    private long runEndPs;
    private WindowState own;
    private WindowState agreed;
    private long nextEndPs;

    /**
     * @param scheduler   this shard's elements and their events; depths above 0 ({@link AheadDepth}) let it run ahead
     * @param shards      the number of shards, this one included
     * @param elements    how many elements this shard runs
     * @param lookaheadPs the shortest time any interaction between elements takes, and the windows' grid
     * @param stopPs      no event at or after this time is handled
     * @param flowCount   the run is over once this many flows completed, if above 0
     */
    public ShardWindows(ShardScheduler scheduler, int shards, int elements, long lookaheadPs, long stopPs,
                        int flowCount) {
        this(scheduler, shards, elements, lookaheadPs, 1, stopPs, flowCount);
    }

    /**
     * The same, with windows of {@code windowCells} grid cells ({@link WindowSpan}): as many as the run's least
     * interaction delay covers. Steps ahead still count in cells, one per interaction, which the longer interactions
     * only make safer.
     */
    public ShardWindows(ShardScheduler scheduler, int shards, int elements, long lookaheadPs, int windowCells,
                        long stopPs, int flowCount) {
        if (shards < 1 || elements < 0 || lookaheadPs <= 0 || stopPs <= 0 || windowCells < 1
                || windowCells > MAX_AHEAD) {
            throw new IllegalArgumentException("shards " + shards + ", elements " + elements + ", lookahead "
                    + lookaheadPs + " ps, windows of " + windowCells + " cells, stop " + stopPs + " ps");
        }
        this.spanPs = Math.multiplyExact(lookaheadPs, windowCells);
        // A window of c cells may be found over c - 1 cells after the cell the run became over in, and the run ends
        // MAX_AHEAD cells after that cell: so steps ahead go at most MAX_AHEAD - (c - 1) cells past a window.
        this.aheadSteps = MAX_AHEAD - (windowCells - 1);
        this.tally = new WindowTally(lookaheadPs);
        this.scheduler = scheduler;
        this.agreement = new WindowAgreement(shards - 1);
        this.elements = elements;
        this.lookaheadPs = lookaheadPs;
        this.stopPs = stopPs;
        this.flowCount = flowCount;
        this.course = new Going(stopPs);
        this.awaited = elements;
    }

    /** The host told every element to start; returns STARTED at once if there are none. */
    public Step start() {
        expect(Stage.STARTING);
        return elements == 0 ? started() : Step.WAIT;
    }

    /** An element started: its first own event at {@code nextPs}, {@code sent} what it sent while starting. */
    public Step elementStarted(int elementId, long nextPs, List<Event> sent) {
        expect(Stage.STARTING);
        scheduler.completed(elementId, nextPs, sent);
        return --awaited == 0 ? started() : Step.WAIT;
    }

    private Step started() {
        stage = Stage.IDLE;
        own = currentState();
        return Step.STARTED;
    }

    /** Opens the window ending (exclusive) at {@code endPs}. */
    public Step open(long endPs) {
        expect(Stage.IDLE);
        windowEndPs = endPs;
        windows++;
        aheadDepth = 0;
        agreement.open(endPs);
        List<ShardScheduler.Activation> w = scheduler.activate(endPs);
        if (w.isEmpty()) {
            return finishLocal();
        }
        run(Stage.WINDOW, w, endPs);
        return Step.RUN;
    }

    private void run(Stage running, List<ShardScheduler.Activation> w, long endPs) {
        stage = running;
        woken = w;
        awaited = w.size();
        runEndPs = endPs;
    }

    /**
     * An element ran to the end it was given: its next own event at {@code nextPs}, {@code sent} what it sent,
     * {@code events} how many it handled, {@code flowsCompletedAtPs} when each flow it completed did, and
     * {@code haltReason} (null if none) why it asked at {@code haltPs} to end the run.
     */
    public Step elementDone(int elementId, long nextPs, List<Event> sent, int events, long[] flowsCompletedAtPs,
                            String haltReason, long haltPs) {
        if (stage != Stage.WINDOW && stage != Stage.AHEAD) {
            throw new IllegalStateException("an element finished while " + stage);
        }
        scheduler.completed(elementId, nextPs, sent);
        aheadHandled |= stage == Stage.AHEAD && events > 0;
        tally.completed(flowsCompletedAtPs);
        if (haltReason != null) {
            tally.halted(elementId, haltPs, haltReason);
        }
        if (--awaited > 0) {
            return Step.WAIT;
        }
        if (stage == Stage.WINDOW) {
            return finishLocal();
        }
        if (aheadHandled) {
            aheadCells.add(WindowGrid.cellOf(runEndPs - 1, lookaheadPs));
        }
        stage = Stage.WAITING;
        return onward();
    }

    /** Every element ran the window: what it counted settles, and its state goes to the peers. */
    private Step finishLocal() {
        tally.settle(windowEndPs);
        own = currentState();
        agreement.own(own);
        stage = Stage.SENDING;
        return Step.SEND;
    }

    /** The host sent the peers this shard's part of the window. */
    public Step sent() {
        expect(Stage.SENDING);
        stage = Stage.WAITING;
        return onward();
    }

    /** Events from a peer's elements for this shard's, in any stage. */
    public void peerEvents(List<Event> events) {
        scheduler.receive(events);
    }

    /** A peer's state at the end of the window ending at {@code endPs} (this one, or the next if it is ahead). */
    public Step peerDone(long endPs, WindowState state) {
        agreement.peer(endPs, state);
        return stage == Stage.WAITING && agreement.complete() ? advance() : Step.WAIT;
    }

    /** Waiting: the next window if every peer's state is in, else the next step ahead if one wakes anyone. */
    private Step onward() {
        return agreement.complete() ? advance() : runAhead();
    }

    /**
     * The next step ahead, the elements of depth {@code k} or more through the {@code k}-th lookahead after the
     * window ({@link ShardScheduler#activateAhead}), for the first {@code k} up to {@link #MAX_AHEAD} that wakes any.
     * Every later window starts no earlier than this one's end, so whatever the peers say, those events are the
     * next windows' and would be handled just so. Never past the course's limit.
     */
    private Step runAhead() {
        long limitPs = course.limitPs();
        while (aheadDepth < Math.min(aheadSteps, scheduler.deepest())) {
            aheadDepth++;
            long endPs = windowEndPs + Math.min(aheadDepth * lookaheadPs, limitPs - windowEndPs);
            if (endPs <= windowEndPs) {
                return Step.WAIT;
            }
            List<ShardScheduler.Activation> w = scheduler.activateAhead(aheadDepth, endPs);
            if (!w.isEmpty()) {
                aheadHandled = false;
                run(Stage.AHEAD, w, endPs);
                return Step.RUN;
            }
        }
        return Step.WAIT;
    }

    /** Every state is in and nothing runs: the next window, the same one every shard picks, or the end. */
    private Step advance() {
        agreed = agreement.agreed();
        stage = Stage.IDLE;
        if (!(course instanceof Going)) {
            return nextInEnding();
        }
        if (agreed.earliestPs() >= stopPs) {
            stage = Stage.OVER;
            return Step.FINAL;
        }
        Step next;
        boolean flowsDone = flowCount > 0 && agreed.flowsCompleted() >= flowCount;
        if (flowsDone || agreed.haltElementId() >= 0) {
            course = ending(flowsDone);
            next = nextInEnding();
        } else {
            nextEndPs = WindowGrid.endOf(agreed.earliestPs(), lookaheadPs, spanPs, stopPs);
            next = Step.OPEN;
        }
        return windows % PROGRESS_EVERY == 0 ? Step.PROGRESS : next;
    }

    /** Over: every cell in turn up to the ending's limit, then the end. */
    private Step nextInEnding() {
        long limitPs = course.limitPs();
        if (windowEndPs >= limitPs) {
            stage = Stage.OVER;
            return Step.FINAL;
        }
        nextEndPs = Math.min(windowEndPs + spanPs, limitPs);
        return Step.OPEN;
    }

    /**
     * The run became over in the window just agreed: it goes on {@link #MAX_AHEAD} cells past the end of the cell in
     * which it did (the cell of the last completion, or of the halt if that came first), and reports the halt of
     * that cell if any; with windows of one cell, that cell is the window. A state that does not say when (from a
     * peer that keeps no times) counts at the window's end.
     */
    private Ending ending(boolean flowsDone) {
        long flowsEndPs = flowsDone ? cellEndOf(agreed.lastCompletedPs()) : Long.MAX_VALUE;
        boolean halted = agreed.haltElementId() >= 0;
        long haltEndPs = halted ? cellEndOf(agreed.haltCellPs()) : Long.MAX_VALUE;
        long overEndPs = Math.min(flowsEndPs, haltEndPs);
        boolean haltCounts = halted && haltEndPs <= flowsEndPs;
        return new Ending(overEndPs + Math.min(MAX_AHEAD * lookaheadPs, stopPs - overEndPs),
                haltCounts ? agreed.haltElementId() : -1, haltCounts ? agreed.haltReason() : null);
    }

    /** The end of the grid cell holding {@code timePs}, never past the window's; the window's for an unknown time. */
    private long cellEndOf(long timePs) {
        if (timePs == WindowState.UNKNOWN) {
            return windowEndPs;
        }
        return Math.min(windowEndPs, WindowGrid.cellOf(timePs, lookaheadPs) + lookaheadPs);
    }

    /** The host reported progress: what follows it. */
    public Step reported() {
        if (stage != Stage.IDLE && stage != Stage.OVER) {
            throw new IllegalStateException("progress reported while " + stage);
        }
        return stage == Stage.OVER ? Step.FINAL : Step.OPEN;
    }

    /** The earliest of everything this shard has pending or has routed to a peer, and its flows and halt. */
    private WindowState currentState() {
        long earliest = Math.min(Math.min(scheduler.earliestPs(), scheduler.earliestOutboundPs()),
                aheadCells.earliestFrom(windowEndPs));
        return new WindowState(earliest, tally.flowsCompleted(), tally.lastCompletedPs(), tally.haltElementId(),
                tally.haltCellPs(), tally.haltReason());
    }

    private void expect(Stage s) {
        if (stage != s) {
            throw new IllegalStateException("expected " + s + ", was " + stage);
        }
    }

    /** The elements to run, for {@link Step#RUN}. */
    public List<ShardScheduler.Activation> woken() {
        return woken;
    }

    /** How far they run, for {@link Step#RUN}. */
    public long runEndPs() {
        return runEndPs;
    }

    /**
     * The time before which the run handles every event, the same on every shard: the end of its last window once
     * it is over, else its stop time (a run ended by its stop time handled every event before it).
     */
    public long horizonPs() {
        return course instanceof Ending ? course.limitPs() : stopPs;
    }

    /** The end of the current (or last) window. */
    public long windowEndPs() {
        return windowEndPs;
    }

    /** The events for peer {@code toShard} routed since the last call (possibly none), for {@link Step#SEND}. */
    public List<Event> takeOutbound(int toShard) {
        return scheduler.takeOutbound(toShard);
    }

    /** This shard's own state, for {@link Step#STARTED} (at the start) and {@link Step#SEND} (at the window's end). */
    public WindowState ownState() {
        return own;
    }

    /** The end of the window to open, for {@link Step#OPEN}. */
    public long nextEndPs() {
        return nextEndPs;
    }

    /** For {@link Step#PROGRESS}: the fabric's earliest time pending, with this shard's flows and halt. */
    public WindowState progressState() {
        return new WindowState(agreed.earliestPs(), tally.flowsCompleted(), tally.lastCompletedPs(),
                tally.haltElementId(), tally.haltCellPs(), tally.haltReason());
    }

    /**
     * For {@link Step#FINAL}: the fabric's earliest time pending, this shard's flows, and the run's halt (the one
     * agreed when the run became over).
     */
    public WindowState finalState() {
        expect(Stage.OVER);
        if (course instanceof Ending e) {
            return new WindowState(agreed.earliestPs(), tally.flowsCompleted(), e.haltElementId(), e.haltReason());
        }
        return new WindowState(agreed.earliestPs(), tally.flowsCompleted(), agreed.haltElementId(),
                agreed.haltReason());
    }

    /** Windows opened so far. */
    public long windows() {
        return windows;
    }

    /** Where the shard is in the current window. */
    Stage stage() {
        return stage;
    }
}
