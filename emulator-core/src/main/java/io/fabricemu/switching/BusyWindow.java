package io.fabricemu.switching;

/**
 * How busy a port's transmitter was over the last {@link #WINDOW_PS}, for adaptive routing by bandwidth: the
 * reference simulator's {@code BaseQueue::average_utilization} (a 30 us window of the packets sent) and its four
 * levels ({@code quantized_utilization}: idle, under 15%, under 50%, 50% or more). A packet's time on the wire counts
 * in the 1 us slot it ended in; slots older than the window are dropped as time moves on, so the figure falls while
 * the port is idle, one slot at a time.
 */
final class BusyWindow {
    /** The reference's {@code _window}. */
    static final long WINDOW_PS = 30_000_000;
    /** The slot a packet's busy time is counted in. */
    static final long SLOT_PS = 1_000_000;
    private static final int SLOTS = (int) (WINDOW_PS / SLOT_PS);

    private final long[] busyPs = new long[SLOTS];
    private long lastSlot;
    private long totalPs;

    /** A packet that took {@code busyPs} on the wire ended at {@code nowPs}. */
    void sent(long nowPs, long busyPs) {
        advance(nowPs);
        this.busyPs[(int) (lastSlot % SLOTS)] += busyPs;
        totalPs += busyPs;
    }

    /** The level at {@code nowPs}: 0 idle, 1 under 15%, 2 under 50%, 3 at 50% or more of the window. */
    int level(long nowPs) {
        advance(nowPs);
        long percentTimesWindow = totalPs * 100;
        return totalPs == 0 ? 0 : percentTimesWindow < 15 * WINDOW_PS ? 1 : percentTimesWindow < 50 * WINDOW_PS ? 2
                : 3;
    }

    /** Whether anything is still counted: then the level will fall as time passes. */
    boolean counting() {
        return totalPs > 0;
    }

    private void advance(long nowPs) {
        long slot = nowPs / SLOT_PS;
        if (slot - lastSlot >= SLOTS) {
            java.util.Arrays.fill(busyPs, 0);
            totalPs = 0;
        } else {
            for (long s = lastSlot + 1; s <= slot; s++) {
                int i = (int) (s % SLOTS);
                totalPs -= busyPs[i];
                busyPs[i] = 0;
            }
        }
        lastSlot = Math.max(lastSlot, slot);
    }
}
