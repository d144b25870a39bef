package io.fabricemu.uet.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The RTT+ECN epoch test of {@link PathNotCongested}, threshold 10 us, by hand. */
class PathNotCongestedTest {
    private static final long EXPECTED_PS = 10_000_000;

    @Test
    void onAck_cleanWindowOfAcks_deemsThePathNotCongestedAtTheEpochsEnd() {
        PathNotCongested t = new PathNotCongested(EXPECTED_PS);
        assertFalse(t.onAck(4_000, false, 9_000_000, 10_000));
        assertFalse(t.onAck(4_000, false, 9_000_000, 10_000));
        // 12,000 >= the 10,000 B window the epoch started with.
        assertTrue(t.onAck(4_000, false, 9_000_000, 10_000));
        assertEquals(1, t.cleanEpochs());
    }

    @Test
    void onAck_epochLength_isTheWindowWhenTheEpochStarted() {
        PathNotCongested t = new PathNotCongested(EXPECTED_PS);
        assertFalse(t.onAck(4_000, false, 0, 8_000));
        // The window grew meanwhile; the epoch still ends at 8,000 B.
        assertTrue(t.onAck(4_000, false, 0, 100_000));
        // The next epoch starts at the next ACK, with the 100,000 B window of then; later windows do not count.
        t.onAck(60_000, false, 0, 100_000);
        assertEquals(1, t.cleanEpochs());
        t.onAck(39_999, false, 0, 1_000);
        assertEquals(1, t.cleanEpochs());
        t.onAck(1, false, 0, 1_000);
        assertEquals(2, t.cleanEpochs());
    }

    @Test
    void onAck_rttAtTheThreshold_isClean_onePicosecondOver_isNot() {
        PathNotCongested t = new PathNotCongested(EXPECTED_PS);
        assertTrue(t.onAck(10_000, false, EXPECTED_PS, 10_000));
        assertFalse(t.onAck(1_000, false, EXPECTED_PS + 1, 10_000));
        // The epoch that saw the late sample ends dirty: still congested.
        assertFalse(t.onAck(9_000, false, 0, 10_000));
        // A whole clean epoch restores the verdict.
        assertTrue(t.onAck(10_000, false, 0, 10_000));
    }

    @Test
    void onAck_ecnMark_revokesAtOnce() {
        PathNotCongested t = new PathNotCongested(EXPECTED_PS);
        assertTrue(t.onAck(10_000, false, 0, 10_000));
        assertFalse(t.onAck(1_000, true, 0, 10_000));
        assertFalse(t.notCongested());
    }

    @Test
    void onLoss_revokesAndFailsTheRunningEpoch() {
        PathNotCongested t = new PathNotCongested(EXPECTED_PS);
        assertTrue(t.onAck(10_000, false, 0, 10_000));
        assertTrue(t.onAck(5_000, false, 0, 10_000));
        t.onLoss();
        assertFalse(t.notCongested());
        assertFalse(t.onAck(5_000, false, 0, 10_000));
        assertEquals(1, t.cleanEpochs());
    }

    @Test
    void expectedRttPs_isBaseRttPlusSlackPacketsOfMtuSerialization() {
        // 4,096 B at 100 Gb/s: 327.68 ns.
        assertEquals(6_655_360, new PathNotCongested.Params(2, 1024).expectedRttPs(6_000_000, 4096,
                100_000_000_000L));
        assertEquals(6_000_000, new PathNotCongested.Params(0, 1024).expectedRttPs(6_000_000, 4096,
                100_000_000_000L));
    }

    @Test
    void params_outOfRange_isRejectedNamingTheField() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new PathNotCongested.Params(-1, 1024))
                .getMessage().startsWith("slackPackets"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new PathNotCongested.Params(1, 0))
                .getMessage().startsWith("gainPer1024"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new PathNotCongested.Params(1, 4097))
                .getMessage().startsWith("gainPer1024"));
        assertThrows(IllegalArgumentException.class, () -> new PathNotCongested(0));
        assertThrows(IllegalArgumentException.class, () -> new PathNotCongested(1).onAck(0, false, 0, 1));
    }
}
