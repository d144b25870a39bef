package io.fabricemu.uet.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RcccReceiverTest {
    private static final long GBPS_100 = 100_000_000_000L;
    private static final long US = 1_000_000L;
    private static final long HUGE = 1L << 50;
    private static final RcccParams SEED = RcccParams.withDefaults(GBPS_100);

    /** Calls onSlice at the start of slice {@code k} (k = 1, 2, ...) of the RCCC post's 1 us slices. */
    private static List<CreditGrant> slice(RcccReceiver r, long k) {
        return r.onSlice(k * US);
    }

    private static long sum(List<CreditGrant> grants) {
        return grants.stream().mapToLong(CreditGrant::grantedBytes).sum();
    }

    @ParameterizedTest(name = "{0} backlogged senders at 100 Gb/s -> {1} B each per 1 us slice")
    @CsvSource({
            "1, 12500",   // RCCC post: 12.5 GB/s x 1 us / 1
            "2, 6250",    // RCCC post: each sender held to 50 Gb/s
            "4, 3125",
            "5, 2500"})
    void onSlice_backloggedSenders_eachGetsRateTimesSliceOverN(int senders, long expectedBytes) {
        RcccReceiver r = new RcccReceiver(SEED);
        for (int id = 1; id <= senders; id++) {
            r.onRequest(id, HUGE, 0);
        }
        for (int k = 1; k <= 10; k++) {
            List<CreditGrant> grants = slice(r, k);
            assertEquals(senders, grants.size());
            for (CreditGrant g : grants) {
                assertEquals(expectedBytes, g.grantedBytes(), "slice " + k + ", sender " + g.senderCccId());
            }
        }
    }

    @Test
    void onSlice_firstSliceAfterDiscovery_bringsCumulativeFrom12500To25000() {
        // RCCC post: CCC 0xA1 sent its 12,500 B of pre-provisioned credit and reports 255,987,500 B of
        // backlog; the receiver grants one slice, 12.5 KB, and the ACK_CC carries a cumulative 25,000 B.
        RcccReceiver r = new RcccReceiver(SEED);
        r.onRequest(0xA1, 255_987_500L, 700_000);
        assertEquals(12_500, r.cumulativeGrantBytes(0xA1));
        assertEquals(255_987_500L, r.outstandingBytes(0xA1));

        List<CreditGrant> grants = r.onSlice(US);

        assertEquals(List.of(new CreditGrant(0xA1, 12_500, 25_000)), grants);
        assertEquals(25_000, r.cumulativeGrantBytes(0xA1));
        assertEquals(255_975_000L, r.outstandingBytes(0xA1));
    }

    @Test
    void onSlice_threeSenders_sharesWithinOneByteAndSumExact() {
        RcccReceiver r = new RcccReceiver(SEED);
        long[] ids = {0xA1, 0xA2, 0xA3};
        for (long id : ids) {
            r.onRequest(id, HUGE, 0);
        }
        for (int k = 1; k <= 3_000; k++) {
            List<CreditGrant> grants = slice(r, k);
            assertEquals(12_500, sum(grants), "slice " + k);
            long min = grants.stream().mapToLong(CreditGrant::grantedBytes).min().orElseThrow();
            long max = grants.stream().mapToLong(CreditGrant::grantedBytes).max().orElseThrow();
            assertEquals(4_166, min, "slice " + k);
            assertEquals(4_167, max, "slice " + k);
            // the left-over bytes take turns, so cumulative grants never drift apart by more than a byte
            long[] cumulative = {r.cumulativeGrantBytes(ids[0]), r.cumulativeGrantBytes(ids[1]), r.cumulativeGrantBytes(ids[2])};
            long spread = Math.max(cumulative[0], Math.max(cumulative[1], cumulative[2]))
                    - Math.min(cumulative[0], Math.min(cumulative[1], cumulative[2]));
            assertTrue(spread <= 1, "slice " + k + " spread " + spread);
        }
        for (long id : ids) {
            assertEquals(12_500 + 12_500_000L, r.cumulativeGrantBytes(id)); // 3,000 slices x 12,500 / 3
        }
    }

    @Test
    void onSlice_smallBacklog_getsOnlyItsBacklogAndOthersGrow() {
        RcccReceiver r = new RcccReceiver(SEED);
        r.onRequest(1, 1_000, 0);
        r.onRequest(2, HUGE, 0);
        r.onRequest(3, HUGE, 0);

        List<CreditGrant> grants = slice(r, 1);

        assertEquals(List.of(1_000L, 5_750L, 5_750L), grants.stream().map(CreditGrant::grantedBytes).toList());
        assertFalse(r.isActive(1));
        assertEquals(List.of(6_250L, 6_250L), slice(r, 2).stream().map(CreditGrant::grantedBytes).toList());
    }

    @Test
    void onSlice_senderFinishes_leavesTableAndOthersShareGrows() {
        RcccReceiver r = new RcccReceiver(SEED);
        r.onRequest(1, 10_000, 0);
        r.onRequest(2, HUGE, 0);

        assertEquals(List.of(new CreditGrant(1, 6_250, 18_750), new CreditGrant(2, 6_250, 18_750)), slice(r, 1));
        assertEquals(2, r.activeSenders());
        // sender 1 needs only 3,750 more; the grant that satisfies it is still reported
        assertEquals(List.of(new CreditGrant(1, 3_750, 22_500), new CreditGrant(2, 8_750, 27_500)), slice(r, 2));
        assertFalse(r.isActive(1));
        assertEquals(1, r.activeSenders());
        assertEquals(0, r.outstandingBytes(1));
        assertEquals(List.of(new CreditGrant(2, 12_500, 40_000)), slice(r, 3));
        assertEquals(22_500, r.cumulativeGrantBytes(1));
    }

    @ParameterizedTest(name = "{0} b/s, {1} ps slices, {2} senders, {3} slices")
    @CsvSource({
            "100000000000, 1000000, 2, 1000",
            "100000000000, 1000000, 3, 1000",
            "100000000000, 333333, 7, 3000",     // 4,166.6625 B per slice among seven
            "400000000000, 1000000, 13, 1000",
            "800000000000, 250000, 64, 500"})
    void onSlice_demandExceedsSupply_grantsExactlyRateTimesElapsedSlices(long rateBps, long slicePs, int senders, int slices) {
        RcccReceiver r = new RcccReceiver(new RcccParams(rateBps, slicePs, 12_500));
        for (int id = 0; id < senders; id++) {
            r.onRequest(id, HUGE, 0);
        }
        long total = 0;
        for (int k = 1; k <= slices; k++) {
            total += sum(r.onSlice(k * slicePs));
        }
        long expected = java.math.BigInteger.valueOf(rateBps).multiply(java.math.BigInteger.valueOf(slicePs))
                .multiply(java.math.BigInteger.valueOf(slices)).divide(java.math.BigInteger.valueOf(8_000_000_000_000L))
                .longValueExact();
        assertEquals(expected, total);
        assertEquals(expected, r.grantedBytes());
    }

    @Test
    void onSlice_randomRequests_neverGrantsBeyondTargetAndGrantsAllItCan() {
        SplittableRandom random = new SplittableRandom(0xA1B1L);
        RcccReceiver r = new RcccReceiver(SEED);
        for (int k = 1; k <= 5_000; k++) {
            int requests = random.nextInt(4);
            for (int q = 0; q < requests; q++) {
                long target = random.nextInt(5) == 0 ? 0 : random.nextLong(1, 40_000);
                r.onRequest(random.nextInt(10), target, k * US - 1);
            }
            Map<Long, Long> before = new TreeMap<>();
            long demand = 0;
            for (long id = 0; id < 10; id++) {
                before.put(id, r.outstandingBytes(id));
                demand += r.outstandingBytes(id);
            }
            List<CreditGrant> grants = slice(r, k);
            for (CreditGrant g : grants) {
                assertTrue(g.grantedBytes() > 0 && g.grantedBytes() <= before.get(g.senderCccId()),
                        "slice " + k + ": " + g + " with " + before.get(g.senderCccId()) + " outstanding");
            }
            assertEquals(Math.min(12_500, demand), sum(grants), "slice " + k);
        }
    }

    @Test
    void onSlice_requestOrderWithinSlice_doesNotChangeGrants() {
        long[][] orders = {{1, 2, 3, 4}, {4, 3, 2, 1}, {3, 1, 4, 2}, {2, 4, 1, 3}};
        List<List<CreditGrant>> reference = null;
        for (long[] order : orders) {
            RcccReceiver r = new RcccReceiver(SEED);
            List<List<CreditGrant>> run = new ArrayList<>();
            for (int k = 1; k <= 200; k++) {
                for (long id : order) {
                    // the same requests every time, only their arrival order within the slice differs;
                    // targets that do not divide 12,500 evenly exercise the left-over rotation
                    r.onRequest(id, (id * 7_919 + k * 104_729) % 9_000, k * US - 1);
                }
                run.add(slice(r, k));
            }
            if (reference == null) {
                reference = run;
            } else {
                for (int k = 0; k < run.size(); k++) {
                    assertEquals(reference.get(k), run.get(k),
                            "slice " + (k + 1) + ", arrival order " + java.util.Arrays.toString(order));
                }
            }
        }
    }

    @Test
    void onSlice_grants_areInIdOrderWithCumulativeValues() {
        RcccReceiver r = new RcccReceiver(SEED);
        r.onRequest(9, HUGE, 0);
        r.onRequest(3, HUGE, 0);
        r.onRequest(7, HUGE, 0);
        assertEquals(List.of(new CreditGrant(3, 4_167, 16_667), new CreditGrant(7, 4_167, 16_667),
                new CreditGrant(9, 4_166, 16_666)), slice(r, 1));
        // the left-over bytes continue after sender 7: 9, then 3
        assertEquals(List.of(new CreditGrant(3, 4_167, 20_834), new CreditGrant(7, 4_166, 20_833),
                new CreditGrant(9, 4_167, 20_833)), slice(r, 2));
    }

    @Test
    void onSlice_idleSlices_areNotBanked() {
        RcccReceiver r = new RcccReceiver(SEED);
        for (int k = 1; k <= 100; k++) {
            assertEquals(List.of(), slice(r, k));
        }
        r.onRequest(1, HUGE, 100 * US);
        assertEquals(List.of(new CreditGrant(1, 12_500, 25_000)), slice(r, 101));
        assertEquals(12_500, r.grantedBytes());
        assertEquals(101, r.slices());
    }

    @Test
    void onRequest_latestTargetReplacesEarlier() {
        RcccReceiver r = new RcccReceiver(SEED);
        r.onRequest(1, 50_000, 0);
        r.onRequest(1, 4_000, 10);
        assertEquals(4_000, r.outstandingBytes(1));
        assertEquals(4_000, sum(slice(r, 1)));
        assertFalse(r.isActive(1));
        r.onRequest(1, 30_000, US + 10);
        assertEquals(30_000, r.outstandingBytes(1));
        assertEquals(12_500, sum(slice(r, 2)));
        assertEquals(17_500, r.outstandingBytes(1));
    }

    @Test
    void onRequest_zeroTarget_removesSender() {
        RcccReceiver r = new RcccReceiver(SEED);
        r.onRequest(1, HUGE, 0);
        r.onRequest(2, HUGE, 0);
        r.onRequest(1, 0, 10);
        assertFalse(r.isActive(1));
        assertEquals(List.of(new CreditGrant(2, 12_500, 25_000)), slice(r, 1));
    }

    @Test
    void onRequest_zeroTargetFromNewSender_registersWithoutActivating() {
        RcccReceiver r = new RcccReceiver(SEED);
        r.onRequest(5, 0, 0);
        assertFalse(r.isActive(5));
        assertEquals(12_500, r.cumulativeGrantBytes(5));
        assertEquals(List.of(), slice(r, 1));
    }

    @Test
    void onRequest_returningSender_continuesItsCumulative() {
        RcccReceiver r = new RcccReceiver(SEED);
        r.onRequest(1, 5_000, 0);
        slice(r, 1);
        assertFalse(r.isActive(1));
        assertEquals(17_500, r.cumulativeGrantBytes(1));
        r.onRequest(1, 20_000, 5 * US);
        assertEquals(List.of(new CreditGrant(1, 12_500, 30_000)), slice(r, 6));
    }

    @Test
    void onSenderClosed_forgetsTheSender() {
        RcccReceiver r = new RcccReceiver(SEED);
        r.onRequest(1, HUGE, 0);
        slice(r, 1);
        r.onSenderClosed(1, US + 1);
        assertFalse(r.isActive(1));
        assertEquals(0, r.cumulativeGrantBytes(1));
        assertEquals(List.of(), slice(r, 2));
        r.onRequest(1, HUGE, 2 * US + 1); // a new context with the same id starts from the initial credit
        assertEquals(List.of(new CreditGrant(1, 12_500, 25_000)), slice(r, 3));
        r.onSenderClosed(42, 3 * US); // unknown ids are ignored
    }

    @Test
    void onTrimmed_owesTheTrimmedPacketsCreditThroughTheSlices() {
        RcccReceiver r = new RcccReceiver(SEED);
        r.onRequest(1, 0, 0); // all the sender's work fits in its initial credit
        r.onTrimmed(1, 4_150, 10);
        assertEquals(12_500, r.cumulativeGrantBytes(1), "not granted at once");
        assertTrue(r.isActive(1), "the sender is owed credit");
        assertEquals(4_150, r.outstandingBytes(1));
        assertEquals(List.of(new CreditGrant(1, 4_150, 16_650)), slice(r, 1));
        assertFalse(r.isActive(1), "paid: it leaves the table");
        // a later request does not overwrite what is owed: 4,150 B owed plus 20,000 B reported, paid owed first
        r.onRequest(1, 0, US + 1);
        r.onTrimmed(1, 4_150, US + 2);
        r.onRequest(1, 20_000, US + 3);
        r.onRequest(2, HUGE, US + 4);
        assertEquals(24_150, r.outstandingBytes(1));
        assertEquals(List.of(new CreditGrant(1, 6_250, 22_900), new CreditGrant(2, 6_250, 18_750)), slice(r, 2));
        assertEquals(17_900, r.outstandingBytes(1));
        assertEquals(10_400 + 6_250, r.grantedBytes(), "slice grants, the owed bytes among them");
    }

    private static final long PACKET = 4_150;
    private static final RcccParams TURNS = SEED.withTurns(PACKET, 0);

    @ParameterizedTest(name = "{0} backlogged senders, 4,150 B quantum -> {1} B each per 1 us slice")
    @CsvSource({
            "1, 12500",   // RCCC post: 12.5 GB/s x 1 us / 1
            "2, 6250"})   // RCCC post: each sender held to 50 Gb/s
    void onSlice_withQuantumSharesOfAPacketOrMore_areStillDividedInBytes(int senders, long expectedBytes) {
        RcccReceiver r = new RcccReceiver(TURNS);
        for (int id = 1; id <= senders; id++) {
            r.onRequest(id, HUGE, 0);
        }
        for (int k = 1; k <= 10; k++) {
            for (CreditGrant g : slice(r, k)) {
                assertEquals(expectedBytes, g.grantedBytes(), "slice " + k + ", sender " + g.senderCccId());
                assertEquals(12_500 + k * expectedBytes, g.cumulativeGrantBytes());
            }
        }
    }

    @Test
    void onSlice_withQuantum255Senders_grantAWholePacketToThreeSendersASliceInTurn() {
        // 12,500 B / 255 = 49 B a sender: in bytes, all 255 would reach their next packet in the same slice
        RcccReceiver r = new RcccReceiver(TURNS);
        for (int id = 1; id <= 255; id++) {
            r.onRequest(id, HUGE, 0);
        }
        assertEquals(List.of(new CreditGrant(1, PACKET, 16_650), new CreditGrant(2, PACKET, 16_650),
                new CreditGrant(3, PACKET, 16_650)), slice(r, 1));
        assertEquals(List.of(new CreditGrant(4, PACKET, 16_650), new CreditGrant(5, PACKET, 16_650),
                new CreditGrant(6, PACKET, 16_650)), slice(r, 2));
        long granted = 6 * PACKET;
        long servedFirstRound = 6;
        for (int k = 3; k <= 85; k++) {
            List<CreditGrant> grants = slice(r, k);
            assertTrue(grants.size() == 3 || grants.size() == 4, "slice " + k + ": " + grants.size() + " turns");
            for (CreditGrant g : grants) {
                assertEquals(PACKET, g.grantedBytes());
                servedFirstRound += g.cumulativeGrantBytes() == 16_650 ? 1 : 0;
            }
            granted += sum(grants);
            assertTrue(k * 12_500L - granted < PACKET, "slice " + k + ": at most a packet's worth held back");
        }
        assertEquals(255, servedFirstRound, "85 slices: every sender has had its turn once");
        assertEquals(granted, r.grantedBytes());
    }

    @Test
    void onSlice_withQuantumIdleTable_carriesNothingIntoTheNextBusyPeriod() {
        RcccReceiver r = new RcccReceiver(TURNS);
        for (int id = 1; id <= 10; id++) {
            r.onRequest(id, HUGE, 0);
        }
        assertEquals(3, slice(r, 1).size()); // 12,450 B granted, 50 B carried
        for (int id = 1; id <= 10; id++) {
            r.onRequest(id, 0, US + 1);
        }
        assertEquals(List.of(), slice(r, 2));
        for (int k = 3; k <= 170; k++) {
            for (int id = 1; id <= 10; id++) {
                r.onRequest(id, HUGE, (k - 1) * US + 1);
            }
            // with the carry kept, the 83rd busy slice would have had a fourth turn
            assertEquals(3, slice(r, k).size(), "slice " + k);
            for (int id = 1; id <= 10; id++) {
                r.onRequest(id, 0, k * US + 1);
            }
            assertEquals(List.of(), slice(r, ++k));
        }
    }

    @Test
    void onTrimmed_withQuantum_theOwedPacketIsPaidInTheSendersTurn() {
        RcccReceiver r = new RcccReceiver(TURNS);
        for (int id = 1; id <= 8; id++) {
            r.onRequest(id, id == 5 ? 0 : HUGE, 0); // sender 5 holds all the credit it needs
        }
        r.onTrimmed(5, PACKET, 10); // until one of its packets is trimmed
        assertEquals(List.of(1L, 2L, 3L), slice(r, 1).stream().map(CreditGrant::senderCccId).toList());
        List<CreditGrant> second = slice(r, 2);
        assertEquals(List.of(4L, 5L, 6L), second.stream().map(CreditGrant::senderCccId).toList());
        assertEquals(new CreditGrant(5, PACKET, 16_650), second.get(1));
        assertFalse(r.isActive(5), "paid: it leaves the table");
    }

    @Test
    void onSlice_withQuantumRequestOrderWithinSlice_doesNotChangeGrants() {
        long[][] orders = {{1, 2, 3, 4, 5, 6}, {6, 5, 4, 3, 2, 1}, {3, 1, 6, 4, 2, 5}};
        List<List<CreditGrant>> reference = null;
        for (long[] order : orders) {
            RcccReceiver r = new RcccReceiver(TURNS);
            List<List<CreditGrant>> run = new ArrayList<>();
            for (int k = 1; k <= 300; k++) {
                for (long id : order) {
                    r.onRequest(id, (id * 7_919 + k * 104_729) % 20_000, k * US - 1);
                }
                run.add(slice(r, k));
            }
            if (reference == null) {
                reference = run;
            } else {
                assertEquals(reference, run, "arrival order " + java.util.Arrays.toString(order));
            }
        }
    }

    @Test
    void onTrimmed_unknownSenderOrNoBytes_isRejected() {
        RcccReceiver r = new RcccReceiver(SEED);
        assertThrows(IllegalStateException.class, () -> r.onTrimmed(1, 4_150, 0));
        r.onRequest(1, 0, 0);
        assertThrows(IllegalArgumentException.class, () -> r.onTrimmed(1, 0, 0));
        assertEquals(12_500, r.cumulativeGrantBytes(1));
    }

    @Test
    void cumulativeGrantBytes_unknownSender_isZero() {
        RcccReceiver r = new RcccReceiver(SEED);
        assertEquals(0, r.cumulativeGrantBytes(0xA1));
        assertEquals(0, r.outstandingBytes(0xA1));
        assertFalse(r.isActive(0xA1));
    }

    @Test
    void onRequest_negativeTarget_isRejected() {
        RcccReceiver r = new RcccReceiver(SEED);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> r.onRequest(1, -1, 0));
        assertTrue(e.getMessage().startsWith("creditTargetBytes"), e.getMessage());
    }

    @Test
    void onSlice_timeGoingBackwards_isRejected() {
        RcccReceiver r = new RcccReceiver(SEED);
        r.onRequest(1, HUGE, 5 * US);
        assertThrows(IllegalArgumentException.class, () -> r.onSlice(4 * US));
        r.onSlice(5 * US);
        assertThrows(IllegalArgumentException.class, () -> r.onRequest(1, HUGE, 5 * US - 1));
    }

    @Test
    void constructor_nullParams_isRejected() {
        assertThrows(IllegalArgumentException.class, () -> new RcccReceiver(null));
    }
}
