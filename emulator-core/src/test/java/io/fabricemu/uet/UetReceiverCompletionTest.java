package io.fabricemu.uet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.fabricemu.engine.Event;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.RecordingContext;
import io.fabricemu.host.CommonTransport;
import io.fabricemu.host.LateReply;
import io.fabricemu.host.NicActions;
import io.fabricemu.host.NicFlow;
import io.fabricemu.host.NicSetup;
import io.fabricemu.lb.LoadBalancing;
import io.fabricemu.net.DeliveryMode;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketBuilder;
import io.fabricemu.net.PdsAck;
import io.fabricemu.net.PdsRequest;
import io.fabricemu.stats.FlowReceiverStats;
import io.fabricemu.time.Ps;
import io.fabricemu.uet.cc.NsccCompanions;
import io.fabricemu.uet.cc.NsccLoop;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * When a flow into a {@link UetReceiver} finishes: the time its last byte is committed to memory, not the time
 * it reached the NIC, when the receiver models memory; the time it reached the NIC when it does not.
 *
 * <p>Host 2 sends flow 1 (three packets of 4,096 B payload, 54 B header) to host 3, whose NIC runs at
 * 100 Gb/s: the packets' last bits arrive back to back, 332,000 ps apart, at 1,000,000, 1,332,000 and
 * 1,664,000 ps. The memory writes at 50 Gb/s: a 4,096 B write takes 4,096 x 8 / 50 Gb/s = 655,360 ps.
 */
class UetReceiverCompletionTest {
    private static final long RATE_BPS = 100_000_000_000L;
    private static final int HEADER_BYTES = 54;
    private static final int PAYLOAD_BYTES = 4_096;
    private static final long WIRE_SER_PS = 332_000;
    private static final long WRITE_PS = 655_360;
    private static final int SENDER = 2;
    private static final int RECEIVER = 3;
    private static final int FLOW = 1;
    private static final int ENTROPY = 7;
    private static final long CCC = (2L << 24) | 1;
    private static final long FIRST_ARRIVAL_PS = 1_000_000;

    @ParameterizedTest
    @EnumSource(DeliveryMode.class)
    void withMemory_finishesWhenTheLastByteIsCommitted(DeliveryMode mode) {
        Target target = new Target(new MemoryParams(50_000_000_000L, 64 * 1024, 32 * 1024), mode,
                AckPolicy.EVERY_PACKET);
        target.receiveThreePackets(false);
        // PSN 0's write runs from its arrival, 1,000,000, to 1,655,360; PSN 1's from then to 2,310,720; PSN 2's
        // from then to 2,966,080. The last byte reached the NIC at t = 1,664,000 and the backlog in front of it
        // took d = 646,720 (the rest of PSN 1's write) + 655,360 (its own) = 1,302,080 more: t + d = 2,966,080.
        long lastArrivalPs = FIRST_ARRIVAL_PS + 2 * WIRE_SER_PS;
        assertEquals(1_664_000, lastArrivalPs);
        long lastCommitPs = FIRST_ARRIVAL_PS + 3 * WRITE_PS;
        assertEquals(lastArrivalPs + 1_302_080, lastCommitPs);

        target.runUntil(lastCommitPs - 1);
        assertEquals(new FlowReceiverStats(FLOW, 2L * PAYLOAD_BYTES, -1, 0), target.report(),
                "one picosecond before the last write commits, two packets are in memory and the flow is open");
        target.runUntil(lastCommitPs);
        assertEquals(new FlowReceiverStats(FLOW, 3L * PAYLOAD_BYTES, lastCommitPs, 0), target.report());

        // Each ACK_CC leaves as its write commits and carries rx-to-response as its service time.
        assertEquals(List.of(FIRST_ARRIVAL_PS + WRITE_PS, FIRST_ARRIVAL_PS + 2 * WRITE_PS, lastCommitPs),
                target.ackSentPs);
        assertEquals(List.of(WRITE_PS, 2 * WRITE_PS - WIRE_SER_PS, 3 * WRITE_PS - 2 * WIRE_SER_PS),
                target.acks.stream().map(PdsAck::serviceTimePs).toList());
        assertEquals(List.of(1L * PAYLOAD_BYTES, 2L * PAYLOAD_BYTES, 3L * PAYLOAD_BYTES),
                target.acks.stream().map(PdsAck::rcvdBytes).toList());
    }

    @ParameterizedTest
    @EnumSource(DeliveryMode.class)
    void coalesced_theFirstAndTheRequestingLastAreAcknowledgedAsTheyCommit(DeliveryMode mode) {
        // The reference coalescing: PSN 0 is the flow's first, answered when it commits; PSN 1 (4,150 B since)
        // waits; PSN 2 carries AR, as a sender's last packet does, and is answered when it commits, for both.
        Target target = new Target(new MemoryParams(50_000_000_000L, 64 * 1024, 32 * 1024), mode,
                AckPolicy.REFERENCE);
        target.receiveThreePackets(true);
        target.runUntil(FIRST_ARRIVAL_PS + 3 * WRITE_PS);
        assertEquals(List.of(FIRST_ARRIVAL_PS + WRITE_PS, FIRST_ARRIVAL_PS + 3 * WRITE_PS), target.ackSentPs);
        assertEquals(List.of(1L * PAYLOAD_BYTES, 3L * PAYLOAD_BYTES),
                target.acks.stream().map(PdsAck::rcvdBytes).toList());
        assertEquals(List.of(WRITE_PS, 3 * WRITE_PS - 2 * WIRE_SER_PS),
                target.acks.stream().map(PdsAck::serviceTimePs).toList());
    }

