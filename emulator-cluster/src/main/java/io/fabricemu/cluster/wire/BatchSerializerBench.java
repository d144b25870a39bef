package io.fabricemu.cluster.wire;

import akka.actor.ActorSystem;
import akka.serialization.ByteBufferSerializer;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import akka.serialization.Serializer;
import akka.serialization.Serializers;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.fabricemu.actor.ShardActor.PeerBatch;
import io.fabricemu.engine.Event;
import io.fabricemu.engine.Signal;
import io.fabricemu.engine.WindowState;
import io.fabricemu.net.Arrival;
import io.fabricemu.net.DeliveryMode;
import io.fabricemu.net.OnWire;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.PdsAck;
import io.fabricemu.net.PdsRequest;
import io.fabricemu.net.PfcFrame;
import io.fabricemu.net.PfcOnWire;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Cost of a packet batch crossing JVMs, compact serializer against Akka's jackson-cbor: nanoseconds to encode and
 * decode one batch and bytes per event, for batches of 8 to 1,024 events shaped like a UET run's cut links (40%
 * data packets with PDS request headers on the wire, 25% ACK_CCs with PDS ACK headers on the wire, 25% data
 * arrivals, 10% PFC frames). Both go through each serializer as Akka configures it ({@link WireConfig}), by the
 * byte-array path; the compact one also by the ByteBuffer path Artery uses. Plain Java: a warm-up, then rounds of
 * at least {@code ROUND_NANOS} each, reporting the median round. Wall time is measured here, and only here.
 *
 * <p>Run: {@code java -cp app/target/fabric-emu.jar io.fabricemu.cluster.wire.BatchSerializerBench}
 */
public final class BatchSerializerBench {
    private static final WindowState LAST = new WindowState(123_456_789L, 3, -1, null);
    private static final int[] SIZES = {8, 64, 512, 1024};
    private static final long WARMUP_NANOS = 2_000_000_000L;
    private static final long ROUND_NANOS = 300_000_000L;
    private static final int ROUNDS = 7;
    private static final long WINDOW_END_PS = 5_000_000_000L;
    private static long sink;

    private BatchSerializerBench() {
    }

    public static void main(String[] args) {
        ActorSystem compact = system("compact");
        ActorSystem cbor = system("cbor");
        try {
            System.out.printf("%-16s %6s %12s %12s %10s%n", "serializer", "events", "ns/batch", "ns/event",
                    "B/event");
            for (int size : SIZES) {
                PeerBatch batch = batch(size, new SplittableRandom(size));
                report("compact", batch, new ArrayPath(compact, batch));
                report("compact-buffer", batch, new BufferPath(compact));
                report("cbor", batch, new ArrayPath(cbor, batch));
            }
            System.out.println("(checksum " + sink + ")");
        } finally {
            compact.terminate();
            cbor.terminate();
        }
    }

    /** One way through a serializer: returns the encoded size after decoding it again. */
    private interface Path {
        int roundTrip(PeerBatch batch);
    }

    /** Akka's byte-array path: {@code serialize}, then {@code deserialize} by identifier and manifest. */
    private static final class ArrayPath implements Path {
        private final Serialization serialization;
        private final int id;
        private final String manifest;

        ArrayPath(ActorSystem system, PeerBatch sample) {
            serialization = SerializationExtension.get(system);
            Serializer s = serialization.findSerializerFor(sample);
            id = s.identifier();
            manifest = Serializers.manifestFor(s, sample);
        }

        @Override
        public int roundTrip(PeerBatch batch) {
            byte[] bytes = serialization.serialize(batch).get();
            PeerBatch back = (PeerBatch) serialization.deserialize(bytes, id, manifest).get();
            sink += back.events().size();
            return bytes.length;
        }
    }

    /** Artery's path for a {@link ByteBufferSerializer}: into and out of one reused buffer. */
    private static final class BufferPath implements Path {
        private final ByteBufferSerializer serializer;
        private final ByteBuffer envelope = ByteBuffer.allocate(256 * 1024);

        BufferPath(ActorSystem system) {
            serializer = (ByteBufferSerializer) SerializationExtension.get(system)
                    .serializerByIdentity().apply(PeerBatchSerializer.IDENTIFIER);
        }

        @Override
        public int roundTrip(PeerBatch batch) {
            envelope.clear();
            serializer.toBinary(batch, envelope);
            int bytes = envelope.position();
            envelope.flip();
            try {
                PeerBatch back = (PeerBatch) serializer.fromBinary(envelope, PeerBatchSerializer.MANIFEST);
                sink += back.events().size();
            } catch (java.io.NotSerializableException e) {
                throw new IllegalStateException(e);
            }
            return bytes;
        }
    }

    private static void report(String name, PeerBatch batch, Path path) {
        int bytes = path.roundTrip(batch);
        long end = System.nanoTime() + WARMUP_NANOS;
        while (System.nanoTime() < end) {
            path.roundTrip(batch);
        }
        double[] nsPerBatch = new double[ROUNDS];
        for (int r = 0; r < ROUNDS; r++) {
            long start = System.nanoTime();
            long iterations = 0;
            long now;
            do {
                for (int i = 0; i < 16; i++) {
                    path.roundTrip(batch);
                }
                iterations += 16;
                now = System.nanoTime();
            } while (now - start < ROUND_NANOS);
            nsPerBatch[r] = (double) (now - start) / iterations;
        }
        Arrays.sort(nsPerBatch);
        double median = nsPerBatch[ROUNDS / 2];
        int n = batch.events().size();
        System.out.printf("%-16s %6d %12.0f %12.1f %10.1f%n", name, n, median, median / n, (double) bytes / n);
    }

    private static ActorSystem system(String batchSerializer) {
        Config config = WireConfig.withSerialization(ConfigFactory.parseString(
                WireConfig.BATCH_SERIALIZER + " = " + batchSerializer + "\nakka.loglevel = WARNING"));
        return ActorSystem.create("bench-" + batchSerializer, config.withFallback(ConfigFactory.load()).resolve());
    }

    /** {@code size} events of a window ending at {@link #WINDOW_END_PS}, on a 1,024-host fabric. */
    static PeerBatch batch(int size, SplittableRandom random) {
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
                Packet ack = new Packet(PacketKind.ACK, flow, host, random.nextInt(1_024), 64, 0, 6, 0,
                        random.nextInt(), psn, atPs - 12_000_000, 0, new PdsAck(psn - random.nextInt(8),
                        1 + flow, psn * 4_096, random.nextInt(900_000), 0, false, random.nextInt(8), -1));
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
        return new Packet(PacketKind.DATA, flow, host, random.nextInt(1_024), 4_160, 4_096, 2, Packet.ECN_ECT0,
                random.nextInt(), psn, atPs - random.nextLong(20_000_000), 0, pds);
    }
}
