package io.fabricemu.lb;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A toy fabric: 8 equal-cost paths, a packet with EV {@code e} takes path {@code e mod 8}, and path 3 is
 * congested, so every packet sent on it comes back {@link Feedback#ACKED_ECN} and every other packet
 * {@link Feedback#ACKED_CLEAN}. The connection keeps 32 packets in flight: each packet's feedback arrives
 * just before the packet 32 sends later is chosen. After a warm-up of 2,048 packets we count how many of
 * the next 16,384 go to path 3.
 *
 * <p>Bounds, derived for this model:
 * <ul>
 *   <li><b>ObliviousSpray</b> sends each packet to path 3 with probability 1/8: Binomial(16384, 1/8), mean
 *       2,048, standard deviation 42.3, so at least 2,048 - 4.89 x 42.3 = 1,841 (fails with probability
 *       below 1e-6).</li>
 *   <li><b>Reps</b>: one acknowledgement arrives per send, so the FIFO never holds more than the one EV just
 *       acknowledged. A packet gets a fresh EV only when the acknowledgement before it was ECN-marked, that
 *       is when the packet 32 earlier was on path 3, and a fresh EV is on path 3 with probability 1/8. So
 *       P(path 3) shrinks by 8x per window: after the 64 warm-up windows it is 8^-65 per packet, and the
 *       expected count is below 1e-55. We allow 1% of the packets (163), far below 1,841.</li>
 *   <li><b>PenaltyBitmap</b> (defaults: 256 consecutive EVs, so exactly 32 per path, ECN penalty 1 pass):
 *       a path-3 EV's ECN arrives 32 packets after it is used, long before the cursor comes back, so it is
 *       skipped on the next pass and used on the one after. Two passes carry 256 + 224 = 480 packets of
 *       which 32 are on path 3: a share of 1/15, 1,092 of 16,384. Allowing two passes' worth of edge effect
 *       (+64): at most 1,156, which is below Oblivious's 1,841. The default ECN penalty only halves the
 *       congested path's share; a NACK or timeout penalty (4 or 15 passes) would cut it further.</li>
 * </ul>
 */
class CongestedPathTest {
    private static final int PATHS = 8;
    private static final int CONGESTED_PATH = 3;
    private static final int IN_FLIGHT_PACKETS = 32;
    private static final int WARMUP_PACKETS = 2_048;
    private static final int MEASURED_PACKETS = 16_384;
    /** One 4 KB packet at 400 Gb/s, so the balancers see a plausible virtual clock. */
    private static final long PACKET_TIME_PS = 82_000;

    private static final int OBLIVIOUS_MIN = 1_841;
    private static final int REPS_MAX = MEASURED_PACKETS / 100;
    private static final int BITMAP_MAX = MEASURED_PACKETS / 15 + 64;

    private static int path(int entropy) {
        return entropy % PATHS;
    }

    /** Packets sent on the congested path among the measured ones. */
    private static int congestedPackets(LoadBalancer lb) {
        ArrayDeque<Integer> inFlight = new ArrayDeque<>();
        int congested = 0;
        for (int i = 0; i < WARMUP_PACKETS + MEASURED_PACKETS; i++) {
            long nowPs = i * PACKET_TIME_PS;
            if (inFlight.size() == IN_FLIGHT_PACKETS) {
                int acked = inFlight.removeFirst();
                lb.onFeedback(acked, path(acked) == CONGESTED_PATH ? Feedback.ACKED_ECN : Feedback.ACKED_CLEAN, nowPs);
            }
            int entropy = lb.nextEntropy(nowPs);
            inFlight.addLast(entropy);
            if (i >= WARMUP_PACKETS && path(entropy) == CONGESTED_PATH) {
                congested++;
            }
        }
        return congested;
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void congestedPath_obliviousSpray_keepsSendingItsShare(long seed) {
        int congested = congestedPackets(new ObliviousSpray(new SplittableRandom(seed)));
        assertTrue(congested >= OBLIVIOUS_MIN, "oblivious sent " + congested + " on the congested path");
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void congestedPath_reps_sendsMarkedlyLessThanObliviousSpray(long seed) {
        int reps = congestedPackets(Reps.create(Reps.Params.defaults(), new SplittableRandom(seed)));
        int oblivious = congestedPackets(new ObliviousSpray(new SplittableRandom(seed)));
        assertTrue(reps <= REPS_MAX, "reps sent " + reps + " on the congested path");
        assertTrue(oblivious >= OBLIVIOUS_MIN, "oblivious sent " + oblivious);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void congestedPath_penaltyBitmap_sendsMarkedlyLessThanObliviousSpray(long seed) {
        int bitmap = congestedPackets(PenaltyBitmap.create(PenaltyBitmap.Params.defaults(), new SplittableRandom(seed)));
        int oblivious = congestedPackets(new ObliviousSpray(new SplittableRandom(seed)));
        assertTrue(bitmap <= BITMAP_MAX, "bitmap sent " + bitmap + " on the congested path");
        assertTrue(oblivious >= OBLIVIOUS_MIN, "oblivious sent " + oblivious);
        assertTrue(bitmap < oblivious, "bitmap " + bitmap + " vs oblivious " + oblivious);
    }
}
