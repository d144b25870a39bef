package io.fabricemu.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Cutting a weighted line into balanced blocks, between pods when that costs little balance. */
class BlockSplitTest {
    @Test
    void split_podBoundaryWithinTheSlack_keepsThePodWhole() {
        // The nearest cut (49 + 51) falls inside pod 1; the pod boundary (52 + 48) misses by 1 more of 50.
        long[] weights = {26, 23, 3, 48};
        int[] pods = {0, 1, 1, 2};
        assertArrayEquals(new int[] {0, 0, 0, 1}, BlockSplit.split(weights, pods, 0, 4, 2));
    }

    @Test
    void split_podBoundaryBeyondTheSlack_cutsThePodForBalance() {
        // The pod boundary would give 30 + 70; cutting pod 1 gives 50 + 50.
        long[] weights = {30, 20, 20, 30};
        int[] pods = {0, 1, 1, 1};
        assertArrayEquals(new int[] {0, 0, 1, 1}, BlockSplit.split(weights, pods, 0, 4, 2));
    }

    @Test
    void split_aSliceOfTheLine_isSplitOnItsOwnWeights() {
        long[] weights = {100, 1, 1, 1, 1, 100};
        int[] pods = {0, 1, 2, 3, 4, 5};
        assertArrayEquals(new int[] {0, 0, 1, 1}, BlockSplit.split(weights, pods, 1, 5, 2));
    }

    @Test
    void split_fewerUnitsThanBlocks_givesOneUnitPerBlockAndEmptiesTheLast() {
        long[] weights = {5, 5};
        int[] pods = {0, 1};
        assertArrayEquals(new int[] {0, 1}, BlockSplit.split(weights, pods, 0, 2, 4));
    }

    @Test
    void split_noBlocks_isRejected() {
        assertThrows(IllegalArgumentException.class, () -> BlockSplit.split(new long[] {1}, new int[] {0}, 0, 1, 0));
    }
}
