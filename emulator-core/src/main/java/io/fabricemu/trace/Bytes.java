package io.fabricemu.trace;

/**
 * Big-endian (network order) writes into a byte array, for frame headers; each returns the offset after what it
 * wrote, so that a header reads as a column of writes.
 */
final class Bytes {
    private Bytes() {
    }

    static int u8(byte[] buf, int at, int value) {
        buf[at] = (byte) value;
        return at + 1;
    }

    static int u16(byte[] buf, int at, int value) {
        buf[at] = (byte) (value >>> 8);
        buf[at + 1] = (byte) value;
        return at + 2;
    }

    static int u24(byte[] buf, int at, int value) {
        buf[at] = (byte) (value >>> 16);
        buf[at + 1] = (byte) (value >>> 8);
        buf[at + 2] = (byte) value;
        return at + 3;
    }

    static int u32(byte[] buf, int at, int value) {
        u16(buf, at, value >>> 16);
        return u16(buf, at + 2, value);
    }

    static int u48(byte[] buf, int at, long value) {
        u16(buf, at, (int) (value >>> 32));
        return u32(buf, at + 2, (int) value);
    }

    static int u64(byte[] buf, int at, long value) {
        u32(buf, at, (int) (value >>> 32));
        return u32(buf, at + 4, (int) value);
    }
}
