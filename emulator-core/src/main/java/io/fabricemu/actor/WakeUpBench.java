package io.fabricemu.actor;

import io.fabricemu.engine.Element;
import io.fabricemu.engine.ElementFactory;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.EngineResult;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.Progress;
import io.fabricemu.engine.RunLimits;
import io.fabricemu.engine.Signal;
import java.util.Arrays;

/**
 * The engine's own cost of waking an element, with no model in it: what every wake-up of a NIC, a port or a link
 * pays before the model does anything. A ring of {@value #ELEMENTS} elements passes {@code tokens} tokens, each
 * one lookahead per hop, so every window wakes exactly {@code tokens} elements with one event each and each sends
 * one event; the elements do nothing else. Wall time of the engine per wake-up, for 8 to 512 wake-ups per window,
 * on one shard and on one per processor: the median of {@value #ROUNDS} runs after a warm-up, less the median of
 * runs of one window (the actor system's start and stop, the elements' creation). Wall time is measured here, and
 * only here.
 *
 * <p>Run: {@code java -XX:+UseParallelGC -cp app/target/fabric-emu.jar io.fabricemu.actor.WakeUpBench}
 */
public final class WakeUpBench {
    private static final int ELEMENTS = 4096;
    private static final long LOOKAHEAD_PS = 250_000;
    private static final long WAKE_UPS = 2_000_000;
    private static final int ROUNDS = 5;
    private static final int[] TOKENS = {8, 32, 128, 512};

    private WakeUpBench() {
    }

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

    public static void main(String[] args) {
        int processors = Runtime.getRuntime().availableProcessors();
        System.out.printf("%8s %7s %10s %12s %12s %14s%n", "tokens", "shards", "windows", "wake-ups", "ns/wake-up",
                "us/window");
        for (int shards : new int[] {1, Math.max(2, processors)}) {
            for (int tokens : TOKENS) {
                measure(tokens, shards);
            }
        }
    }

    private static void measure(int tokens, int shards) {
        long windows = WAKE_UPS / tokens;
        int[] shardOf = new int[ELEMENTS];
        for (int id = 0; id < ELEMENTS; id++) {
            shardOf[id] = (int) ((long) id * shards / ELEMENTS);
        }
        RunLimits limits = new RunLimits(windows * LOOKAHEAD_PS, shardOf, shards);
        RunLimits oneWindow = new RunLimits(LOOKAHEAD_PS, shardOf, shards);
        run(tokens, limits);
        EngineResult last = null;
        long[] nanos = new long[ROUNDS];
        long[] fixedNanos = new long[ROUNDS];
        for (int r = 0; r < ROUNDS; r++) {
            long start = System.nanoTime();
            run(tokens, oneWindow);
            fixedNanos[r] = System.nanoTime() - start;
            start = System.nanoTime();
            last = run(tokens, limits);
            nanos[r] = System.nanoTime() - start;
        }
        Arrays.sort(nanos);
        Arrays.sort(fixedNanos);
        // The actor system's start and end, and the elements' creation, are the same for one window as for many.
        long median = nanos[ROUNDS / 2] - fixedNanos[ROUNDS / 2];
        System.out.printf("%8d %7d %,10d %,12d %12.0f %14.2f%n", tokens, shards, last.windows(), last.activations(),
                (double) median / last.activations(), median / 1000.0 / last.windows());
    }

    private static EngineResult run(int tokens, RunLimits limits) {
        return Engine.run(new Ring(tokens), limits, new Progress());
    }
}
