package io.fabricemu.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EcmpTest {
    private static Packet packet(int flowId, int src, int dst, int entropy) {
        return PacketBuilder.data(flowId, src, dst).sizeBytes(4150).payloadBytes(4086).entropy(entropy).psn(7).build();
    }

    @Test
    void select_isStableForTheSameFields() {
        // Pinned values: a change here changes every path in every scenario, and so every digest.
        assertEquals(2, Ecmp.select(packet(3, 10, 20, 0xBEEF), 12345L, 4));
        assertEquals(3, Ecmp.select(packet(4, 11, 21, 0x1234), 999L, 8));
        int first = Ecmp.select(packet(9, 1, 2, 77), 5L, 16);
        for (int i = 0; i < 100; i++) {
            assertEquals(first, Ecmp.select(packet(9, 1, 2, 77), 5L, 16));
        }
    }

    @Test
    void select_ignoresFieldsOutsideTheTupleAndEntropy() {
        Packet a = packet(3, 10, 20, 5);
        Packet b = PacketBuilder.of(PacketKind.ACK, 3, 10, 20).sizeBytes(64).trafficClass(1).entropy(5).psn(999)
                .timestampPs(12345).flags(Packet.FLAG_ECN_ECHO).build();
        assertEquals(Ecmp.select(a, 1, 8), Ecmp.select(b, 1, 8));
    }

    @Test
    void select_spreadsEntropyValuesEvenly() {
        int members = 8;
        int draws = 80_000;
        int[] counts = new int[members];
        for (int ev = 0; ev < draws; ev++) {
            counts[Ecmp.select(packet(1, 2, 3, ev), 42L, members)]++;
        }
        double expected = draws / (double) members;
        double chi2 = 0;
        for (int c : counts) {
            chi2 += (c - expected) * (c - expected) / expected;
        }
        // 7 degrees of freedom: P(chi2 > 24.3) = 0.001.
        assertTrue(chi2 < 24.3, "chi-square " + chi2);
    }

    @Test
    void select_differentSaltsDecorrelateTiers() {
        int same = 0;
        for (int ev = 0; ev < 1000; ev++) {
            if (Ecmp.select(packet(1, 2, 3, ev), 1L, 4) == Ecmp.select(packet(1, 2, 3, ev), 2L, 4)) {
                same++;
            }
        }
        assertNotEquals(1000, same);
        assertTrue(same > 150 && same < 350, "agreement should be near 1/4, was " + same + "/1000");
    }
}
