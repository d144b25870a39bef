package io.fabricemu.fabric;

import java.util.Arrays;

/**
 * One flow of a workload: {@code bytes} of payload from host {@code src} to host {@code dst}, starting at
 * virtual time {@code startPs}. Hosts are numbered 0..hostCount-1 as the topology numbers them. {@code group}
 * names the part of a {@code Mix} the flow comes from (results are summarised per group), "" outside a mix.
 *
 * <p>A flow may wait for others: {@code after} lists the indices, in the workload's flow list, of the flows it
 * depends on. It then starts {@code gapPs} after the last of them has been fully received, as its source learns
 * it (at once when its source is their receiver, otherwise one notice's crossing of the fabric later: see
 * {@link io.fabricemu.host.StartDependencies}), and never before {@code startPs}. A flow without dependencies
 * starts at {@code startPs} and has {@code gapPs} 0. Which indices exist and that they form no cycle is a
 * property of the whole list, checked where the list is read. With {@code afterNeeded} below the number of flows
 * {@code after} lists, it starts instead once its source has learnt of that many of them, whichever they are (a
 * connection matrix's multishot trigger), and never follows another flow.
 *
 * <p>A flow may also queue behind another flow of its source ({@code follows}, an index, -1 for none): it starts
 * only once that flow has put its last packet on the wire, as the messages posted to one queue pair leave in
 * order. A collective cuts each step into chunks that queue so, so that they leave a rank one after the other and
 * the next step's first chunk can move on while the rest of this step is still being sent (pipelining).
 *
 * <p>When the target posts the receive for the flow's message (US 12,388,756 ¶(58)-(59); Ultra Ethernet's
 * transport only): {@code recvPostedPs}, a virtual time, or {@code recvWith}, the index of a flow of the target's
 * whose start posts it (a collective's rank posts a step's receive as it starts that step's own send). Both -1:
 * posted in time, before any packet arrives. A packet that arrives before the receive is posted finds no match
 * and is answered by a request-to-wait ({@link io.fabricemu.uet}).
 */
