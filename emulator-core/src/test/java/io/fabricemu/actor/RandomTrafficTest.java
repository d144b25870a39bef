package io.fabricemu.actor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.Element;
import io.fabricemu.engine.ElementFactory;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.EngineResult;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.Progress;
import io.fabricemu.engine.RunLimits;
import io.fabricemu.engine.Signal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Many element actors sending to random others with random delays (never below the lookahead), on one or
 * several shards: every element sees non-decreasing times, nothing is lost, and what each element sees is
 * the same whatever the sharding.
 */
class RandomTrafficTest {
    private static final int ELEMENTS = 60;
    private static final long LOOKAHEAD = 1_000;
    private static final int SENDS_PER_ELEMENT = 300;

    private record Hop(int ttl) implements Signal {
    }

    private static final class Chatter implements Element {
        final List<long[]> seen = new ArrayList<>();
        private final SplittableRandom random;
        private int sends;

        Chatter(int id) {
            random = new SplittableRandom(1000 + id);
        }

        @Override
        public void start(EventContext ctx) {
            for (int i = 0; i < 3; i++) {
                ctx.schedule(random.nextLong(5 * LOOKAHEAD), new Hop(50));
            }
        }

        @Override
        public void onEvent(Signal signal, EventContext ctx) {
            seen.add(new long[] {ctx.nowPs(), ((Hop) signal).ttl()});
            int ttl = ((Hop) signal).ttl();
            if (ttl > 0 && sends < SENDS_PER_ELEMENT) {
                sends++;
                int target = random.nextInt(ELEMENTS);
                // Delays land exactly on the lookahead sometimes, and often at equal times from several origins.
                long delay = LOOKAHEAD + LOOKAHEAD * random.nextInt(4);
                ctx.send(target, ctx.nowPs() + delay, new Hop(ttl - 1));
            }
        }

        @Override
        public ElementReport report() {
            return ElementReport.EMPTY;
        }
    }

    private static List<Chatter> run(int shards) {
        List<Chatter> elements = new ArrayList<>();
        for (int i = 0; i < ELEMENTS; i++) {
            elements.add(new Chatter(i));
        }
        ElementFactory factory = new ElementFactory() {
            @Override
            public int elementCount() {
                return ELEMENTS;
            }

            @Override
            public Element create(int id) {
                return elements.get(id);
            }

            @Override
            public long lookaheadPs() {
                return LOOKAHEAD;
            }

            @Override
            public int flowCount() {
                return 0;
            }
        };
        int[] shardOf = new int[ELEMENTS];
        for (int i = 0; i < ELEMENTS; i++) {
            shardOf[i] = (i * 7) % shards;
        }
        EngineResult r = Engine.run(factory, new RunLimits(Long.MAX_VALUE, shardOf, shards), new Progress());
        long handled = elements.stream().mapToLong(e -> e.seen.size()).sum();
        assertEquals(r.events(), handled);
        return elements;
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3, 8})
    void run_everyElementSeesNonDecreasingTimesAndTheSameHistory(int shards) {
        List<Chatter> reference = run(1);
        List<Chatter> elements = run(shards);
        long total = 0;
        for (int i = 0; i < ELEMENTS; i++) {
            List<long[]> seen = elements.get(i).seen;
            for (int k = 1; k < seen.size(); k++) {
                assertTrue(seen.get(k)[0] >= seen.get(k - 1)[0], "element " + i + " went back in time at " + k);
            }
            assertEquals(reference.get(i).seen.size(), seen.size(), "element " + i);
            for (int k = 0; k < seen.size(); k++) {
                assertEquals(reference.get(i).seen.get(k)[0], seen.get(k)[0]);
                assertEquals(reference.get(i).seen.get(k)[1], seen.get(k)[1]);
            }
            total += seen.size();
        }
        // 3 starts per element plus every send made (each element sends at most SENDS_PER_ELEMENT).
        assertTrue(total > ELEMENTS * 3L + ELEMENTS * 100L, "enough traffic: " + total);
    }
}
