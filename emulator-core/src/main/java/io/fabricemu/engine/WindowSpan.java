package io.fabricemu.engine;

/**
 * How many grid cells ({@link WindowGrid}) a window spans. The grid is one lookahead, the fabric's shortest
 * interaction with every element taking its own turn; when every relay the fabric names ({@link ElementFactory#relay})
 * is handled in its sender's turn, which needs the relay in its one sender's shard, the shortest interaction is
 * {@link ElementFactory#relayedLookaheadPs()}, and a window may span as many whole cells as that covers: nothing sent
 * in it can land in it. On a fabric of healthy links whose switch latency is at least a cable's flight time that is
 * two cells, so half the windows, each waking an element once where two windows woke it twice.
 *
 * <p>The grid stays where it is, so the run ends in the same cell ({@link ShardWindows}) and its results do not
 * change; shards that run ahead of their peers still count their steps in cells, one per interaction ({@link
 * AheadDepth}), which interactions of several cells only make safer.
 */
public final class WindowSpan {
    private WindowSpan() {
    }

    /**
     * The cells of a window for a run of {@code factory} split as {@code shardOf}; 1 when some relay's sender is not in
     * its shard, or the fabric names a relay whose senders it does not know.
     */
    public static int cells(ElementFactory factory, int[] shardOf) {
        long gridPs = factory.lookaheadPs();
        long relayedPs = factory.relayedLookaheadPs();
        if (relayedPs < 2 * gridPs) {
            return 1;
        }
        for (int id = 0; id < shardOf.length; id++) {
            if (factory.relay(id)) {
                int[] senders = factory.sendersTo(id);
                if (senders == null || senders.length != 1 || shardOf[senders[0]] != shardOf[id]) {
                    return 1;
                }
            }
        }
        return (int) Math.min(ShardWindows.MAX_AHEAD, relayedPs / gridPs);
    }
}