    @ParameterizedTest
    @EnumSource(DeliveryMode.class)
    void withoutMemory_finishesWhenTheLastByteArrives(DeliveryMode mode) {
        Target target = new Target(null, mode, AckPolicy.EVERY_PACKET);
        target.receiveThreePackets(false);
        assertEquals(new FlowReceiverStats(FLOW, 3L * PAYLOAD_BYTES, FIRST_ARRIVAL_PS + 2 * WIRE_SER_PS, 0),
                target.report());
        assertEquals(List.of(0L, 0L, 0L), target.acks.stream().map(PdsAck::serviceTimePs).toList());
    }

    /**
     * Host 3's target side, driven by hand: its own wake-ups (memory writes committing, in the order they were
     * scheduled, which is time order) run as the clock passes them, and its replies are built as they are queued.
     */
    private static final class Target implements NicActions {
        private final UetReceiver receiver;
        private final DeliveryMode mode;
        private final RecordingContext ctx = new RecordingContext();
        private int wakesRun;
        final List<Long> ackSentPs = new ArrayList<>();
        final List<PdsAck> acks = new ArrayList<>();

        Target(MemoryParams memory, DeliveryMode mode, AckPolicy acks) {
            this.mode = mode;
            UetPlan plan = new UetPlan(true, false, 6 * Ps.PER_US, 0, false, Ps.PER_US, 0, LoadBalancing.ECMP,
                    memory, host -> RATE_BPS, mode, NsccCompanions.OFF, NsccLoop.REFERENCE, acks);
            NicSetup setup = new NicSetup(RECEIVER, "h3:nic", 100, RATE_BPS, 250_000, List.of(),
                    List.of(new NicFlow(FLOW, SENDER, 3L * PAYLOAD_BYTES, 0, ENTROPY)),
                    new CommonTransport(HEADER_BYTES, PAYLOAD_BYTES, 20 * Ps.PER_US, 0, 1));
            this.receiver = new UetReceiver(setup, plan, this);
        }

        /** Three packets as above; {@code lastAsks}: the last carries AR. */
        void receiveThreePackets(boolean lastAsks) {
            for (int psn = 0; psn < 3; psn++) {
                long arrivalPs = FIRST_ARRIVAL_PS + psn * WIRE_SER_PS;
                runUntil(arrivalPs - 1);
                ctx.nowPs = arrivalPs;
                PdsRequest request = new PdsRequest(CCC, psn == 0, psn == 0 ? 0 : 1, -1, mode, lastAsks && psn == 2);
                receiver.onData(PacketBuilder.data(FLOW, SENDER, RECEIVER).sizeBytes(PAYLOAD_BYTES + HEADER_BYTES)
                        .payloadBytes(PAYLOAD_BYTES).entropy(ENTROPY).psn(psn).timestampPs(arrivalPs - 5 * WIRE_SER_PS)
                        .header(request).build(), ctx);
            }
        }

        /** Runs every wake-up due at or before {@code endPs}. */
        void runUntil(long endPs) {
            while (wakesRun < ctx.scheduled.size() && ctx.scheduled.get(wakesRun).timePs() <= endPs) {
                Event wake = ctx.scheduled.get(wakesRun++);
                assertEquals(UetReceiver.COMMIT_WAKE, wake.signal(), "NSCC only: no RCCC slice");
                ctx.nowPs = wake.timePs();
                receiver.onCommitWake(ctx);
            }
            ctx.nowPs = Math.max(ctx.nowPs, endPs);
        }

        FlowReceiverStats report() {
            List<FlowReceiverStats> into = new ArrayList<>();
            receiver.report(into);
            assertEquals(1, into.size());
            return into.get(0);
        }

        @Override
        public void delivered(int flowId) {
            // the completion test reads the receiver's report instead
        }

        @Override
        public void reply(Packet p) {
            throw new AssertionError("no NACK expected: " + p);
        }

        @Override
        public void reply(LateReply r) {
            ackSentPs.add(ctx.nowPs);
            acks.add(assertInstanceOf(PdsAck.class, r.build(ctx.nowPs).header()));
        }

        @Override
        public void request(Packet p) {
            throw new AssertionError("the target side sends no request");
        }

        @Override
        public void completed(int i, EventContext ctx) {
            throw new AssertionError("the target side completes no flow");
        }

        @Override
        public void failed(int i) {
            throw new AssertionError("the target side fails no flow");
        }
    }
}
