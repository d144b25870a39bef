package io.fabricemu.cli;

import io.fabricemu.engine.Progress;
import io.fabricemu.time.Ps;
import java.io.PrintStream;
import java.util.Locale;

/**
 * Shows a run's progress while it runs: virtual time reached, events, events per second (over the last
 * interval) and flows completed. On a terminal one line is redrawn every second; otherwise (CI logs) a
 * line is printed every five seconds. Display only: nothing in the run reads it.
 */
final class ProgressPrinter implements AutoCloseable {
    private final Progress progress;
    private final PrintStream out;
    private final int flows;
    private final boolean terminal;
    private final Thread thread;
    private volatile boolean running = true;

    ProgressPrinter(Progress progress, PrintStream out, int flows) {
        this.progress = progress;
        this.out = out;
        this.flows = flows;
        this.terminal = System.console() != null;
        this.thread = new Thread(this::loop, "progress");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    private void loop() {
        long intervalMillis = terminal ? 1000 : 5000;
        long lastEvents = 0;
        long lastNanos = System.nanoTime();
        while (running) {
            try {
                Thread.sleep(intervalMillis);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            long events = progress.events();
            double rate = (events - lastEvents) / Math.max(1e-9, (now - lastNanos) / 1e9);
            lastEvents = events;
            lastNanos = now;
            String line = String.format(Locale.ROOT, "  virtual %s | %,d events | %,.0f events/s | flows %d/%d",
                    Ps.format(progress.virtualPs()), events, rate, progress.flowsCompleted(), flows);
            if (terminal) {
                out.print("\r" + line + "   ");
            } else {
                out.println(line);
            }
            out.flush();
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        if (terminal) {
            out.print("\r" + " ".repeat(100) + "\r");
            out.flush();
        }
    }
}
