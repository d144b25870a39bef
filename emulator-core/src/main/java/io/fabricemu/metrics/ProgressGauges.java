package io.fabricemu.metrics;

import io.fabricemu.engine.Progress;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import kamon.tag.TagSet;

/**
 * Publishes a run's {@link Progress} as gauges once a wall-clock second (display only, like the progress line):
 * virtual time reached, events, events per second over the last second, windows, flows completed and flows in
 * the workload; and with them the run's rates per virtual second ({@link VirtualRates}) and the link directions
 * down ({@link FaultGauges}). Runs on its own daemon
 * thread; nothing in the run reads what it writes.
 */
final class ProgressGauges implements AutoCloseable {
    private static final long PERIOD_MILLIS = 1000;
    private final Progress progress;
    private final VirtualRates rates;
    private final FaultGauges faults;
    private final TagSet tags;
    private final ScheduledExecutorService timer;
    private long lastEvents;
    private long lastNanos = System.nanoTime();

    ProgressGauges(Progress progress, int flowCount, VirtualRates rates, FaultGauges faults, TagSet tags) {
        this.progress = progress;
        this.tags = tags;
        this.rates = rates;
        this.faults = faults;
        Names.RUN_FLOWS.withTags(tags).update(flowCount);
        Names.RUN_EVENTS_PER_SECOND.withTags(tags).update(0);
        publish();
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "metrics-progress");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(this::tick, PERIOD_MILLIS, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
    }

    private synchronized void tick() {
        long now = System.nanoTime();
        long events = progress.events();
        Names.RUN_EVENTS_PER_SECOND.withTags(tags).update((events - lastEvents) * 1e9 / Math.max(1, now - lastNanos));
        lastEvents = events;
        lastNanos = now;
        publish();
    }

    private void publish() {
        Names.RUN_VIRTUAL_TIME.withTags(tags).update(progress.virtualPs() / 1e12);
        Names.RUN_EVENTS.withTags(tags).update(progress.events());
        Names.RUN_WINDOWS.withTags(tags).update(progress.windows());
        Names.RUN_FLOWS_COMPLETED.withTags(tags).update(progress.flowsCompleted());
        rates.publish();
        faults.publish(rates.sampledPs());
    }

    /** Stops polling and publishes the final progress; the events rate of a finished run is 0. */
    @Override
    public synchronized void close() {
        timer.shutdownNow();
        publish();
        Names.RUN_EVENTS_PER_SECOND.withTags(tags).update(0);
    }
}
