package io.fabricemu.cli;

import io.fabricemu.engine.Progress;
import io.fabricemu.metrics.LiveMetrics;
import io.fabricemu.metrics.MetricsException;
import io.fabricemu.metrics.MetricsLevel;
import io.fabricemu.metrics.MetricsSettings;
import io.fabricemu.metrics.RunLabels;
import io.fabricemu.metrics.RunMetrics;
import io.fabricemu.run.PreparedRun;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Stack;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.IParameterPreprocessor;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * The {@code --metrics} options shared by {@code run} and {@code compare}: whether to serve live metrics to
 * Prometheus, where, and how finely tagged. Without {@code --metrics} nothing of Kamon is started or loaded.
 */
final class MetricsOptions {
    /** The options that only say how to serve metrics, so mean nothing without {@code --metrics}. */
    private static final List<String> DEPENDENT = List.of("--metrics-host", "--metrics-level", "--metrics-flows",
            "--metrics-hold");

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(names = "--metrics", arity = "0..1", paramLabel = "PORT", preprocessor = OptionalPort.class,
            converter = WholeNumber.ListenPort.class, fallbackValue = "" + MetricsSettings.DEFAULT_PORT,
            description = "Serve live metrics for Prometheus at http://127.0.0.1:PORT/metrics while it runs"
                    + " (default port: " + MetricsSettings.DEFAULT_PORT + "; write --metrics=PORT for another).")
    Integer port;

    @Option(names = "--metrics-host", paramLabel = "HOST", defaultValue = MetricsSettings.DEFAULT_HOST,
            description = "Address the metrics endpoint binds to (default: ${DEFAULT-VALUE}; warns unless loopback).")
    String host;

    @Option(names = "--metrics-level", paramLabel = "LEVEL", defaultValue = "tier",
            description = "How finely port metrics are tagged: fabric, tier, switch or port "
                    + "(default: ${DEFAULT-VALUE}); ports sharing the tags are summed into one series.")
    MetricsLevel level;

    @Option(names = "--metrics-flows", paramLabel = "N", defaultValue = "" + MetricsSettings.DEFAULT_TRACKED_FLOWS,
            converter = WholeNumber.TrackedFlows.class,
            description = "Flows 0..N-1 get series of their own (goodput, window, credit, rate; default: ${DEFAULT-VALUE}).")
    int trackedFlows;

    @Option(names = "--metrics-hold", paramLabel = "DURATION", defaultValue = "0", converter = HoldTime.class,
            description = "Keep the endpoint up this long after the run (e.g. 30s, 2m) so Prometheus scrapes "
                    + "the final values; it always stays up 2 s (two metric ticks).")
    Duration hold;

    /**
     * Starts the live metrics when {@code --metrics} was given, else returns null. Warns on {@code err} when the
     * endpoint is not bound to a loopback address. The numbers were checked as the command line was parsed
     * ({@link WholeNumber}, {@link HoldTime}).
     *
     * @throws MetricsException naming the option and what it allows when an option is given without
     *                          {@code --metrics} or the host is empty, or the endpoint cannot be served
     */
    LiveMetrics start(PrintWriter err) throws MetricsException {
        if (port == null) {
            ParseResult given = command.commandLine().getParseResult();
            for (String option : DEPENDENT) {
                if (given.hasMatchedOption(option)) {
                    throw new MetricsException(option + " says how to serve live metrics, which only --metrics"
                            + " does; add --metrics (or --metrics=PORT), or leave " + option + " out");
                }
            }
            return null;
        }
        if (host.isBlank()) {
            throw new MetricsException("--metrics-host: empty; give an address such as 127.0.0.1");
        }
        MetricsSettings settings = new MetricsSettings(host, port, level, trackedFlows, hold);
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
        return around(err, null, work);
    }

    /**
     * As {@link #around(PrintWriter, WithMetrics)}; {@code say} (null: nothing) hears, when the work is over and the
     * endpoint stays up for {@code --metrics-hold}, for how long and where, so the wait is not a silent one.
     */
    int around(PrintWriter err, PrintWriter say, WithMetrics work) throws Exception {
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
                if (say != null && !hold.isZero()) {
                    say.printf("  live metrics stay at %s for %s (--metrics-hold) so that a scrape gets the last"
                            + " values; Ctrl-C ends the wait%n", live.url(), hold.toString().substring(2).toLowerCase(
                            java.util.Locale.ROOT));
                    say.flush();
                }
                live.close();
            }
        }
    }

    /**
     * Lets {@code --metrics} stand alone before the scenario file: picocli would otherwise take the file name as
     * the optional port. {@code --metrics=VALUE} is always a port, checked as one ({@code --metrics=abc} is a bad
     * port, not a stray argument); {@code --metrics VALUE} gives a port when VALUE is a number, else the default
     * port and VALUE is the next argument.
     */
    static final class OptionalPort implements IParameterPreprocessor {
        @Override
        public boolean preprocess(Stack<String> args, CommandSpec commandSpec, ArgSpec argSpec,
                                  Map<String, Object> info) {
            boolean attached = "=".equals(info.get("separator"));
            if (attached || (!args.isEmpty() && args.peek().strip().matches("[+-]?\\d+"))) {
                return false;
            }
            argSpec.setValue(MetricsSettings.DEFAULT_PORT);
            return true;
        }
    }

    /** {@code --metrics-hold}: a duration such as 30s, 2m or 500ms ({@link MetricsSettings#parseDuration}). */
    static final class HoldTime implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return MetricsSettings.parseDuration(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** The listener of one run, or null without live metrics; {@code runName} is its {@code run} label. */
    static RunMetrics beginRun(LiveMetrics live, Progress progress, PreparedRun run, String runName) {
        return live == null ? null : live.beginRun(progress, run.flows().size(), run.fabric().faults(),
                new RunLabels(runName, run.scenario().name(), run.scenario().seed()));
    }
}
