package io.fabricemu.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class AheadDepthTest {

    /**
     * A fabric given by who sends to whom (null for an element whose senders it does not name), with one relay and
     * one element whose signals pass through a stand-in, or -1.
     */
    private record Graph(int[][] senders, int relay, int passing) implements ElementFactory {
        Graph(int[][] senders) {
            this(senders, -1, -1);
        }

        @Override
        public boolean relay(int elementId) {
            return elementId == relay;
        }

        @Override
        public Element passer(int elementId) {
            return elementId != passing ? null : new Element() {
                @Override
                public void onEvent(Signal signal, EventContext ctx) {
                }

                @Override
                public ElementReport report() {
                    return ElementReport.EMPTY;
                }
            };
        }

        @Override
        public int elementCount() {
            return senders.length;
        }

        @Override
        public Element create(int elementId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public long lookaheadPs() {
            return 1;
        }

        @Override
        public int flowCount() {
            return 0;
        }

        @Override
        public int[] sendersTo(int elementId) {
            return senders[elementId];
        }
    }

    @Test
    void depth_isTheDistanceFromWhatPeersReach_cappedAndShallowestPathFirst() {
        // Shard 0 holds 0..6, shard 1 holds 7. 7 -> 0 -> 1 -> 2 -> 3 -> 4, and 0 -> 4 directly; 5 hears from nobody;
        // 6 hears from 5 and from an element whose senders are not named (8, shard 0, null).
        int[][] senders = {{7}, {0}, {1}, {2}, {3, 0}, {}, {5, 8}, {0}, null};
        int[] shardOf = {0, 0, 0, 0, 0, 0, 0, 1, 0};
        int[] depth = AheadDepth.of(new Graph(senders), Passes.NONE, shardOf, 0, 3);
        assertArrayEquals(new int[] {0, 1, 2, 3, 1, 3, 1, 0, 0}, depth);
    }

    @Test
    void theOtherShard_seesItsOwnElementsTheSameWay() {
        int[][] senders = {{1}, {0}, {1}};
        int[] shardOf = {0, 1, 1};
        assertArrayEquals(new int[] {0, 0, 1}, AheadDepth.of(new Graph(senders), Passes.NONE, shardOf, 1, 4));
    }

    @Test
    void whatPassesThroughAnElement_isSentByTheRelayInItsName() {
        // 0 -> relay 1 -> 2 -> 3 -> 4; 0 and 1 in shard 0, the rest in shard 1. What passes through 2 is sent to 3 by 1.
        int[][] senders = {{}, {0}, {1}, {2}, {3}};
        int[] shardOf = {0, 0, 1, 1, 1};
        Graph plain = new Graph(senders);
        assertArrayEquals(new int[] {0, 0, 0, 1, 2}, AheadDepth.of(plain, Passes.of(plain), shardOf, 1, 4));
        Graph passing = new Graph(senders, 1, 2);
        Passes passes = Passes.of(passing);
        assertEquals(1, passes.handlerOf(2));
        assertArrayEquals(new int[] {2, 1}, passes.sendersTo(passing, 3));
        assertArrayEquals(new int[] {0, 0, 0, 0, 1}, AheadDepth.of(passing, passes, shardOf, 1, 4),
                "3 hears from shard 0's relay directly");
        assertEquals(-1, Passes.of(new Graph(senders, -1, 2)).handlerOf(2), "no relay sends to 2: nothing passes");
    }
}
