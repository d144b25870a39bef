package io.fabricemu.cluster.wire;

import akka.serialization.ByteBufferSerializer;
import akka.serialization.SerializerWithStringManifest;
import io.fabricemu.actor.ShardActor.PeerBatch;
import java.io.NotSerializableException;
import java.nio.BufferOverflowException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Akka serializer of the packet batches shards exchange every window ({@link PeerBatch}), in the compact format
 * of {@link BatchCodec}. Artery hands a {@link ByteBufferSerializer} its outbound envelope buffer, so on the
 * network path a batch is written straight into it and read straight out of the inbound one: no byte array at
 * all. The byte-array path (tests, other transports) encodes into a per-thread scratch buffer, grown on
 * overflow, and copies the bytes out once. Bound in {@code fabric-emu-serialization.conf}; identifier
 * {@value #IDENTIFIER}.
 */
public final class PeerBatchSerializer extends SerializerWithStringManifest implements ByteBufferSerializer {
    /** This serializer's id in Akka's registry: unique among the serializers of a cluster, stable across builds. */
    public static final int IDENTIFIER = 4711;
    static final String MANIFEST = "B";
    private static final int SCRATCH_START_BYTES = 64 * 1024;
    private static final ThreadLocal<ByteBuffer[]> SCRATCH =
            ThreadLocal.withInitial(() -> new ByteBuffer[] {ByteBuffer.allocate(SCRATCH_START_BYTES)});

    /** Akka instantiates this by name. */
    public PeerBatchSerializer() {
    }

    @Override
    public int identifier() {
        return IDENTIFIER;
    }

    @Override
    public String manifest(Object o) {
        return MANIFEST;
    }

    @Override
    public void toBinary(Object o, ByteBuffer buf) {
        PeerBatch batch = batch(o);
        int start = buf.position();
        try {
            BatchCodec.write(batch, new WireWriter(buf));
            BatchTraffic.count(batch.events().size(), buf.position() - start);
        } catch (BufferOverflowException full) {
            throw new IllegalArgumentException("a packet batch of " + batch.events().size() + " events does not fit "
                    + "the " + (buf.limit() - start) + " bytes left in the transport's buffer: raise "
                    + "akka.remote.artery.advanced.maximum-frame-size", full);
        }
    }

    @Override
    public byte[] toBinary(Object o) {
        PeerBatch batch = batch(o);
        ByteBuffer[] holder = SCRATCH.get();
        while (true) {
            ByteBuffer scratch = holder[0];
            scratch.clear();
            try {
                BatchCodec.write(batch, new WireWriter(scratch));
                return Arrays.copyOf(scratch.array(), scratch.position());
            } catch (BufferOverflowException full) {
                holder[0] = ByteBuffer.allocate(scratch.capacity() * 2);
            }
        }
    }

    @Override
    public Object fromBinary(ByteBuffer buf, String manifest) throws NotSerializableException {
        checkManifest(manifest);
        int start = buf.position();
        try {
            return BatchCodec.read(new WireReader(buf));
        } catch (BufferUnderflowException truncated) {
            throw new IllegalArgumentException("truncated packet batch: " + (buf.limit() - start)
                    + " bytes end inside an event", truncated);
        }
    }

    @Override
    public Object fromBinary(byte[] bytes, String manifest) throws NotSerializableException {
        return fromBinary(ByteBuffer.wrap(bytes), manifest);
    }

    private static PeerBatch batch(Object o) {
        if (o instanceof PeerBatch b) {
            return b;
        }
        throw new IllegalArgumentException(PeerBatchSerializer.class.getSimpleName() + " serializes "
                + PeerBatch.class.getName() + " only, was given " + o.getClass().getName());
    }

    private static void checkManifest(String manifest) throws NotSerializableException {
        if (!MANIFEST.equals(manifest)) {
            throw new NotSerializableException("unknown manifest '" + manifest + "' for "
                    + PeerBatchSerializer.class.getSimpleName() + " (expected '" + MANIFEST + "')");
        }
    }
}
