package io.fabricemu.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How many cells a window spans: as many as the relayed lookahead covers, if every relay is with its sender. */
class WindowSpanTest {

    /** Elements 0 and 2 send to relays 1 and 3; the grid is 250 ps, the relayed lookahead {@code relayedPs}. */
    private static ElementFactory fabric(long relayedPs, boolean sendersKnown) {
        return new ElementFactory() {
            @Override
            public int elementCount() {
                return 4;
            }

            @Override
            public Element create(int elementId) {
                throw new UnsupportedOperationException();
            }

            @Override
            public long lookaheadPs() {
                return 250;
            }

            @Override
            public long relayedLookaheadPs() {
                return relayedPs;
            }

            @Override
            public boolean relay(int elementId) {
                return elementId % 2 == 1;
            }

            @Override
            public int flowCount() {
                return 0;
            }

            @Override
            public int[] sendersTo(int elementId) {
                return sendersKnown ? new int[] {elementId - elementId % 2} : null;
            }
        };
    }

    @Test
    void everyRelayWithItsSender_spansTheCellsTheRelayedLookaheadCovers() {
        assertEquals(2, WindowSpan.cells(fabric(500, true), new int[] {0, 0, 1, 1}));
        assertEquals(2, WindowSpan.cells(fabric(700, true), new int[] {0, 0, 0, 0}), "whole cells only");
        assertEquals(4, WindowSpan.cells(fabric(1_000, true), new int[] {0, 0, 1, 1}));
        assertEquals(ShardWindows.MAX_AHEAD, WindowSpan.cells(fabric(1_000_000, true), new int[4]));
    }

    @Test
    void oneCell_whenARelayIsAwayFromItsSender_orItsSendersAreUnknown_orTheGainIsUnderACell() {
        assertEquals(1, WindowSpan.cells(fabric(500, true), new int[] {0, 1, 1, 1}));
        assertEquals(1, WindowSpan.cells(fabric(500, false), new int[4]));
        assertEquals(1, WindowSpan.cells(fabric(499, true), new int[4]));
    }
}
