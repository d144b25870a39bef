package io.fabricemu.cluster.wire;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Writes the compact batch format's primitives into a {@link ByteBuffer}: unsigned LEB128 varints (7 bits a byte,
 * low group first, high bit set on every byte but the last, as Protocol Buffers encodes them) and zigzag varints
 * for values that may be negative ({@code (v << 1) ^ (v >> 63)}, so -1 takes one byte). An int written as an
 * unsigned varint takes 1 to 5 bytes and comes back exactly, negative ones included (those take 5). Overflowing
 * the buffer throws {@link java.nio.BufferOverflowException}; the caller grows it and starts again.
 */
final class WireWriter {
    private final ByteBuffer out;

    WireWriter(ByteBuffer out) {
        this.out = out;
    }

    void u8(int v) {
        out.put((byte) v);
    }

    void bool(boolean v) {
        out.put(v ? (byte) 1 : (byte) 0);
    }

    /** An int as an unsigned varint: 1 byte below 128, 5 for negative values. */
    void uint(int v) {
        while ((v & ~0x7F) != 0) {
            out.put((byte) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.put((byte) v);
    }

    /** An int that is often small and negative (-1 for "none"), zigzag encoded. */
    void sint(int v) {
        uint((v << 1) ^ (v >> 31));
    }

    /** A long as an unsigned varint: 1 byte below 128, 10 for negative values. */
    void ulong(long v) {
        while ((v & ~0x7FL) != 0) {
            out.put((byte) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.put((byte) v);
    }

    /** A long that may be negative, zigzag encoded. */
    void slong(long v) {
        ulong((v << 1) ^ (v >> 63));
    }

    /** Four bytes, for values with no small-number bias (hash entropy). */
    void fixedInt(int v) {
        out.putInt(v);
    }

    /** A string as its UTF-8 length (varint) and bytes. */
    void string(String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        uint(utf8.length);
        out.put(utf8);
    }
}
