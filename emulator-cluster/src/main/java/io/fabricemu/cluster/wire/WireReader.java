package io.fabricemu.cluster.wire;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Reads what {@link WireWriter} wrote, from a {@link ByteBuffer}'s position on. A varint longer than its type
 * allows or a read past the end fails with the byte offset, so a corrupt or truncated message is reported, never
 * decoded into nonsense silently.
 */
final class WireReader {
    private final ByteBuffer in;

    WireReader(ByteBuffer in) {
        this.in = in;
    }

    int u8() {
        return in.get() & 0xFF;
    }

    boolean bool() {
        int b = u8();
        if (b > 1) {
            throw corrupt("boolean byte " + b);
        }
        return b == 1;
    }

    int uint() {
        int v = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            int b = in.get();
            v |= (b & 0x7F) << shift;
            if (b >= 0) {
                return v;
            }
        }
        throw corrupt("int varint longer than 5 bytes");
    }

    int sint() {
        int z = uint();
        return (z >>> 1) ^ -(z & 1);
    }

    long ulong() {
        long v = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            long b = in.get();
            v |= (b & 0x7F) << shift;
            if (b >= 0) {
                return v;
            }
        }
        throw corrupt("long varint longer than 10 bytes");
    }

    long slong() {
        long z = ulong();
        return (z >>> 1) ^ -(z & 1);
    }

    int fixedInt() {
        return in.getInt();
    }

    String string() {
        int length = uint();
        if (length > in.remaining()) {
            throw corrupt("string of " + length + " bytes, " + in.remaining() + " left");
        }
        byte[] utf8 = new byte[length];
        in.get(utf8);
        return new String(utf8, StandardCharsets.UTF_8);
    }

    /** An enum constant by ordinal, checked against the constants there are. */
    <E extends Enum<E>> E constant(E[] values, int ordinal, String what) {
        if (ordinal >= values.length) {
            throw corrupt(what + " ordinal " + ordinal + " of " + values.length);
        }
        return values[ordinal];
    }

    boolean exhausted() {
        return !in.hasRemaining();
    }

    IllegalArgumentException corrupt(String what) {
        return new IllegalArgumentException("corrupt packet batch at byte " + in.position() + ": " + what);
    }
}
