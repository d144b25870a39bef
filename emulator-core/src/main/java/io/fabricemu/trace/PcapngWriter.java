package io.fabricemu.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Writes a pcapng file (IETF draft-ietf-opsawg-pcapng, "PCAP Next Generation (pcapng) Capture File Format"):
 * one section header block, then interface description blocks, then enhanced packet blocks, little-endian. Every
 * block is {@code type, total length, body, total length}, its body padded to 32 bits; options are
 * {@code code, length, value} padded to 32 bits and end with {@code opt_endofopt}. Nothing in the file depends on
 * when or where it was written (no date, no host name), so the same packets give the same bytes.
 */
final class PcapngWriter implements AutoCloseable {
    static final int SECTION_HEADER = 0x0A0D0D0A;
    static final int INTERFACE_DESCRIPTION = 0x00000001;
    static final int ENHANCED_PACKET = 0x00000006;
    static final int BYTE_ORDER_MAGIC = 0x1A2B3C4D;
    /** LINKTYPE_ETHERNET. */
    static final int LINKTYPE_ETHERNET = 1;
    static final int OPT_END = 0;
    static final int OPT_COMMENT = 1;
    static final int SHB_USERAPPL = 4;
    static final int IF_NAME = 2;
    static final int IF_SPEED = 8;
    static final int IF_TSRESOL = 9;
    /** if_tsresol 12: timestamps count units of 10^-12 s, picoseconds, so virtual times are written exactly. */
    static final int TSRESOL_PICOSECONDS = 12;
    private static final int BUFFER_BYTES = 1 << 16;

    private final OutputStream out;
    private final ByteBuffer buf = ByteBuffer.allocate(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN);

    PcapngWriter(OutputStream out) {
        this.out = out;
    }

    /** The section header block, its options the application's name and {@code comment}. */
    void section(String application, String comment) throws IOException {
        byte[] app = application.getBytes(StandardCharsets.UTF_8);
        byte[] text = comment.getBytes(StandardCharsets.UTF_8);
        int length = 28 + option(app.length) + option(text.length) + 4;
        room(length);
        buf.putInt(SECTION_HEADER).putInt(length).putInt(BYTE_ORDER_MAGIC).putShort((short) 1).putShort((short) 0)
                .putLong(-1L);
        putOption(OPT_COMMENT, text);
        putOption(SHB_USERAPPL, app);
        buf.putShort((short) OPT_END).putShort((short) 0).putInt(length);
    }

    /**
     * An interface description block: Ethernet, {@code snapLength}, named {@code name}, at {@code speedBps},
     * timestamps in picoseconds. Interfaces are numbered from 0 in the order they are written.
     */
    void interfaceDescription(String name, int snapLength, long speedBps) throws IOException {
        byte[] text = name.getBytes(StandardCharsets.UTF_8);
        int length = 16 + option(text.length) + option(8) + option(1) + 4 + 4;
        room(length);
        buf.putInt(INTERFACE_DESCRIPTION).putInt(length).putShort((short) LINKTYPE_ETHERNET).putShort((short) 0)
                .putInt(snapLength);
        putOption(IF_NAME, text);
        buf.putShort((short) IF_SPEED).putShort((short) 8).putLong(speedBps);
        buf.putShort((short) IF_TSRESOL).putShort((short) 1).put((byte) TSRESOL_PICOSECONDS).put(new byte[3]);
        buf.putShort((short) OPT_END).putShort((short) 0).putInt(length);
    }

    /**
     * An enhanced packet block on interface {@code interfaceId} at {@code timePs}: {@code captured} bytes of
     * {@code data} from {@code offset}, of a frame {@code wireBytes} long.
     */
    void packet(int interfaceId, long timePs, byte[] data, int offset, int captured, int wireBytes)
            throws IOException {
        int padded = padded(captured);
        int length = packetBytes(captured);
        room(length);
        buf.putInt(ENHANCED_PACKET).putInt(length).putInt(interfaceId).putInt((int) (timePs >>> 32))
                .putInt((int) timePs).putInt(captured).putInt(wireBytes).put(data, offset, captured);
        for (int i = captured; i < padded; i++) {
            buf.put((byte) 0);
        }
        buf.putInt(length);
    }

    /** Bytes an enhanced packet block with {@code captured} bytes of frame takes. */
    static int packetBytes(int captured) {
        return 32 + padded(captured);
    }

    /** A whole block, already encoded: {@code length} bytes of {@code data} from {@code offset}. */
    void block(byte[] data, int offset, int length) throws IOException {
        room(length);
        buf.put(data, offset, length);
    }

    /** Bytes an option with a value of {@code valueBytes} takes, header and padding included. */
    private static int option(int valueBytes) {
        return 4 + padded(valueBytes);
    }

    static int padded(int bytes) {
        return (bytes + 3) & ~3;
    }

    private void putOption(int code, byte[] value) {
        buf.putShort((short) code).putShort((short) value.length).put(value);
        for (int i = value.length; i < padded(value.length); i++) {
            buf.put((byte) 0);
        }
    }

    /** Makes room for {@code bytes} in the buffer, writing out what it holds when needed. */
    private void room(int bytes) throws IOException {
        if (bytes > BUFFER_BYTES) {
            throw new IllegalArgumentException("a block of " + bytes + " bytes is larger than the writer's buffer");
        }
        if (buf.remaining() < bytes) {
            flush();
        }
    }

    private void flush() throws IOException {
        out.write(buf.array(), 0, buf.position());
        buf.clear();
    }

    @Override
    public void close() throws IOException {
        flush();
        out.flush();
    }
}
