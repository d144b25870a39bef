package io.fabricemu.uet.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Senders and a receiver wired back to back in integer fixed-step time: one step is one credit slice.
 * Within step {@code k} (at {@code k x slice} ps): grants due now reach their senders, each sender sends
 * whole packets while its credit allows (every packet carries a request with the sender's credit target,
 * delivered {@code requestDelaySlices} later), the requests due now reach the receiver, and the receiver
 * runs its slice, whose grants arrive {@code grantDelaySlices} later.
 */
class RcccClosedLoopTest {
    private static final long GBPS_100 = 100_000_000_000L;
    private static final RcccParams SEED = RcccParams.withDefaults(GBPS_100);
    private static final long MTU_BYTES = 4_096;
    private static final long SLICE_BYTES = 12_500; // 100 Gb/s x 1 us
    private static final long WRITE_BYTES = 256_000_000L; // the RCCC post's 256 MB write

    private interface Scheduled {
        long dueStep();
    }

    private record Request(long dueStep, long senderId, long targetBytes) implements Scheduled {
    }

    private record Delivery(long dueStep, long senderId, long cumulativeBytes) implements Scheduled {
    }

    private static final class Loop {
        final RcccReceiver receiver;
        final CreditSender[] senders;
        final long[] sentPerStep;
        final int requestDelaySlices;
        final int grantDelaySlices;
        final List<Request> requests = new ArrayList<>();
        final List<Delivery> deliveries = new ArrayList<>();
        long step;
        long lastStepSentBytes;
        long lastStepGrantedBytes;

        Loop(long[] writeBytes, int requestDelaySlices, int grantDelaySlices) {
            this(SEED, writeBytes, requestDelaySlices, grantDelaySlices);
        }

        Loop(RcccParams params, long[] writeBytes, int requestDelaySlices, int grantDelaySlices) {
            this.receiver = new RcccReceiver(params);
            this.senders = new CreditSender[writeBytes.length];
            this.sentPerStep = new long[writeBytes.length];
            for (int i = 0; i < writeBytes.length; i++) {
                senders[i] = CreditSender.create(params);
                senders[i].enqueue(writeBytes[i]);
            }
            this.requestDelaySlices = requestDelaySlices;
            this.grantDelaySlices = grantDelaySlices;
        }

        void step() {
            long nowPs = step * SEED.sliceLengthPs();
            for (Delivery d : dueAndRemove(deliveries, step)) {
                senders[(int) d.senderId()].onGrant(d.cumulativeBytes());
            }
            lastStepSentBytes = 0;
            for (int i = 0; i < senders.length; i++) {
                CreditSender s = senders[i];
                sentPerStep[i] = 0;
                while (s.backlogBytes() > 0 && s.canSend(Math.min(MTU_BYTES, s.backlogBytes()))) {
                    long packet = Math.min(MTU_BYTES, s.backlogBytes());
                    s.onSent(packet);
                    sentPerStep[i] += packet;
                    requests.add(new Request(step + requestDelaySlices, i, s.creditTargetBytes()));
                }
                lastStepSentBytes += sentPerStep[i];
            }
            for (Request q : dueAndRemove(requests, step)) {
                receiver.onRequest(q.senderId(), q.targetBytes(), nowPs);
            }
            lastStepGrantedBytes = 0;
            for (CreditGrant g : receiver.onSlice(nowPs)) {
                deliveries.add(new Delivery(step + grantDelaySlices, g.senderCccId(), g.cumulativeGrantBytes()));
                lastStepGrantedBytes += g.grantedBytes();
            }
            step++;
        }

        boolean done() {
            for (CreditSender s : senders) {
                if (s.backlogBytes() > 0) {
                    return false;
                }
            }
            return true;
        }

        /** Removes and returns, in the order they were sent, the messages that arrive at {@code step}. */
        private static <T extends Scheduled> List<T> dueAndRemove(List<T> pending, long step) {
            List<T> due = new ArrayList<>();
            pending.removeIf(x -> {
                if (x.dueStep() == step) {
                    due.add(x);
                    return true;
                }
                return false;
            });
            return due;
        }
    }

    @Test
    void twoBackloggedSenders_from0WithTwoSliceRoundTrip_get50GbpsEachWithin2Percent() {
        // Request and grant each take one slice: the 12,500 B initial credit covers the first round trip
        // (two slices of 6,250 B), so the rate holds from time zero.
        assertRates(new Loop(new long[] {WRITE_BYTES, WRITE_BYTES}, 1, 1), 0);
    }

    @ParameterizedTest(name = "request delay {0}, grant delay {1} slices")
    @CsvSource({
            "0, 1",
            "1, 1",
            "2, 3",
            "3, 3"})   // the blog's 6 us base RTT in 1 us slices
    void twoBackloggedSenders_afterFirstRoundTrip_get50GbpsEachWithin2Percent(int requestDelay, int grantDelay) {
        // With a longer round trip the small initial credit deliberately does not cover it (RCCC post: "a
        // safe, conservative fraction of the total BDP"), so measure once the first grants have arrived.
        assertRates(new Loop(new long[] {WRITE_BYTES, WRITE_BYTES}, requestDelay, grantDelay), requestDelay + grantDelay);
    }

