package io.fabricemu.engine;

/**
 * How the shards agree on the next window without asking anyone: at the end of a window each shard sends every
 * peer its {@link WindowState} with its last batch, and once it has its own and every peer's it combines them.
 * Every shard combines the same states, so every shard picks the same next window and the same moment to stop,
 * one message between shards per window instead of a round trip through a coordinator.
 *
 * <p>A peer may already be one window ahead (it had everything first and moved on), so a state for a window that
 * has not opened here yet is kept for it; no peer can be two ahead, since it would need this shard's state for the
 * window in between. Single-threaded; one owner.
 */
public final class WindowAgreement {
    private final int peers;
    private long currentEndPs = Long.MIN_VALUE;
    private WindowState own;
    private WindowState current;
    private int currentCount;
    private long nextEndPs = Long.MIN_VALUE;
    private WindowState next;
    private int nextCount;

    /** @param peers the number of other shards */
    public WindowAgreement(int peers) {
        this.peers = peers;
    }

    /** A window ending at {@code endPs} opened here: the states already kept for it count from now on. */
    public void open(long endPs) {
        if (nextCount > 0 && nextEndPs != endPs) {
            throw new IllegalStateException("a peer sent its state for the window ending at " + nextEndPs
                    + " ps, but the one opening here ends at " + endPs + " ps");
        }
        currentEndPs = endPs;
        own = null;
        current = next;
        currentCount = nextCount;
        next = null;
        nextCount = 0;
        nextEndPs = Long.MIN_VALUE;
    }

    /** This shard's own state at the end of the current window. */
    public void own(WindowState state) {
        own = state;
    }

    /** A peer's state at the end of the window ending at {@code endPs}. */
    public void peer(long endPs, WindowState state) {
        if (endPs == currentEndPs) {
            current = current == null ? state : current.with(state);
            currentCount++;
        } else {
            if (nextCount > 0 && endPs != nextEndPs) {
                throw new IllegalStateException("peer states for windows ending at " + nextEndPs + " and " + endPs
                        + " ps while the window ending at " + currentEndPs + " ps is open: more than one ahead");
            }
            nextEndPs = endPs;
            next = next == null ? state : next.with(state);
            nextCount++;
        }
    }

    /** Whether this shard's state and every peer's for the current window are in. */
    public boolean complete() {
        return own != null && currentCount == peers;
    }

    /** The fabric-wide state at the end of the current window; only once {@link #complete}. */
    public WindowState agreed() {
        if (!complete()) {
            throw new IllegalStateException(currentCount + " of " + peers + " peer states, own " + (own != null));
        }
        return current == null ? own : own.with(current);
    }
}
