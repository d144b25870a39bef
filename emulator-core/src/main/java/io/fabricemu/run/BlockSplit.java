package io.fabricemu.run;

/**
 * Cuts a weighted line of units into contiguous blocks of nearly equal weight, preferring to cut between
 * pods. The m-th cut (of {@code blocks - 1}) aims at the prefix weight {@code m * total / blocks}, measured
 * from the start of the line so rounding never drifts. It falls at the unit boundary nearest that aim; a
 * boundary between two pods wins instead if it misses the aim by at most {@link #POD_SLACK_PERCENT} percent
 * of one block's weight more. Each block gets at least one unit while there are units enough; with fewer
 * units than blocks, each block up to the last unit gets one and the rest are empty. Integer arithmetic only, ties to the earlier boundary, so the
 * result is a pure function of the input.
 */
final class BlockSplit {
    /**
     * How much imbalance, in percent of a block's ideal weight, a cut may add to keep a pod whole. A
     * member's speed is set by its work, a cut pod costs a few more cut cables; 5% trades a little of one
     * for much of the other (a k = 8 fat tree on 3 members: a whole pod would cost 12.5%, so one is cut).
     */
    static final int POD_SLACK_PERCENT = 5;

    private BlockSplit() {
    }

    /**
     * Splits {@code weights[from .. to)} into {@code blocks} contiguous blocks.
     *
     * @param weights weight of each unit, at least 0
     * @param pods    pod of each unit; a boundary between units of different pods keeps pods whole
     * @return for each unit of the range (index {@code i - from}), its block, {@code 0 .. blocks - 1},
     *         non-decreasing along the line
     */
    static int[] split(long[] weights, int[] pods, int from, int to, int blocks) {
        if (blocks < 1) {
            throw new IllegalArgumentException("blocks must be >= 1, was " + blocks);
        }
        int n = to - from;
        long[] prefix = new long[n + 1];
        for (int i = 0; i < n; i++) {
            prefix[i + 1] = prefix[i] + weights[from + i];
        }
        long total = prefix[n];
        long slack = total * POD_SLACK_PERCENT / 100;
        int[] blockOf = new int[n];
        int previous = 0;
        for (int m = 1; m < blocks; m++) {
            int left = blocks - m;
            int lo = Math.min(n, previous + 1);
            int hi = Math.max(lo, n - left);
            long aim = Math.multiplyExact(total, m);
            int best = lo;
            int bestBetweenPods = -1;
            for (int pos = lo; pos <= hi; pos++) {
                long miss = Math.abs(Math.multiplyExact(prefix[pos], blocks) - aim);
                if (miss < Math.abs(Math.multiplyExact(prefix[best], blocks) - aim)) {
                    best = pos;
                }
                boolean betweenPods = pos == 0 || pos == n || pods[from + pos - 1] != pods[from + pos];
                if (betweenPods && (bestBetweenPods < 0
                        || miss < Math.abs(Math.multiplyExact(prefix[bestBetweenPods], blocks) - aim))) {
                    bestBetweenPods = pos;
                }
            }
            int cut = best;
            if (bestBetweenPods >= 0) {
                long missBest = Math.abs(Math.multiplyExact(prefix[best], blocks) - aim);
                long missPods = Math.abs(Math.multiplyExact(prefix[bestBetweenPods], blocks) - aim);
                if (missPods - missBest <= slack) {
                    cut = bestBetweenPods;
                }
            }
            for (int i = previous; i < cut; i++) {
                blockOf[i] = m - 1;
            }
            previous = cut;
        }
        for (int i = previous; i < n; i++) {
            blockOf[i] = blocks - 1;
        }
        return blockOf;
    }
}