    /** Runs {@code warmupSlices}, then checks each sender's rate over the next 100 slices. */
    private static void assertRates(Loop loop, int warmupSlices) {
        for (int k = 0; k < warmupSlices; k++) {
            loop.step();
        }
        long[] sent = new long[2];
        for (int k = 0; k < 100; k++) {
            loop.step();
            sent[0] += loop.sentPerStep[0];
            sent[1] += loop.sentPerStep[1];
        }
        long durationPs = 100 * SEED.sliceLengthPs();
        for (int i = 0; i < 2; i++) {
            double rateBps = sent[i] * 8.0 * 1e12 / durationPs;
            assertEquals(50e9, rateBps, 0.02 * 50e9, "sender " + i + " sent " + sent[i] + " B");
        }
    }

    @Test
    void twoBackloggedSenders_lastHopNeverGetsMoreThanItsRatePlusInitialCredit() {
        Loop loop = new Loop(new long[] {WRITE_BYTES, WRITE_BYTES}, 1, 1);
        long sent = 0;
        for (int k = 1; k <= 1_000; k++) {
            loop.step();
            sent += loop.lastStepSentBytes;
            // what arrives at the last hop by the end of slice k never exceeds k slices of the receiver's
            // link plus the two pre-provisioned bursts
            assertTrue(sent <= k * SLICE_BYTES + 2 * SEED.initialCreditBytes(), "slice " + k + ": " + sent + " B");
            if (k >= 2) {
                // once both senders are in the table, every slice's supply is granted in full
                assertEquals(SLICE_BYTES, loop.lastStepGrantedBytes, "slice " + k);
            }
        }
        // and nothing is lost either: 1,000 slices of supply, give or take the first slice (granted before
        // any request arrived, made up for by the initial credits) and a packet's worth left per sender
        assertEquals(1_000 * SLICE_BYTES, sent, 2 * MTU_BYTES + 2 * SLICE_BYTES, "aggregate over 1,000 slices");
    }

    @ParameterizedTest(name = "request delay {0}, grant delay {1} slices")
    @CsvSource({"0, 1", "1, 1", "2, 3"})
    void shortAndLongTransfer_shortFinishesAndLongThenGetsTheWholeLink(int requestDelay, int grantDelay) {
        long shortBytes = 200_000;
        long longBytes = 2_000_000;
        Loop loop = new Loop(new long[] {shortBytes, longBytes}, requestDelay, grantDelay);
        int steps = 0;
        while (!loop.done() && steps < 10_000) {
            loop.step();
            steps++;
        }
        assertTrue(loop.done(), "both transfers finished");
        int finishedAfter = steps;
        while (!loop.requests.isEmpty()) {
            loop.step(); // let the last requests, with their zero targets, reach the receiver
        }
        assertEquals(shortBytes, loop.senders[0].sentBytes());
        assertEquals(longBytes, loop.senders[1].sentBytes());
        // The short sender's last target left before the grants then in flight arrived: the receiver can
        // over-grant it by at most those slices' grants, never by more.
        long overGrant = loop.receiver.cumulativeGrantBytes(0) - shortBytes;
        assertTrue(overGrant >= 0, "the short sender got all the credit it needed");
        assertTrue(overGrant <= (long) (requestDelay + grantDelay - 1) * SLICE_BYTES, "over-grant " + overGrant + " B");
        // The whole transfer takes the link's time for all bytes, plus the start-up round trip and the
        // slices' worth of credit wasted on the over-grant, plus the last partial slice.
        long linkSlices = (shortBytes + longBytes - 2 * SEED.initialCreditBytes() + SLICE_BYTES - 1) / SLICE_BYTES;
        long bound = linkSlices + requestDelay + grantDelay + (requestDelay + grantDelay - 1) + 1;
        assertTrue(finishedAfter <= bound, finishedAfter + " slices, bound " + bound);
        assertEquals(0, loop.receiver.activeSenders());
    }

    @Test
    void incast255to1_inWholePacketTurns_keepsTheLastHopToItsRateAndFinishesNearIdeal() {
        // 255 senders of 100 KB, a 6 us round trip. Divided in bytes, each slice gives every sender 49 B: all
        // of them complete their next packet in the same slice and send it together, 255 packets (1 MB) in one
        // slice of a link that carries 12.5 KB. In whole-packet turns three or four senders a slice get a packet.
        long[] writes = new long[255];
        java.util.Arrays.fill(writes, 100_000);
        Loop bytes = new Loop(SEED, writes, 3, 3);
        Loop turns = new Loop(SEED.withTurns(MTU_BYTES, 0), writes, 3, 3);
        long bytesPeak = 0;
        long turnsPeak = 0;
        int turnsDoneAt = -1;
        for (int k = 0; k < 3_000 && (turnsDoneAt < 0 || !bytes.done()); k++) {
            bytes.step();
            turns.step();
            if (k > 0) { // slice 0 sends every sender's pre-provisioned credit, before any grant
                bytesPeak = Math.max(bytesPeak, bytes.lastStepSentBytes);
                turnsPeak = Math.max(turnsPeak, turns.lastStepSentBytes);
            }
            if (turnsDoneAt < 0 && turns.done()) {
                turnsDoneAt = k;
            }
        }
        assertTrue(bytesPeak >= 200 * MTU_BYTES, "in bytes, a slice sees " + bytesPeak + " B: the bursts");
        assertTrue(turnsPeak <= SLICE_BYTES + MTU_BYTES, "in turns, at most " + turnsPeak + " B a slice");
        // the link's time for what the initial credit did not cover, plus the round trip and a slice
        long idealSlices = (255 * (100_000 - SEED.initialCreditBytes()) + SLICE_BYTES - 1) / SLICE_BYTES;
        assertTrue(turnsDoneAt >= 0 && turnsDoneAt <= idealSlices + 3 + 3 + 1,
                "done after " + turnsDoneAt + " slices, ideal " + idealSlices);
    }
}
