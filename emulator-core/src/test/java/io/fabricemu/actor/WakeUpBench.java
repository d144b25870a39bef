package io.fabricemu.actor;

import io.fabricemu.engine.Element;
import io.fabricemu.engine.ElementFactory;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.EngineResult;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.Progress;
import io.fabricemu.engine.RunLimits;
import io.fabricemu.engine.Signal;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The engine's own cost of waking an element, with no model in it: what every wake-up of a NIC, a port or a link
 * pays before the model does anything. A ring of {@value #ELEMENTS} elements passes {@code tokens} tokens, each
 * one lookahead per hop, so every window wakes exactly {@code tokens} elements with one event each and each sends
 * one event; the elements do nothing else.
 *
 * <p>A JMH benchmark of single shots: {@link #windows} is a whole run of {@value #WAKE_UPS} wake-ups,
 * {@link #oneWindow} a run of one window, which costs what every run costs whatever its length (the actor
 * system's start and stop, the elements' creation). {@link #main} runs both through JMH's {@link Runner} and
 * prints, per wake-up and per window, the mean of the first less the mean of the second. JMH runs each in a
 * forked JVM with the parallel collector, as the command line would be run for speed. The command that runs it is
 * in BENCHMARKS.md ("The floor under a wake-up"); arguments are JMH's own, e.g. {@code -i 2 -p tokens=8,512}.
 *
 * <p>Not final: JMH extends a benchmark class with the code it generates.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = "-XX:+UseParallelGC")
public class WakeUpBench {
    static final int ELEMENTS = 4096;
    static final long LOOKAHEAD_PS = 250_000;
    /** A power of two, so that every token count below divides it and each run wakes exactly this many. */
    static final long WAKE_UPS = 1L << 21;

    /** Wake-ups per window. */
    @Param({"8", "32", "128", "512"})
    public int tokens;

    /** Shards of the run, each a contiguous block of the ring. */
    @Param({"1", "2"})
    public int shards;

    private RunLimits manyWindows;
    private RunLimits firstWindow;

    /** The token a ring element passes on. */
    private record Token() implements Signal {
    }

    private static final Token TOKEN = new Token();

    /** Holds the tokens that start on it, passes each on one lookahead later. */
    private static final class RingElement implements Element {
        private final int next;
        private final boolean startsWithToken;

        RingElement(int id, int tokens) {
            this.next = (id + 1) % ELEMENTS;
            this.startsWithToken = id % (ELEMENTS / tokens) == 0;
        }

        @Override
        public void start(EventContext ctx) {
            if (startsWithToken) {
                ctx.schedule(0, TOKEN);
            }
        }

        @Override
        public void onEvent(Signal signal, EventContext ctx) {
            ctx.send(next, ctx.nowPs() + LOOKAHEAD_PS, TOKEN);
        }

        @Override
        public ElementReport report() {
            return ElementReport.EMPTY;
        }
    }

    private static final class Ring implements ElementFactory {
        private final int tokens;

        Ring(int tokens) {
            this.tokens = tokens;
        }

        @Override
        public int elementCount() {
            return ELEMENTS;
        }

        @Override
        public Element create(int elementId) {
            return new RingElement(elementId, tokens);
        }

        @Override
        public long lookaheadPs() {
            return LOOKAHEAD_PS;
        }

        @Override
        public int flowCount() {
            return 0;
        }
    }

    @Setup
    public void setUp() {
        int[] shardOf = new int[ELEMENTS];
        for (int id = 0; id < ELEMENTS; id++) {
            shardOf[id] = (int) ((long) id * shards / ELEMENTS);
        }
        manyWindows = new RunLimits(windows(tokens) * LOOKAHEAD_PS, shardOf, shards);
        firstWindow = new RunLimits(LOOKAHEAD_PS, shardOf, shards);
    }

    @Benchmark
    public EngineResult windows() {
        return checked(Engine.run(new Ring(tokens), manyWindows, new Progress()), windows(tokens));
    }

    @Benchmark
    public EngineResult oneWindow() {
        return checked(Engine.run(new Ring(tokens), firstWindow, new Progress()), 1);
    }

    private EngineResult checked(EngineResult result, long windows) {
        if (result.windows() != windows || result.activations() != windows * tokens) {
            throw new IllegalStateException("expected " + windows + " windows of " + tokens + " wake-ups, ran "
                    + result.windows() + " windows, " + result.activations() + " wake-ups");
        }
        return result;
    }

    /** One line of the table {@link #main} prints. */
    private record Row(int shards, int tokens) implements Comparable<Row> {
        @Override
        public int compareTo(Row o) {
            return shards != o.shards ? Integer.compare(shards, o.shards) : Integer.compare(tokens, o.tokens);
        }
    }

    private static long windows(int tokens) {
        return WAKE_UPS / tokens;
    }

    /** Runs the benchmarks with JMH's command-line options and prints the cost per wake-up and per window. */
    public static void main(String[] args) throws RunnerException, CommandLineOptionException {
        Collection<RunResult> results = new Runner(new OptionsBuilder()
                .parent(new CommandLineOptions(args))
                .include(WakeUpBench.class.getName() + "\\.")
                .build()).run();
        Map<Row, double[]> millis = new TreeMap<>();
        for (RunResult result : results) {
            Row row = new Row(Integer.parseInt(result.getParams().getParam("shards")),
                    Integer.parseInt(result.getParams().getParam("tokens")));
            boolean whole = result.getParams().getBenchmark().endsWith(".windows");
            double[] pair = millis.computeIfAbsent(row, r -> new double[] {Double.NaN, Double.NaN});
            pair[whole ? 0 : 1] = result.getPrimaryResult().getScore();
        }
        System.out.printf("%n%7s %8s %10s %12s %12s %14s%n", "shards", "tokens", "windows", "wake-ups",
                "ns/wake-up", "us/window");
        for (Map.Entry<Row, double[]> entry : millis.entrySet()) {
            Row row = entry.getKey();
            double netMillis = entry.getValue()[0] - entry.getValue()[1];
            System.out.printf("%7d %8d %,10d %,12d %12.0f %14.2f%n", row.shards(), row.tokens(), windows(row.tokens()),
                    WAKE_UPS, netMillis * 1e6 / WAKE_UPS, netMillis * 1e3 / windows(row.tokens()));
        }
    }
}