public record FlowSpec(int src, int dst, long bytes, long startPs, String group, int[] after, long gapPs,
                       int follows, long recvPostedPs, int recvWith, int afterNeeded) {
    private static final int[] NONE = new int[0];

    /** A flow that waits for every flow of {@code after}. */
    public FlowSpec(int src, int dst, long bytes, long startPs, String group, int[] after, long gapPs,
                    int follows, long recvPostedPs, int recvWith) {
        this(src, dst, bytes, startPs, group, after, gapPs, follows, recvPostedPs, recvWith, after.length);
    }

    /** A flow whose receive is posted in time. */
    public FlowSpec(int src, int dst, long bytes, long startPs, String group, int[] after, long gapPs,
                    int follows) {
        this(src, dst, bytes, startPs, group, after, gapPs, follows, -1, -1);
    }

    /** A flow in no group, waiting for none. */
    public FlowSpec(int src, int dst, long bytes, long startPs) {
        this(src, dst, bytes, startPs, "", NONE, 0, -1);
    }

    /** A flow waiting for none. */
    public FlowSpec(int src, int dst, long bytes, long startPs, String group) {
        this(src, dst, bytes, startPs, group, NONE, 0, -1);
    }

    /** A flow that waits for the flows {@code after}, then {@code gapPs}, queued behind none. */
    public FlowSpec(int src, int dst, long bytes, long startPs, String group, int[] after, long gapPs) {
        this(src, dst, bytes, startPs, group, after, gapPs, -1);
    }

    public FlowSpec {
        if (group == null) {
            throw new IllegalArgumentException("group must not be null; use \"\" for none");
        }
        if (src < 0 || dst < 0) {
            throw new IllegalArgumentException("hosts must be >= 0, were src " + src + " and dst " + dst);
        }
        if (src == dst) {
            throw new IllegalArgumentException("a flow needs two different hosts, src and dst are both " + src);
        }
        WorkloadChecks.bytesAndStart(bytes, startPs);
        after = after.length == 0 ? NONE : after.clone();
        for (int i = 0; i < after.length; i++) {
            if (after[i] < 0) {
                throw new IllegalArgumentException("after must hold flow indices >= 0, had " + after[i]);
            }
            for (int k = 0; k < i; k++) {
                if (after[k] == after[i]) {
                    throw new IllegalArgumentException("after lists flow " + after[i] + " twice");
                }
            }
        }
        if (follows < -1) {
            throw new IllegalArgumentException("follows must be a flow index or -1, was " + follows);
        }
        if (recvPostedPs < -1 || recvWith < -1 || (recvPostedPs >= 0 && recvWith >= 0)) {
            throw new IllegalArgumentException("recvPostedPs (" + recvPostedPs + ") and recvWith (" + recvWith
                    + ") must be -1 or >= 0, and at most one of them set");
        }
        if (afterNeeded > after.length || (after.length > 0 && afterNeeded < 1)
                || (afterNeeded < after.length && follows >= 0)) {
            throw new IllegalArgumentException("afterNeeded must be from 1 to the " + after.length + " flows of after"
                    + " (0 with none), and all of them for a flow that follows another, was " + afterNeeded);
        }
        if (gapPs < 0 || (gapPs > 0 && after.length == 0)) {
            throw new IllegalArgumentException("gapPs must be >= 0, and 0 for a flow waiting for none, was " + gapPs
                    + " with " + after.length + " dependencies");
        }
    }

    /** A copy of the indices of the flows this one waits for. */
    @Override
    public int[] after() {
        return after.clone();
    }

    /** How many flows this one waits for ({@link #after}; the flow it {@link #follows} is not counted). */
    public int dependencyCount() {
        return after.length;
    }

    /**
     * Whether it starts when only some of the flows of {@link #after} are done, the {@link #afterNeeded}-th of them
     * to finish, whichever they are (the k-th target of an htsim {@code MultiShotTrigger}).
     */
    public boolean waitsForSome() {
        return afterNeeded < after.length;
    }

    /** Whether this flow waits for any flow or queues behind one: its start is known only when the run makes it. */
    public boolean waits() {
        return after.length > 0 || follows >= 0;
    }

    /** The index of the {@code k}-th flow this one waits for. */
    public int dependency(int k) {
        return after[k];
    }

    /** This flow in {@code newGroup}. */
    public FlowSpec inGroup(String newGroup) {
        return new FlowSpec(src, dst, bytes, startPs, newGroup, after, gapPs, follows, recvPostedPs, recvWith,
                afterNeeded);
    }

    /** Whether the target may post the receive late, so that packets may find no match. */
    public boolean postsLate() {
        return recvPostedPs >= 0 || recvWith >= 0;
    }

    /** This flow with every dependency index moved up by {@code offset}: where its list starts in a longer one. */
    public FlowSpec shifted(int offset) {
        if ((after.length == 0 && follows < 0 && recvWith < 0) || offset == 0) {
            return this;
        }
        int[] moved = new int[after.length];
        for (int k = 0; k < moved.length; k++) {
            moved[k] = Math.addExact(after[k], offset);
        }
        return new FlowSpec(src, dst, bytes, startPs, group, moved, gapPs,
                follows < 0 ? -1 : Math.addExact(follows, offset), recvPostedPs,
                recvWith < 0 ? -1 : Math.addExact(recvWith, offset), afterNeeded);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FlowSpec f && src == f.src && dst == f.dst && bytes == f.bytes && startPs == f.startPs
                && group.equals(f.group) && Arrays.equals(after, f.after) && gapPs == f.gapPs && follows == f.follows
                && recvPostedPs == f.recvPostedPs && recvWith == f.recvWith && afterNeeded == f.afterNeeded;
    }

    @Override
    public int hashCode() {
        int h = Integer.hashCode(src);
        h = 31 * h + Integer.hashCode(dst);
        h = 31 * h + Long.hashCode(bytes);
        h = 31 * h + Long.hashCode(startPs);
        h = 31 * h + group.hashCode();
        h = 31 * h + Arrays.hashCode(after);
        h = 31 * h + Long.hashCode(gapPs);
        h = 31 * h + follows;
        // Flows posted in time hash as they did before receives could be posted late.
        h = postsLate() ? 31 * (31 * h + Long.hashCode(recvPostedPs)) + recvWith : h;
        return waitsForSome() ? 31 * h + afterNeeded : h;
    }

    @Override
    public String toString() {
        return "FlowSpec[src=" + src + ", dst=" + dst + ", bytes=" + bytes + ", startPs=" + startPs + ", group="
                + group + (after.length == 0 ? "" : ", after=" + Arrays.toString(after) + ", gapPs=" + gapPs)
                + (waitsForSome() ? ", afterNeeded=" + afterNeeded : "")
                + (follows < 0 ? "" : ", follows=" + follows)
                + (recvPostedPs < 0 ? "" : ", recvPostedPs=" + recvPostedPs)
                + (recvWith < 0 ? "" : ", recvWith=" + recvWith) + "]";
    }
}
