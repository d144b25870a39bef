package io.fabricemu.scenario.workload;

import io.fabricemu.fabric.FlowSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Turns a {@link Collective}'s steps into flows, iteration by iteration and step by step, each transfer's chunks
 * in order, with their waits (see {@link Collective} for what waits for what). Linear in the flows: each step
 * keeps, per rank, where the transfers it received and sent in the step before begin.
 */
final class CollectiveSchedule {
    /** Mixed into the scenario seed for the skews' own stream. */
    private static final long SKEW_SALT = 0x5CE3_0000_0000_0000L;

    private final Collective c;
    private final int n;
    /** The ranks' skews, drawn rank by rank for each step in turn; null without skew. */
    private final SplittableRandom skews;

    CollectiveSchedule(Collective c, long seed) {
        this.c = c;
        this.n = c.ranks().size();
        this.skews = c.skewMaxPs() > 0 ? new SplittableRandom(seed ^ SKEW_SALT) : null;
    }

    List<FlowSpec> flows(int expected) {
        List<FlowSpec> flows = new ArrayList<>(expected);
        List<long[][]> steps = c.steps();
        int chunks = c.chunks();
        // Per rank: the first flow of each transfer it received, and sent, in the step before (or, at an
        // iteration's first step, in the last step of the iteration before).
        int[][] received = new int[n][];
        int[][] sent = new int[n][];
        int[] receivedCount = new int[n];
        int[] sentCount = new int[n];
        for (int t = 0; t < c.iterations(); t++) {
            for (int s = 0; s < steps.size(); s++) {
                boolean first = s == 0;
                boolean afterSends = c.waitsForSends() || (first && t > 0);
                long[][] step = steps.get(s);
                long[] skew = new long[n];
                int[] sendBase = new int[n];
                Arrays.fill(sendBase, -1);
                if (skews != null) {
                    for (int r = 0; r < n; r++) {
                        skew[r] = skews.nextLong(c.skewMaxPs() + 1);
                    }
                    for (int x = 0; x < step.length; x++) {
                        int from = (int) step[x][0];
                        if (sendBase[from] < 0) {
                            sendBase[from] = flows.size() + x * chunks;
                        }
                    }
                }
                int[][] nowReceived = new int[n][];
                int[][] nowSent = new int[n][];
                int[] nowReceivedCount = new int[n];
                int[] nowSentCount = new int[n];
                for (long[] transfer : step) {
                    int from = (int) transfer[0];
                    int to = (int) transfer[1];
                    int base = flows.size();
                    for (int k = 0; k < chunks; k++) {
                        // At an iteration's start only a transfer's first chunk waits (for every chunk of the
                        // rank's last step): the others queue behind it.
                        boolean waits = !first || (t > 0 && k == 0);
                        int[] after = !waits ? new int[0]
                                : waits(received[from], receivedCount[from], afterSends ? sent[from] : null,
                                        afterSends ? sentCount[from] : 0, first ? -1 : k, chunks);
                        long gapPs = after.length > 0 && first ? c.computeGapPs() : 0;
                        long startPs = c.startPs();
                        if (after.length > 0) {
                            gapPs += skew[from];
                        } else if (k == 0) {
                            startPs += skew[from]; // a first step: the rank's skew delays its start
                        }
                        // The receiving rank posts this chunk's receive as its own send of the chunk starts.
                        int recvWith = skews == null || c.prePosted() || sendBase[to] < 0 ? -1 : sendBase[to] + k;
                        flows.add(new FlowSpec(c.ranks().get(from), c.ranks().get(to), c.chunkBytes(transfer[2], k),
                                startPs, "", after, gapPs, k == 0 ? -1 : base + k - 1, -1, recvWith));
                    }
                    nowSent[from] = append(nowSent[from], nowSentCount[from]++, base);
                    nowReceived[to] = append(nowReceived[to], nowReceivedCount[to]++, base);
                }
                received = nowReceived;
                sent = nowSent;
                receivedCount = nowReceivedCount;
                sentCount = nowSentCount;
            }
        }
        return flows;
    }

    /**
     * The flows a chunk waits for: chunk {@code k} of each transfer listed (or every chunk, {@code k} -1, at an
     * iteration's start), received ones first.
     */
    private static int[] waits(int[] received, int receivedCount, int[] sent, int sentCount, int k, int chunks) {
        int per = k < 0 ? chunks : 1;
        int[] after = new int[(receivedCount + sentCount) * per];
        int a = 0;
        for (int r = 0; r < receivedCount; r++) {
            a = add(after, a, received[r], k, chunks);
        }
        for (int r = 0; r < sentCount; r++) {
            a = add(after, a, sent[r], k, chunks);
        }
        return after;
    }

    private static int add(int[] after, int a, int base, int k, int chunks) {
        if (k >= 0) {
            after[a++] = base + k;
        } else {
            for (int j = 0; j < chunks; j++) {
                after[a++] = base + j;
            }
        }
        return a;
    }

    private static int[] append(int[] list, int at, int value) {
        int[] out = list == null ? new int[2] : at == list.length ? Arrays.copyOf(list, at * 2) : list;
        out[at] = value;
        return out;
    }
}
