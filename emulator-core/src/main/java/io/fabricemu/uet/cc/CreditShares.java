package io.fabricemu.uet.cc;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Divides one slice's credit among the active senders: equal shares, no sender above its need, and what a
 * sender cannot use shared by the others (max-min fairness, "water filling"), in whole bytes.
 *
 * <p>RCCC's rule is {@code credit = receiverRate x slice / activeSenders} (UE 1.0, RCCC; the RCCC post on
 * nwktimes.blogspot.com, "Target RCCC Operation - Credit Assignment"), so 12,500 B among two backlogged
 * senders is 6,250 B each. The post
 * also says a sender with no backlog leaves the table so the others' share grows; this class extends that
 * to a sender whose need is below its share: it gets exactly its need and the rest is split among the
 * others, repeatedly, until every sender is either satisfied or at the common level.
 *
 * <p>Integer rule: with {@code B} bytes left for the {@code m} senders still unsatisfied, each gets
 * {@code B / m} and the {@code B mod m} left-over bytes go one each to the first of them in rotation order,
 * starting at index {@code firstExtraIndex} and wrapping. Every slice's supply is therefore handed out in
 * full whenever demand allows, shares within a slice differ by at most one byte, and the caller moves the
 * rotation start past the last sender that received an extra byte so that the extra bytes take turns.
 *
 * <p>Cost: {@code O(n)} per slice for {@code n} senders when every one needs more than an equal share (a backlogged
 * incast), else a sort of the indices by need, {@code O(n log n)}.
 */
final class CreditShares {

    private CreditShares() {
    }

    /**
     * Fills {@code grantBytesOut[i]} with sender {@code i}'s share of {@code budgetBytes}, never more than
     * {@code needBytes[i]}. The total granted is {@code min(budgetBytes, sum of needs)}.
     *
     * @param budgetBytes     bytes to hand out in this slice, {@code >= 0}
     * @param needBytes       each sender's outstanding need, {@code >= 0}
     * @param firstExtraIndex where the rotation for left-over bytes starts, in {@code [0, n)} (any value
     *                        when there are no senders)
     * @param grantBytesOut   receives the grants; same length as {@code needBytes}
     * @return the index of the last sender given a left-over byte, or -1 if none was
     */
    static int divide(long budgetBytes, long[] needBytes, int firstExtraIndex, long[] grantBytesOut) {
        int n = needBytes.length;
        if (grantBytesOut.length != n) {
            throw new IllegalArgumentException("grantBytesOut has " + grantBytesOut.length + " slots for " + n + " senders");
        }
        if (budgetBytes < 0) {
            throw new IllegalArgumentException("budgetBytes must be >= 0, was " + budgetBytes);
        }
        Arrays.fill(grantBytesOut, 0L);
        if (n == 0) {
            return -1;
        }
        if (firstExtraIndex < 0 || firstExtraIndex >= n) {
            throw new IllegalArgumentException("firstExtraIndex " + firstExtraIndex + " outside [0, " + n + ")");
        }
        long leastNeedBytes = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            if (needBytes[i] < 0) {
                throw new IllegalArgumentException("needBytes[" + i + "] must be >= 0, was " + needBytes[i]);
            }
            leastNeedBytes = Math.min(leastNeedBytes, needBytes[i]);
        }
        // When every sender needs more than an equal share (the usual slice of a backlogged incast) the loop below
        // stops at its first sender whatever the order, and everyone is at the level: no order is needed (null).
        // Ties between equal needs may fall in any order: each satisfied sender takes exactly its need, so the
        // result does not depend on which of two equal needs is looked at first.
        int[] byNeed = leastNeedBytes <= budgetBytes / n ? sortedByNeed(needBytes) : null;

        long leftBytes = budgetBytes;
        int k = 0;
        while (k < n) {
            int unsatisfied = n - k;
            long levelBytes = leftBytes / unsatisfied;
            long need = needBytes[at(byNeed, k)];
            if (need > levelBytes) {
                break;
            }
            // Satisfying a need at or below the level can only raise the level for those that remain.
            grantBytesOut[at(byNeed, k)] = need;
            leftBytes -= need;
            k++;
        }
        if (k == n) {
            return -1;
        }
        // Everyone from k on needs more than the level, so each can take the level plus one byte.
        int unsatisfied = n - k;
        long levelBytes = leftBytes / unsatisfied;
        long extraBytes = leftBytes % unsatisfied;
        boolean[] atLevel = k == 0 ? null : new boolean[n]; // null: everyone is at the level
        for (int j = k; j < n; j++) {
            if (atLevel != null) {
                atLevel[at(byNeed, j)] = true;
            }
            grantBytesOut[at(byNeed, j)] = levelBytes;
        }
        int lastExtra = -1;
        for (int step = 0; step < n && extraBytes > 0; step++) {
            int i = (firstExtraIndex + step) % n;
            if (atLevel == null || atLevel[i]) {
                grantBytesOut[i]++;
                extraBytes--;
                lastExtra = i;
            }
        }
        return lastExtra;
    }

    /** The {@code k}-th sender in {@code order}, or the {@code k}-th itself when there is no order (null). */
    private static int at(int[] order, int k) {
        return order == null ? k : order[k];
    }

    /** The senders' indices from the least need to the most. */
    private static int[] sortedByNeed(long[] needBytes) {
        Integer[] boxed = new Integer[needBytes.length];
        for (int i = 0; i < boxed.length; i++) {
            boxed[i] = i;
        }
        Arrays.sort(boxed, Comparator.comparingLong(i -> needBytes[i]));
        int[] order = new int[boxed.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = boxed[i];
        }
        return order;
    }
}
