package io.fabricemu.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs one element through windows of virtual time. It owns the element's event queue and sequence
 * counter, enforces the conservative rule (events are handled in non-decreasing key order, and nothing an
 * element sends may land inside the window being run) and collects what the element sends.
 *
 * <p>Not thread-safe: exactly one owner (the element's actor) drives it.
 */
public final class ElementRunner implements EventContext {
    private final int id;
    private final Element element;
    private final EventQueue queue = new EventQueue();
    private long seq;
    private long nowPs;
    private long windowEndPs;
    private long lastHandledPs = Long.MIN_VALUE;
    /** Events handled in the latest {@link #runWindow}. */
    private int windowEvents;
    private ArrayList<Event> outbox = new ArrayList<>();
    private static final long[] NONE = new long[0];
    private long[] completedAtPs = new long[4];
    private int completed;
    private String haltReason;
    private long haltPs;
    /** Null when the run does not sample. */
    private final ElementSampler sampler;
    /** Started: by its actor, or, for a relay, by its shard before any actor runs ({@link #relayThrough}). */
    private boolean started;
    private static final ElementRunner[] NO_RELAYS = new ElementRunner[0];
    /** The relays this element feeds whose events it handles in its own turn ({@link #relayThrough}). */
    private ElementRunner[] relays = NO_RELAYS;
    /** The element whose turn this relay's events are handled in, or null when it is not handled so. */
    private ElementRunner relayOwner;
    /** A relay's latest event times, to tell its last before the run's horizon; null for other elements. */
    private RecentTimes relayedTimes;
    /** The first sequence number of what is sent in an element's name while a signal passes through it. */
    static final long PASS_SEQ_BASE = 1L << 62;
    /** The element whose passing signals this one handles ({@link #passThrough}), or -1; its stand-in, or null. */
    private int passTargetId = -1;
    private Element passer;
    private long passSeq = PASS_SEQ_BASE;
    /** The stand-in is handling a signal: what is sent now is the target's, and nothing else may happen. */
    private boolean passing;
    /** Events deferred ({@link #defer}) and not handled yet, in key order. */
    private DeferredEvents deferred = DeferredEvents.NONE;
    private boolean handlingDeferred;

    public ElementRunner(int id, Element element) {
        this(id, element, Sampling.OFF);
    }

    /** @param sampling when to record the element's state; {@link Sampling#OFF} records nothing */
    public ElementRunner(int id, Element element, Sampling sampling) {
        this(id, element, sampling, null);
    }

    /**
     * @param sampling when to record the element's state; {@link Sampling#OFF} records nothing
     * @param live     where each sample also goes as it is taken, or null; needs sampling on
     */
    public ElementRunner(int id, Element element, Sampling sampling, LiveSink live) {
        if (live != null && !sampling.enabled()) {
            throw new IllegalArgumentException("element " + id + ": a live sink needs sampling on");
        }
        this.id = id;
        this.element = element;
        this.sampler = sampling.enabled() && element.writesSamples() ? new ElementSampler(element, sampling, live)
                : null;
    }

    public int id() {
        return id;
    }

    public Element element() {
        return element;
    }

    /** Lets the element schedule its first events; returns the time of the earliest pending one. */
    public long start() {
        if (started) {
            return queue.peekTimePs();
        }
        started = true;
        nowPs = 0;
        windowEndPs = 0;
        element.start(this);
        return queue.peekTimePs();
    }

    /**
     * Adds {@code inbox} to the pending events, then handles, in key order, every pending event earlier
     * than {@code endPs}.
     *
     * @return the number of events handled
     */
    public int runWindow(long endPs, List<Event> inbox) {
        if (relayOwner != null && !inbox.isEmpty()) {
            throw new IllegalStateException("relay " + id + " was sent " + inbox.get(0).signal() + " by element "
                    + inbox.get(0).originId() + ", not only by element " + relayOwner.id);
        }
        for (int i = 0, n = inbox.size(); i < n; i++) {
            Event e = inbox.get(i);
            if (e.timePs() < lastHandledPs) {
                throw new IllegalStateException("element " + id + " received an event at " + e.timePs()
                        + " ps after it had handled one at " + lastHandledPs + " ps");
            }
            queue.add(e);
        }
        windowEndPs = endPs;
        int handled = 0;
        while (queue.peekTimePs() < endPs) {
            Event e = queue.poll();
            while (deferred.before(e)) {
                handleDeferred(deferred.take());
            }
            handle(e);
            handled++;
        }
        windowEvents = handled;
        return handled;
    }

    /** The number of events the latest {@link #runWindow} handled. */
    public int windowEvents() {
        return windowEvents;
    }

    /** Handles {@code e}: the samples due before it first. */
    private void handle(Event e) {
        if (sampler != null) {
            sampler.beforeEvent(e.timePs());
        }
        nowPs = e.timePs();
        lastHandledPs = nowPs;
        element.onEvent(e.signal(), this);
    }

    /** Handles a deferred event ({@link #defer}) in its turn; it may send and schedule nothing. */
    private void handleDeferred(Event e) {
        handlingDeferred = true;
        try {
            handle(e);
        } finally {
            handlingDeferred = false;
        }
        deferred.handled();
    }

    /**
     * Handles the deferred events ({@link #defer}) the run reached: those before {@code horizonPs}, the time up to
     * which the run handled every event (its stop time, or the end of its last window once it was over). Had they
     * been queued they would have been handled in their windows; as they change only the element's own state, they
     * are handled now, in key order, before its samples end and it reports. Call once, after the last window.
     */
    public void settle(long horizonPs) {
        while (deferred.before(horizonPs)) {
            handleDeferred(deferred.take());
        }
    }

    /** Moves the samples to the grid in force at {@code atPs}, a time the run reached; after {@link #settle}. */
    public void thinSamples(long atPs) {
        if (sampler != null) {
            sampler.thinTo(atPs);
        }
    }

    /**
     * The time of the last event this element handled before {@code horizonPs}, once it {@link #settle settled} to
     * it: a relay may have handled events past it, in its sender's turn, which the run did not reach.
     */
    public long lastHandledBeforePs(long horizonPs) {
        return relayedTimes == null ? lastHandledPs : relayedTimes.lastBefore(horizonPs);
    }

    /** Deferred events this element handled in their turn instead of as queued events ({@link #defer}). */
    public long deferredEvents() {
        return deferred.handledCount();
    }

    /**
     * The element's samples, its final state included (it stands to the end of the run); call once, after the
     * last window. Null when sampling is off.
     */
    public SampleLog finishSamples() {
        return sampler == null ? null : sampler.finish();
    }

    /** The element's report, with its samples when the run sampled; call once, after the last window. */
    public ElementReport report() {
        SampleLog log = finishSamples();
        ElementReport r = element.report();
        return log == null ? r : r.withSamples(log);
    }

    /**
     * The payload the element's receivers had delivered at its latest sample: a live view of the run's progress,
     * which trails by at most a sampling interval; 0 when sampling is off.
     */
    public long deliveredBytes() {
        return sampler == null ? 0 : sampler.deliveredBytes();
    }

    /** Time of the last event handled, or {@link Long#MIN_VALUE} before the first. */
    public long lastHandledPs() {
        return lastHandledPs;
    }

    /** Time of the earliest pending event, or {@link Long#MAX_VALUE}. */
    public long nextEventPs() {
        return queue.peekTimePs();
    }

    /**
     * What the element sent in the window it ran, in the order sent, for its shard to route before the element is
     * woken again, then {@link #clearSent clear}: the runner keeps the list, so a wake-up allocates none.
     */
    public List<Event> sent() {
        return outbox;
    }

    /** Its shard routed what {@link #sent} held. */
    public void clearSent() {
        outbox.clear();
    }

    /** What the element sent since the last call, in the order sent; the runner starts a new list. */
    public List<Event> drainOutbox() {
        if (outbox.isEmpty()) {
            return List.of();
        }
        List<Event> out = outbox;
        outbox = new ArrayList<>();
        return out;
    }

    /** When each flow completed since the last call did, in ps, in the order they did. */
    public long[] drainFlowsCompleted() {
        if (completed == 0) {
            return NONE;
        }
        long[] out = java.util.Arrays.copyOf(completedAtPs, completed);
        completed = 0;
        return out;
    }

    @Override
    public long nowPs() {
        return nowPs;
    }

    /**
     * Handles the events this element sends {@code relay} in this element's own turn, as they are sent, instead of
     * queueing them for the relay's actor: for a {@link Element#relaySpanPs() relay} of the same shard whose only
     * sender this element is (a link and the port or NIC that transmits onto it). The relay then sees exactly the
     * events it would have seen, in the same order (one sender's events to it are in time order), at the same
     * virtual times, and what it sends carries its own id and sequence numbers, so every event elsewhere keeps its
     * key and the run's results do not change; the engine only saves queueing, ordering and dispatching the relay's
     * events. Call before the run starts, from the shard that owns both.
     */
    public void relayThrough(ElementRunner relay) {
        long spanPs = relay.element.relaySpanPs();
        if (spanPs < 0) {
            throw new IllegalArgumentException("element " + relay.id + " is not a relay");
        }
        if (relay.relayOwner != null || relay == this) {
            throw new IllegalStateException("element " + relay.id + " is relayed already");
        }
        relay.start(); // here, in the shard, before any actor runs: the relay's actor then only reports it started
        relay.relayOwner = this;
        relay.relayedTimes = new RecentTimes(spanPs);
        relays = java.util.Arrays.copyOf(relays, relays.length + 1);
        relays[relays.length - 1] = relay;
    }

    /** Events this relay handled in its sender's turn ({@link #relayThrough}); 0 for other elements. */
    public long relayedEvents() {
        return relayedTimes == null ? 0 : relayedTimes.count();
    }

    /**
     * Has what this element sends {@code targetId} and its stand-in {@code passer} lets pass handled as it is sent,
     * in this element's turn (or its relay owner's), sent on in the target's name with sequence numbers of the
     * target's own; the target is not woken, and nothing is queued or counted. For the one relay that sends to the
     * target ({@link Passes}), wherever the target is. Call before the run starts, from this element's shard.
     */
    public void passThrough(int targetId, Element passer) {
        if (this.passer != null || targetId == id) {
            throw new IllegalStateException("element " + id + " cannot handle element " + targetId
                    + "'s passing signals: an element handles one other element's");
        }
        passTargetId = targetId;
        this.passer = passer;
    }

    /**
     * Lets {@code signal}, arriving at {@code atPs}, through the target's stand-in, with this runner as its context
     * (the only {@link EventContext} a run loads, so the models' calls to it stay direct): it may only send.
     */
    private void pass(long atPs, Signal signal) {
        long ownNowPs = nowPs;
        nowPs = atPs;
        passing = true;
        try {
            passer.onEvent(signal, this);
        } finally {
            passing = false;
            nowPs = ownNowPs;
        }
    }

    /** Refuses anything but a send while a signal passes: {@code what} (with {@code signal}, if any) was tried. */
    private void notPassing(String what, Signal signal) {
        if (passing) {
            throw new IllegalStateException("element " + passTargetId + " " + what + (signal == null ? "" : signal)
                    + " while letting a signal pass through: a signal that passes may only send");
        }
    }

    /** What the passing target's stand-in sends, in the target's name, with a sequence number of the target's. */
    private void sendPassed(int targetId, long atPs, Signal signal) {
        if (atPs < windowEndPs) {
            throw belowLookahead(passTargetId, targetId, atPs, signal);
        }
        queue(passTargetId, passSeq++, targetId, atPs, signal);
    }

    /** Queues a sent event for the shard: a relay's go out with its sender's, its own outbox staying its actor's. */
    private void queue(int originId, long originSeq, int targetId, long atPs, Signal signal) {
        (relayOwner == null ? outbox : relayOwner.outbox).add(new Event(atPs, originId, originSeq, targetId, signal));
    }

    private IllegalStateException belowLookahead(int originId, int targetId, long atPs, Signal signal) {
        return new IllegalStateException("element " + originId + " at " + nowPs + " ps sent " + signal + " to element "
                + targetId + " for " + atPs + " ps, inside the window ending at " + windowEndPs
                + " ps: the interaction delay is below the lookahead");
    }

    /** Handles an event {@code owner} sends this relay, now, in owner's turn; what it sends goes out with owner's. */
    private void handleRelayed(long atPs, Signal signal, ElementRunner owner) {
        if (atPs < lastHandledPs) {
            throw new IllegalStateException("relay " + id + " was sent an event at " + atPs
                    + " ps after it had handled one at " + lastHandledPs + " ps");
        }
        if (sampler != null) {
            sampler.beforeEvent(atPs);
        }
        windowEndPs = owner.windowEndPs;
        nowPs = atPs;
        lastHandledPs = atPs;
        element.onEvent(signal, this);
        relayedTimes.add(atPs);
    }

    @Override
    public void send(int targetId, long atPs, Signal signal) {
        if (passing) {
            sendPassed(targetId, atPs, signal);
            return;
        }
        if (handlingDeferred) {
            throw new IllegalStateException("element " + id + " sent " + signal + " while handling an event it"
                    + " had deferred: a deferred event may change only the element's own state");
        }
        long eventSeq = seq++;
        for (ElementRunner relay : relays) {
            if (relay.id == targetId) {
                // handled now, so its hand-off may fall in the window; what it sends on may not
                relay.handleRelayed(atPs, signal, this);
                return;
            }
        }
        if (atPs < windowEndPs) {
            throw belowLookahead(id, targetId, atPs, signal);
        }
        if (targetId == passTargetId && passer.passesThrough(signal)) {
            pass(atPs, signal);
            return;
        }
        queue(id, eventSeq, targetId, atPs, signal);
    }

    /**
     * Defers {@code signal} to {@code atPs}: an event the element handles at its key like any other, but which
     * does not wake it. It is handled just before the element's next event that comes after it, or before the
     * first sample after it, or when the run ends ({@link #settle}); so the element, its samples and its report
     * see it exactly where a scheduled one would have been. Handling it must send and schedule nothing (the
     * runner refuses, as it may run in a later window); an element that comes to need more of it (a packet is
     * now waiting for the transmitter it frees) promotes it to a queued event ({@link #promote}).
     */
    @Override
    public void defer(long atPs, Signal signal) {
        notPassing("deferred ", signal);
        if (relayOwner != null || handlingDeferred) {
            throw new IllegalStateException("element " + id + " deferred " + signal + " where it may not");
        }
        if (atPs < nowPs) {
            throw new IllegalStateException("element " + id + " at " + nowPs + " ps deferred " + signal
                    + " to its past, " + atPs + " ps");
        }
        if (deferred == DeferredEvents.NONE) {
            deferred = new DeferredEvents();
        }
        deferred.add(new Event(atPs, id, seq++, id, signal));
    }

    /** Queues the deferred event carrying {@code signal} (the same instance), with its key; none: nothing. */
    @Override
    public void promote(Signal signal) {
        notPassing("promoted ", signal);
        Event e = deferred.remove(signal);
        if (e != null) {
            queue.add(e);
        }
    }

    @Override
    public void schedule(long atPs, Signal signal) {
        notPassing("scheduled ", signal);
        if (handlingDeferred) {
            throw new IllegalStateException("element " + id + " scheduled " + signal + " while handling an event"
                    + " it had deferred: a deferred event may change only the element's own state");
        }
        if (relayOwner != null) {
            throw new IllegalStateException("relay " + id + " scheduled " + signal + ": a relay has no timers");
        }
        if (atPs < nowPs) {
            throw new IllegalStateException("element " + id + " at " + nowPs + " ps scheduled " + signal
                    + " in its past, at " + atPs + " ps");
        }
        queue.add(new Event(atPs, id, seq++, id, signal));
    }

    @Override
    public void flowCompleted() {
        notPassing("completed a flow", null);
        if (completed == completedAtPs.length) {
            completedAtPs = java.util.Arrays.copyOf(completedAtPs, completed * 2);
        }
        completedAtPs[completed++] = nowPs;
    }

    @Override
    public void halt(String reason) {
        notPassing("halted the run", null);
        if (reason == null || reason.isEmpty()) {
            throw new IllegalArgumentException("element " + id + " halted without a reason");
        }
        if (haltReason == null) {
            haltReason = reason;
            haltPs = nowPs;
        }
    }

    /** When the element first asked to end the run, in ps; only meaningful once {@link #haltReason} is not null. */
    public long haltPs() {
        return haltPs;
    }

    /** The reason this element asked to end the run for (its first), or null when it did not. */
    public String haltReason() {
        return haltReason;
    }
}
