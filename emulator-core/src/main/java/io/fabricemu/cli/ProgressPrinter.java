package io.fabricemu.cli;

import io.fabricemu.engine.Progress;
import io.fabricemu.time.Ps;
import java.io.PrintStream;
import java.util.Locale;

/**
 * Shows a run's progress while it runs. On a terminal one line is redrawn every second: a bar of the fraction
 * done, the wall time elapsed and an estimate of the time left ({@link ProgressLine}). Otherwise (CI logs) a line
 * of virtual time reached, events, events per second (over the last interval) and flows completed is printed
 * every five seconds. Nothing is shown before the run's first event, so a short run shows nothing. Display only:
 * nothing in the run reads it.
 */
final class ProgressPrinter implements AutoCloseable {
    private final Progress progress;
    private final PrintStream out;
    private final int flows;
    private final long workloadBytes;
    private final long stopPs;
    private final boolean terminal;
    private final long startNanos;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile boolean drawn;

    /**
     * @param flows         the run's flows, against which those finished are a fraction done
     * @param workloadBytes the payload of all of them, against which the payload delivered is one
     * @param stopPs        the run's stop time, against which the virtual time reached is one
     */
    ProgressPrinter(Progress progress, PrintStream out, int flows, long workloadBytes, long stopPs) {
        this.progress = progress;
        this.out = out;
        this.flows = flows;
        this.workloadBytes = workloadBytes;
        this.stopPs = stopPs;
        this.terminal = System.console() != null;
        this.startNanos = System.nanoTime();
        this.thread = new Thread(this::loop, "progress");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    private void loop() {
        long intervalMillis = terminal ? 1000 : 5000;
        long lastEvents = 0;
        long lastNanos = startNanos;
        while (running) {
            try {
                Thread.sleep(intervalMillis);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            long events = progress.events();
            if (events == 0) {
                continue;
            }
            if (terminal) {
                out.print("\r" + ProgressLine.render(progress.virtualPs(), stopPs, progress.flowsCompleted(), flows,
                        progress.deliveredBytes(), workloadBytes, now - startNanos) + "   ");
                drawn = true;
            } else {
                double rate = (events - lastEvents) / Math.max(1e-9, (now - lastNanos) / 1e9);
                out.println(String.format(Locale.ROOT, "  virtual %s | %,d events | %,.0f events/s | flows %d/%d",
                        Ps.format(progress.virtualPs()), events, rate, progress.flowsCompleted(), flows));
            }
            lastEvents = events;
            lastNanos = now;
            out.flush();
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        if (drawn) {
            out.print("\r" + " ".repeat(100) + "\r");
            out.flush();
        }
    }
}
