package io.fabricemu.cluster.wire;

import io.fabricemu.actor.ShardActor.PeerBatch;
import io.fabricemu.engine.Event;
import io.fabricemu.engine.Signal;
import io.fabricemu.engine.WindowState;
import io.fabricemu.net.Arrival;
import io.fabricemu.net.DeliveryMode;
import io.fabricemu.net.OnWire;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketBuilder;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.PdsAck;
import io.fabricemu.net.PdsRequest;
import io.fabricemu.net.PfcFrame;
import io.fabricemu.net.PfcOnWire;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Packet batches shaped like a UET run's cut links on a 1,024-host fabric: 40% data packets with PDS request
 * headers on the wire, 25% ACK_CCs with PDS ACK headers on the wire, 25% data arrivals, 10% PFC frames, at times
 * within a microsecond after the window's end, sorted as a shard sends them.
 */
final class RealisticBatches {
    static final long WINDOW_END_PS = 5_000_000_000L;
    private static final WindowState LAST = new WindowState(123_456_789L, 3, -1, null);

    private RealisticBatches() {
    }

    /** {@code size} events of a window ending at {@link #WINDOW_END_PS}, drawn from {@code random}. */
    static PeerBatch of(int size, SplittableRandom random) {
        List<Event> events = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            long atPs = WINDOW_END_PS + random.nextLong(1_000_000);
            int flow = random.nextInt(4_096);
            int host = random.nextInt(1_024);
            long psn = 1_000 + random.nextInt(200_000);
            int draw = random.nextInt(100);
            Signal signal;
            if (draw < 40) {
                signal = new OnWire(data(flow, host, psn, atPs, random), atPs - 330_000, atPs - 1_000);
            } else if (draw < 65) {
                Packet ack = PacketBuilder.of(PacketKind.ACK, flow, host, random.nextInt(1_024)).sizeBytes(64)
                        .trafficClass(6).entropy(random.nextInt()).psn(psn).timestampPs(atPs - 12_000_000)
                        .header(new PdsAck(psn - random.nextInt(8), 1 + flow, psn * 4_096, random.nextInt(900_000), 0,
                                false, random.nextInt(8), -1))
                        .build();
                signal = new OnWire(ack, atPs - 5_120, atPs - 1_000);
            } else if (draw < 90) {
                signal = new Arrival(data(flow, host, psn, atPs, random), atPs, atPs + 327_680);
            } else {
                signal = new PfcOnWire(PfcFrame.of(3, random.nextBoolean() ? 0xFFFF : 0), atPs - 5_120);
            }
            events.add(new Event(atPs, 40_000 + random.nextInt(12_288), random.nextLong(2_000_000),
                    40_000 + random.nextInt(12_288), signal));
        }
        events.sort(Event::compareKey);
        return new PeerBatch(3, WINDOW_END_PS, events, LAST);
    }

    private static Packet data(int flow, int host, long psn, long atPs, SplittableRandom random) {
        PdsRequest pds = new PdsRequest(flow, false, 1 + flow, -1, DeliveryMode.RUD);
        return PacketBuilder.data(flow, host, random.nextInt(1_024)).sizeBytes(4_160).payloadBytes(4_096)
                .trafficClass(2).entropy(random.nextInt()).psn(psn).timestampPs(atPs - random.nextLong(20_000_000)).header(pds).build();
    }
}
