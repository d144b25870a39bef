package io.fabricemu.cluster.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.actor.ShardActor.PeerBatch;
import io.fabricemu.engine.Event;
import io.fabricemu.engine.WindowState;
import io.fabricemu.net.OnWire;
import java.io.NotSerializableException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The compact batch format on its own: both of Akka's paths, its size, and what it does with bad input. */
final class PeerBatchSerializerTest {
    private static final WindowState LAST = new WindowState(123_456_789L, 3, -1, null);
    private final PeerBatchSerializer serializer = new PeerBatchSerializer();

    @Test
    void byteBufferPath_writesTheSameBytesAndReadsBackEqual() throws NotSerializableException {
        for (Object batch : WireSamples.batches()) {
            byte[] bytes = serializer.toBinary(batch);
            ByteBuffer envelope = ByteBuffer.allocate(256 * 1024);
            envelope.put(new byte[] {9, 9, 9});
            serializer.toBinary(batch, envelope);
            assertEquals(bytes.length + 3, envelope.position());
            assertEquals(ByteBuffer.wrap(bytes), envelope.flip().position(3));
            assertEquals(batch, serializer.fromBinary(envelope, serializer.manifest(batch)));
        }
    }

    @Test
    void toBinary_growsItsScratchBufferForAFullBatch() throws NotSerializableException {
        List<Event> events = java.util.stream.IntStream.range(0, 1024)
                .mapToObj(i -> new Event(WireSamples.NOW_PS + i, i, i, i, new OnWire(WireSamples.bts(), i, i)))
                .toList();
        PeerBatch batch = new PeerBatch(3, WireSamples.NOW_PS, events, LAST);
        byte[] bytes = serializer.toBinary(batch);
        assertTrue(bytes.length > 64 * 1024, "a batch larger than the first scratch buffer: " + bytes.length);
        assertEquals(batch, serializer.fromBinary(bytes, PeerBatchSerializer.MANIFEST));
    }

    @Test
    void batchLargerThanTheTransportBuffer_failsNamingTheSetting() {
        Object batch = WireSamples.batches().get(WireSamples.signals().size());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> serializer.toBinary(batch, ByteBuffer.allocate(100)));
        assertTrue(e.getMessage().contains("maximum-frame-size"), e.getMessage());
    }

    @Test
    void uetDataOnWire_takesFewBytes() {
        Event e = new Event(WireSamples.NOW_PS + 800_000, 40_961, 1_234_567, 40_962,
                new OnWire(WireSamples.uetData(false), WireSamples.NOW_PS + 790_000, WireSamples.NOW_PS + 798_000));
        int empty = serializer.toBinary(new PeerBatch(1, WireSamples.NOW_PS, List.of())).length;
        int one = serializer.toBinary(new PeerBatch(1, WireSamples.NOW_PS, List.of(e))).length;
        assertTrue(one - empty <= 56, "a UET data packet on the wire took " + (one - empty) + " bytes");
    }

    @Test
    void truncatedOrPaddedBatch_failsWithItsCause() {
        byte[] bytes = serializer.toBinary(WireSamples.batches().get(0));
        IllegalArgumentException cut = assertThrows(IllegalArgumentException.class,
                () -> serializer.fromBinary(Arrays.copyOf(bytes, bytes.length - 1), PeerBatchSerializer.MANIFEST));
        assertTrue(cut.getMessage().contains("truncated"), cut.getMessage());
        IllegalArgumentException padded = assertThrows(IllegalArgumentException.class,
                () -> serializer.fromBinary(Arrays.copyOf(bytes, bytes.length + 1), PeerBatchSerializer.MANIFEST));
        assertTrue(padded.getMessage().contains("bytes left"), padded.getMessage());
        byte[] otherVersion = bytes.clone();
        otherVersion[0] = (byte) (BatchCodec.VERSION + 1);
        IllegalArgumentException version = assertThrows(IllegalArgumentException.class,
                () -> serializer.fromBinary(otherVersion, PeerBatchSerializer.MANIFEST));
        assertTrue(version.getMessage().contains("different builds"), version.getMessage());
        assertThrows(NotSerializableException.class, () -> serializer.fromBinary(bytes, "X"));
    }

    @Test
    void otherMessage_isRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> serializer.toBinary("hi"));
        assertTrue(e.getMessage().contains("java.lang.String"), e.getMessage());
    }

    @Test
    void varints_roundTripEdgeAndRandomValues() {
        SplittableRandom random = new SplittableRandom(6);
        long[] longs = new long[1_000];
        for (int i = 0; i < longs.length; i++) {
            longs[i] = random.nextLong() >> random.nextInt(64);
        }
        long[] edges = {0, 1, -1, 127, 128, -64, -65, Long.MAX_VALUE, Long.MIN_VALUE, Integer.MAX_VALUE,
            Integer.MIN_VALUE};
        ByteBuffer buf = ByteBuffer.allocate(64 * 1024);
        WireWriter w = new WireWriter(buf);
        for (long[] values : List.of(edges, longs)) {
            for (long v : values) {
                w.ulong(v);
                w.slong(v);
                w.uint((int) v);
                w.sint((int) v);
            }
        }
        WireReader r = new WireReader(buf.flip());
        for (long[] values : List.of(edges, longs)) {
            for (long v : values) {
                assertEquals(v, r.ulong());
                assertEquals(v, r.slong());
                assertEquals((int) v, r.uint());
                assertEquals((int) v, r.sint());
            }
        }
        assertTrue(r.exhausted());
    }
}
