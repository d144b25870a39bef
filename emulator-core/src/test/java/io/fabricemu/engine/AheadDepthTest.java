package io.fabricemu.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class AheadDepthTest {

    /** A fabric given by who sends to whom; null for an element whose senders it does not name. */
    private record Graph(int[][] senders) implements ElementFactory {
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
        int[] depth = AheadDepth.of(new Graph(senders), shardOf, 0, 3);
        assertArrayEquals(new int[] {0, 1, 2, 3, 1, 3, 1, 0, 0}, depth);
    }

    @Test
    void theOtherShard_seesItsOwnElementsTheSameWay() {
        int[][] senders = {{1}, {0}, {1}};
        int[] shardOf = {0, 1, 1};
        assertArrayEquals(new int[] {0, 0, 1}, AheadDepth.of(new Graph(senders), shardOf, 1, 4));
    }
}
