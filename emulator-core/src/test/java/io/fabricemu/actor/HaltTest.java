package io.fabricemu.actor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.fabricemu.engine.Element;
import io.fabricemu.engine.ElementFactory;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.EngineResult;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.Progress;
import io.fabricemu.engine.RunLimits;
import io.fabricemu.engine.ShardWindows;
import io.fabricemu.engine.Signal;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An element ends the run with {@code EventContext.halt}: the run stops {@link ShardWindows#MAX_AHEAD} lookaheads
 * after that window, and when several elements halt in one window the lowest element id gives the reason, whatever
 * the sharding.
 */
class HaltTest {
    private enum Tick implements Signal {
        INSTANCE
    }

    /** Ticks every 100 ps; halts at {@code haltPs} if that is not -1. */
    private record Ticker(int id, long haltPs) implements Element {
        @Override
        public void start(EventContext ctx) {
            ctx.schedule(0, Tick.INSTANCE);
        }

        @Override
        public void onEvent(Signal signal, EventContext ctx) {
            if (ctx.nowPs() == haltPs) {
                ctx.halt("element " + id + " at " + haltPs);
            }
            ctx.schedule(ctx.nowPs() + 100, Tick.INSTANCE);
        }

        @Override
        public ElementReport report() {
            return ElementReport.EMPTY;
        }
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {1, 2, 3})
    void halt_lowestElementIdOfTheFirstHaltingWindowWins(int shards) {
        // Elements 1 and 3 halt in the same window (lookahead 1,000 ps: [5,000, 6,000)), element 2 later.
        long[] haltAt = {-1, 5_500, 9_000, 5_100};
        ElementFactory factory = new ElementFactory() {
            @Override
            public int elementCount() {
                return haltAt.length;
            }

            @Override
            public Element create(int id) {
                return new Ticker(id, haltAt[id]);
            }

            @Override
            public long lookaheadPs() {
                return 1_000;
            }

            @Override
            public int flowCount() {
                return 0;
            }
        };
        int[] shardOf = new int[haltAt.length];
        for (int id = 0; id < shardOf.length; id++) {
            shardOf[id] = (shardOf.length - 1 - id) % shards;
        }
        EngineResult r = Engine.run(factory, new RunLimits(1_000_000, shardOf, shards), new Progress());
        assertEquals("element 1 at 5500", r.haltReason());
        assertFalse(r.reachedStop());
        assertEquals(5_900 + ShardWindows.MAX_AHEAD * 1_000, r.virtualEndPs(),
                "the rest of its window and MAX_AHEAD lookaheads after it still ran, element 2's halt in them not counting");
    }
}
