package io.fabricemu.cli;

import io.fabricemu.engine.Progress;
import io.fabricemu.time.Ps;
import java.io.PrintStream;
import java.util.Locale;

/**
 * Shows a run's progress while it runs. On a terminal one line is redrawn every second: a bar of the fraction
 * done, the wall time elapsed and an estimate of the time left from the recent pace ({@link ProgressLine},
 * {@link ProgressPace}). Otherwise (CI logs, a pipe) a line of the same fraction and time left, then virtual time
 * reached, events, events per second (over the last interval) and flows completed is printed every five seconds. Nothing is shown before the run's first event, so a short run shows nothing. Display only:
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
    private final ProgressPace pace = new ProgressPace();

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
            int finished = progress.flowsCompleted();
            int[] p = ProgressLine.permilles(progress.virtualPs(), stopPs, finished, flows,
                    progress.deliveredBytes(), workloadBytes);
            ProgressPace.Estimate estimate = pace.add(now - startNanos, p[0], p[1], p[2]);
            if (terminal) {
                out.print("\r" + ProgressLine.render(estimate, finished, flows, now - startNanos) + "   ");
                drawn = true;
            } else {
                double rate = (events - lastEvents) / Math.max(1e-9, (now - lastNanos) / 1e9);
                out.println(pipedLine(estimate, Ps.format(progress.virtualPs()), events, rate, finished, flows));
            }
            lastEvents = events;
            lastNanos = now;
            out.flush();
        }
    }

    /**
     * The line printed every five seconds where there is no terminal (a CI log): the fraction done and the time left
     * as on the terminal, then virtual time, events, events per second and flows.
     */
    static String pipedLine(ProgressPace.Estimate e, String virtual, long events, double eventsPerSecond,
                            int finished, int flows) {
        return String.format(Locale.ROOT, "  %3d%% %s, %s | virtual %s | %,d events | %,.0f events/s | flows %,d/%,d",
                e.done().permille() / 10, e.done().basis(), e.leftNanos() < 0 ? "no estimate yet"
                        : "~" + ProgressLine.duration(e.leftNanos()) + " left", virtual, events, eventsPerSecond,
                finished, flows);
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
