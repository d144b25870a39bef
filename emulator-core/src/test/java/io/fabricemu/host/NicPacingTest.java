package io.fabricemu.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabricemu.engine.Event;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.RecordingContext;
import io.fabricemu.engine.SampleSink;
import io.fabricemu.net.Arrival;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketBuilder;
import io.fabricemu.net.PacketKind;
import io.fabricemu.stats.FlowReceiverStats;
import io.fabricemu.stats.FlowSenderStats;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The skeleton's pacing wake-ups: one pending for the earliest time a held flow may send, and a wake-up that
 * fires before the time pending then (made obsolete by an earlier one) leaves that time pending, so that no
 * second wake-up is scheduled for it.
 */
class NicPacingTest {
    private static final CommonTransport TRANSPORT = new CommonTransport(64, 4086, 1_000_000_000L, 0, 1);

    /** One outgoing flow that never sends: pacing holds it until {@link #heldUntilPs}. */
    private static final class HeldFlow implements NicProtocol {
        long heldUntilPs;

        @Override
        public void start(int i, long nowPs) {
        }

        @Override
        public void onArrival(Packet p, EventContext ctx) {
        }

        @Override
        public long nextPsn(int i, long nowPs) {
            return -1;
        }

        @Override
        public long heldUntilPs(int i, long nowPs) {
            return heldUntilPs;
        }

        @Override
        public Packet send(int i, long psn, long nowPs) {
            throw new AssertionError("a held flow sends nothing");
        }

        @Override
        public long timerDeadlinePs(int i, long nowPs) {
            throw new AssertionError("a held flow sends nothing");
        }

        @Override
        public long onTimer(int i, long nowPs) {
            throw new AssertionError("a held flow arms no timer");
        }

        @Override
        public void sample(SampleSink sink) {
        }

        @Override
        public void report(List<FlowSenderStats> sent, List<FlowReceiverStats> received) {
        }
    }

    private static final class TestNic extends Nic {
        TestNic(NicProtocol protocol) {
            super(new NicSetup(0, "h0:nic", 100, 100_000_000_000L, 250_000, List.of(new NicFlow(1, 5, 1 << 20, 0, 7)),
                    List.of(), TRANSPORT), nic -> protocol);
        }
    }

    private static List<Long> wakeUpsPs(RecordingContext ctx) {
        return ctx.scheduled.stream().filter(e -> e.signal() == Nic.PacingWake.INSTANCE).map(Event::timePs).toList();
    }

    @Test
    void wakeUpBeforeThePendingTime_keepsItPending_noSecondWakeUp() {
        HeldFlow flow = new HeldFlow();
        TestNic nic = new TestNic(flow);
        RecordingContext ctx = new RecordingContext();
        nic.start(ctx);
        flow.heldUntilPs = 100;
        nic.onEvent(ctx.scheduled.get(0).signal(), ctx); // the flow starts at 0, held until 100
        assertEquals(List.of(100L), wakeUpsPs(ctx));

        ctx.nowPs = 10;
        flow.heldUntilPs = 50;
        nic.onEvent(new Arrival(PacketBuilder.of(PacketKind.ACK, 1, 5, 0).sizeBytes(64).trafficClass(1)
                .entropy(7).build(), 0, 10), ctx);
        assertEquals(List.of(100L, 50L), wakeUpsPs(ctx), "an earlier need schedules an earlier wake-up");

        ctx.nowPs = 50;
        flow.heldUntilPs = 200;
        nic.onEvent(Nic.PacingWake.INSTANCE, ctx);
        assertEquals(List.of(100L, 50L, 200L), wakeUpsPs(ctx), "the wake-up at 50 was the pending one");

        ctx.nowPs = 100;
        nic.onEvent(Nic.PacingWake.INSTANCE, ctx);
        assertEquals(List.of(100L, 50L, 200L), wakeUpsPs(ctx),
                "the obsolete wake-up at 100 must not forget the one pending at 200");

        ctx.nowPs = 200;
        flow.heldUntilPs = 300;
        nic.onEvent(Nic.PacingWake.INSTANCE, ctx);
        assertEquals(List.of(100L, 50L, 200L, 300L), wakeUpsPs(ctx), "the wake-up at 200 was the pending one");
    }
}
