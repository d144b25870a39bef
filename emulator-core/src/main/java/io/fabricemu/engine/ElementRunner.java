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
    private ArrayList<Event> outbox = new ArrayList<>();
    private static final long[] NONE = new long[0];
    private long[] completedAtPs = new long[4];
    private int completed;
    private String haltReason;
    private long haltPs;
    private final Sampling sampling;
    private final SampleLog samples;
    private final LiveSink live;
    private long nextTickPs;
    private boolean changedSinceSample = true;

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
        this.sampling = sampling;
        this.samples = sampling.enabled() ? new SampleLog(sampling.intervalPs(), sampling) : null;
        this.live = live;
    }

    public int id() {
        return id;
    }

    public Element element() {
        return element;
    }

    /** Lets the element schedule its first events; returns the time of the earliest pending one. */
    public long start() {
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
            if (samples != null && e.timePs() >= nextTickPs) {
                sampleBefore(e.timePs());
            }
            changedSinceSample = true;
            nowPs = e.timePs();
            lastHandledPs = nowPs;
            element.onEvent(e.signal(), this);
            handled++;
        }
        return handled;
    }

    /**
     * Records the state the element has had since its last event, which stands until {@code eventPs}: the value
     * at every tick from {@code nextTickPs} to {@code eventPs} inclusive (a tick sees the events before it).
     */
    private void sampleBefore(long eventPs) {
        long intervalPs = sampling.intervalAt(eventPs);
        if (intervalPs != samples.intervalPs()) {
            samples.thin(intervalPs);
            nextTickPs = (nextTickPs + intervalPs - 1) / intervalPs * intervalPs;
            if (eventPs < nextTickPs) {
                return;
            }
        }
        if (changedSinceSample) {
            takeSample();
        }
        nextTickPs = (eventPs / intervalPs + 1) * intervalPs;
    }

    /**
     * The element's samples, its final state included (it stands to the end of the run); call once, after the
     * last window. Null when sampling is off.
     */
    public SampleLog finishSamples() {
        if (samples != null && changedSinceSample) {
            takeSample();
        }
        return samples;
    }

    /** Records the element's state at {@code nextTickPs} in the log, and hands it to the live sink if any. */
    private void takeSample() {
        samples.begin(nextTickPs);
        element.sample(samples);
        if (live != null) {
            element.sample(live);
            live.sampleDone(nextTickPs);
        }
        changedSinceSample = false;
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
        return samples == null ? 0 : samples.latestDeliveredBytes();
    }

    /** Time of the last event handled, or {@link Long#MIN_VALUE} before the first. */
    public long lastHandledPs() {
        return lastHandledPs;
    }

    /** Time of the earliest pending event, or {@link Long#MAX_VALUE}. */
    public long nextEventPs() {
        return queue.peekTimePs();
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

    @Override
    public void send(int targetId, long atPs, Signal signal) {
        if (atPs < windowEndPs) {
            throw new IllegalStateException("element " + id + " at " + nowPs + " ps sent " + signal
                    + " to element " + targetId + " for " + atPs + " ps, inside the window ending at "
                    + windowEndPs + " ps: the interaction delay is below the lookahead");
        }
        outbox.add(new Event(atPs, id, seq++, targetId, signal));
    }

    @Override
    public void schedule(long atPs, Signal signal) {
        if (atPs < nowPs) {
            throw new IllegalStateException("element " + id + " at " + nowPs + " ps scheduled " + signal
                    + " in its past, at " + atPs + " ps");
        }
        queue.add(new Event(atPs, id, seq++, id, signal));
    }

    @Override
    public void flowCompleted() {
        if (completed == completedAtPs.length) {
            completedAtPs = java.util.Arrays.copyOf(completedAtPs, completed * 2);
        }
        completedAtPs[completed++] = nowPs;
    }

    @Override
    public void halt(String reason) {
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
