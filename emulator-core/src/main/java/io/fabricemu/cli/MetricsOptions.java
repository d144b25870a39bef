package io.fabricemu.cli;

import io.fabricemu.engine.Progress;
import io.fabricemu.metrics.LiveMetrics;
import io.fabricemu.metrics.MetricsException;
import io.fabricemu.metrics.MetricsLevel;
import io.fabricemu.metrics.MetricsSettings;
import io.fabricemu.metrics.RunMetrics;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Map;
import java.util.Stack;
import picocli.CommandLine.IParameterPreprocessor;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The {@code --metrics} options shared by {@code run} and {@code compare}: whether to serve live metrics to
 * Prometheus, where, and how finely tagged. Without {@code --metrics} nothing of Kamon is started or loaded.
 */
final class MetricsOptions {
    @Option(names = "--metrics", arity = "0..1", paramLabel = "PORT", preprocessor = OptionalPort.class,
            fallbackValue = "" + MetricsSettings.DEFAULT_PORT,
            description = {"Serve live metrics for Prometheus at http://127.0.0.1:PORT/metrics while it runs",
                    "(default port: " + MetricsSettings.DEFAULT_PORT + "; write --metrics=PORT for another)."})
    Integer port;

    @Option(names = "--metrics-host", paramLabel = "HOST", defaultValue = MetricsSettings.DEFAULT_HOST,
            description = "Address the metrics endpoint binds to (default: ${DEFAULT-VALUE}; warns unless loopback).")
    String host;

    @Option(names = "--metrics-level", paramLabel = "LEVEL", defaultValue = "tier",
            description = {"How finely port metrics are tagged: fabric, tier, switch or port",
                    "(default: ${DEFAULT-VALUE}); ports sharing the tags are summed into one series."})
    MetricsLevel level;

    @Option(names = "--metrics-flows", paramLabel = "N", defaultValue = "" + MetricsSettings.DEFAULT_TRACKED_FLOWS,
            description = "Flows 0..N-1 get series of their own (goodput, window, credit, rate; default: ${DEFAULT-VALUE}).")
    int trackedFlows;

    @Option(names = "--metrics-hold", paramLabel = "DURATION", defaultValue = "0",
            description = {"Keep the endpoint up this long after the run (e.g. 30s, 2m) so Prometheus scrapes",
                    "the final values; it always stays up 2 s (two metric ticks)."})
    String hold;

    /**
     * Starts the live metrics when {@code --metrics} was given, else returns null. Warns on {@code err} when the
     * endpoint is not bound to a loopback address.
     *
     * @throws MetricsException naming the option and the allowed values when a value is out of range, or the
     *                          endpoint cannot be served
     */
    LiveMetrics start(PrintWriter err) throws MetricsException {
        if (port == null) {
            return null;
        }
        if (port < 1 || port > 65535) {
            throw new MetricsException("--metrics: port " + port + " is out of range; use 1..65535");
        }
        if (trackedFlows < 0 || trackedFlows > MetricsSettings.MAX_TRACKED_FLOWS) {
            throw new MetricsException("--metrics-flows: " + trackedFlows + " is out of range; use 0.."
                    + MetricsSettings.MAX_TRACKED_FLOWS);
        }
        if (host.isBlank()) {
            throw new MetricsException("--metrics-host: empty; give an address such as 127.0.0.1");
        }
        Duration holdTime;
        try {
            holdTime = MetricsSettings.parseDuration(hold);
        } catch (IllegalArgumentException e) {
            throw new MetricsException("--metrics-hold: " + e.getMessage());
        }
        MetricsSettings settings = new MetricsSettings(host, port, level, trackedFlows, holdTime);
        LiveMetrics live = LiveMetrics.start(settings);
        if (!LiveMetrics.isLoopback(host)) {
            err.println("warning: --metrics-host " + host + " is not a loopback address: anyone who can reach it"
                    + " can read the metrics at " + live.url());
            err.flush();
        }
        return live;
    }

    /** A command's work, given the live metrics (null without {@code --metrics}); returns its exit code. */
    interface WithMetrics {
        int run(LiveMetrics live) throws Exception;
    }

    /**
     * Starts the live metrics as {@link #start} does, runs {@code work} and stops them, whatever happens. A bad
     * metrics option prints its error and returns {@link Main#BAD_INPUT} before any work.
     */
    int around(PrintWriter err, WithMetrics work) throws Exception {
        LiveMetrics live;
        try {
            live = start(err);
        } catch (MetricsException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return Main.BAD_INPUT;
        }
        try {
            return work.run(live);
        } finally {
            if (live != null) {
                live.close();
            }
        }
    }

    /**
     * Lets {@code --metrics} stand alone before the scenario file: picocli would otherwise take the file name as
     * the optional port. {@code --metrics=PORT} and {@code --metrics PORT} still give a port when PORT is a number
     * (an attached value is on the stack too); anything else leaves the default port.
     */
    static final class OptionalPort implements IParameterPreprocessor {
        @Override
        public boolean preprocess(Stack<String> args, CommandSpec commandSpec, ArgSpec argSpec,
                                  Map<String, Object> info) {
            if (!args.isEmpty() && args.peek().matches("-?\\d+")) {
                return false;
            }
            argSpec.setValue(MetricsSettings.DEFAULT_PORT);
            return true;
        }
    }

    /** The listener of one run, or null without live metrics. */
    static RunMetrics beginRun(LiveMetrics live, Progress progress, int flowCount) {
        return live == null ? null : live.beginRun(progress, flowCount);
    }
}
