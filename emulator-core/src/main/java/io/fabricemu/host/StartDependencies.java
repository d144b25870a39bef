package io.fabricemu.host;

/**
 * What a NIC needs to start flows that wait for others ({@code after} in a scenario): how many flows each of its
 * outgoing flows waits for and the gap after the last of them, and, for each of its incoming flows, whom to tell
 * once it is fully received. A collective's step is such a flow: in a ring a rank forwards what it has just
 * received (the UEC's htsim and SimAI/ASTRA-sim express collectives the same way, as flows triggered by the end
 * of other flows).
 *
 * <h2>When a waiting flow starts</h2>
 * The NIC counts its flow's dependencies down as it learns of each; at zero the flow starts {@code gap} after it
 * learnt of the last, and never before its own start time.
 * <ul>
 * <li>A dependency this NIC itself received (a ring step: the rank forwards what arrived) is learnt at the very
 *     event its receiver delivers the last byte (at arrival, or at its commit to memory where the receiver
 *     models memory): with no gap the flow starts at that instant.</li>
 * <li>A dependency received at another host is learnt through a notice ({@link DependencyMet}) from that host's
 *     NIC, which takes the one-way zero-load latency between the two hosts: the flight time of every cable on
 *     the first ECMP path from the receiver to the waiting flow's source plus one switch latency per switch on
 *     it, as a header-only packet would take with no queue anywhere (no serialization: a notice stands for a
 *     completion a real NIC would signal in its header). That delay is at least one cable's flight time, so at
 *     least the engine's lookahead and the lookahead between JVMs (half a cut cable's flight at most), and, as
 *     every message between elements, deterministic whatever the shards.</li>
 * <li>A flow queued behind another of its source ({@code follows}) is learnt when that flow's last packet leaves
 *     the NIC for the first time: the chunks of a collective's step leave a rank in order, as the messages of
 *     one queue pair do.</li>
 * </ul>
 * A flow whose dependency never finishes (the run stopped, or a RoCEv2 flow failed) never starts.
 */
public final class StartDependencies {
    /** A NIC whose flows wait for none and on whose incoming flows none waits. */
    public static final StartDependencies NONE = new StartDependencies(new int[0], new long[0], new int[0],
            new int[] {0}, new int[0], new int[0], new long[0]);

    private final int[] waitCount;
    private final long[] gapPs;
    private final int[] successor;
    private final int[] firstNotice;
    private final int[] noticeHost;
    private final int[] noticeIndex;
    private final long[] noticeDelayPs;
    private final boolean[] partial;

    /**
     * @param waitCount     per outgoing flow (local index), how many flows it waits for or queues behind
     * @param gapPs         per outgoing flow, the wait after the last of them
     * @param successor     per outgoing flow, the outgoing flow queued behind it (starting once its last packet
     *                      left), or -1; empty when none is
     * @param firstNotice   per incoming flow (local index) {@code j}, its notices are
     *                      {@code firstNotice[j]..firstNotice[j + 1] - 1}; one entry more than incoming flows
     * @param noticeHost    per notice, the host whose outgoing flow waits (this NIC's own host: no message)
     * @param noticeIndex   per notice, that flow's local index at that host
     * @param noticeDelayPs per notice, how long it takes to reach that host (0 for this NIC's own)
     */
    public StartDependencies(int[] waitCount, long[] gapPs, int[] successor, int[] firstNotice, int[] noticeHost,
                             int[] noticeIndex, long[] noticeDelayPs) {
        this(waitCount, gapPs, successor, firstNotice, noticeHost, noticeIndex, noticeDelayPs, new boolean[0]);
    }

    /**
     * As the other constructor, and {@code partial}: per outgoing flow, whether it waits for only some of the flows
     * that tell it they are done ({@link io.fabricemu.fabric.FlowSpec#waitsForSome}), so that it hears of more
     * than {@code waitCount} and ignores those after its start; empty when none does.
     */
    public StartDependencies(int[] waitCount, long[] gapPs, int[] successor, int[] firstNotice, int[] noticeHost,
                             int[] noticeIndex, long[] noticeDelayPs, boolean[] partial) {
        if (waitCount.length != gapPs.length || (successor.length != 0 && successor.length != waitCount.length)
                || firstNotice.length == 0 || noticeHost.length != noticeIndex.length
                || noticeHost.length != noticeDelayPs.length
                || firstNotice[firstNotice.length - 1] != noticeHost.length
                || (partial.length != 0 && partial.length != waitCount.length)) {
            throw new IllegalArgumentException("inconsistent dependency arrays");
        }
        this.waitCount = waitCount;
        this.gapPs = gapPs;
        this.successor = successor;
        this.firstNotice = firstNotice;
        this.noticeHost = noticeHost;
        this.noticeIndex = noticeIndex;
        this.noticeDelayPs = noticeDelayPs;
        this.partial = partial;
    }

    /** Whether outgoing flow {@code i} starts once some of the flows it hears of are done, not all. */
    boolean partial(int i) {
        return i < partial.length && partial[i];
    }

    /** Whether any outgoing flow waits, or any incoming flow is waited for. */
    boolean any() {
        return noticeHost.length > 0 || anyWaiting();
    }

    /** Whether any incoming flow is waited for. */
    boolean anyWaitedFor() {
        return noticeHost.length > 0;
    }

    private boolean anyWaiting() {
        for (int c : waitCount) {
            if (c > 0) {
                return true;
            }
        }
        return false;
    }

    /** How many flows outgoing flow {@code i} waits for (0 when this NIC knows of none). */
    int waitCount(int i) {
        return i < waitCount.length ? waitCount[i] : 0;
    }

    /** Whether some outgoing flow queues behind another. */
    boolean anyQueued() {
        return successor.length > 0;
    }

    /** The outgoing flow queued behind outgoing flow {@code i}, or -1. */
    int successor(int i) {
        return successor.length == 0 ? -1 : successor[i];
    }

    long gapPs(int i) {
        return gapPs[i];
    }

    int firstNotice(int j) {
        return firstNotice[j];
    }

    int endNotice(int j) {
        return firstNotice[j + 1];
    }

    int noticeHost(int n) {
        return noticeHost[n];
    }

    int noticeIndex(int n) {
        return noticeIndex[n];
    }

    long noticeDelayPs(int n) {
        return noticeDelayPs[n];
    }
}
