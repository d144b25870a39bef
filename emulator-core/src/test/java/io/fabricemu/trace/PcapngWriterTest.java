package io.fabricemu.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PcapngWriterTest {
    private static ByteBuffer le(byte[] bytes) {
        return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static byte[] written(String comment, String port, long timePs, byte[] frame, int wireBytes)
            throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PcapngWriter w = new PcapngWriter(out)) {
            w.section("fabric-emu", comment);
            w.interfaceDescription(port, 128, 100_000_000_000L);
            w.packet(0, timePs, frame, 0, frame.length, wireBytes);
        }
        return out.toByteArray();
    }

    /** The blocks of a pcapng file, each checked to end with the length it starts with. */
    private static List<ByteBuffer> blocks(byte[] file) {
        ByteBuffer b = le(file);
        List<ByteBuffer> blocks = new ArrayList<>();
        while (b.hasRemaining()) {
            int start = b.position();
            int length = b.getInt(start + 4);
            assertEquals(0, length % 4, "block lengths are multiples of 4");
            assertEquals(length, b.getInt(start + length - 4), "a block ends with its length");
            blocks.add(le(java.util.Arrays.copyOfRange(file, start, start + length)));
            b.position(start + length);
        }
        return blocks;
    }

    @Test
    void section_holdsTheByteOrderMagicAndTheComment() throws IOException {
        ByteBuffer shb = blocks(written("run of x", "h0:nic", 0, new byte[14], 64)).get(0);
        // 28 bytes of fixed fields, a comment of 8 bytes (4 + 8), "fabric-emu" (4 + 12 padded), end (4)
        assertEquals(28 + 12 + 16 + 4, shb.capacity());
        assertEquals(0x0A0D0D0A, shb.getInt(0));
        assertEquals(0x1A2B3C4D, shb.getInt(8));
        assertEquals(1, shb.getShort(12));
        assertEquals(0, shb.getShort(14));
        assertEquals(-1L, shb.getLong(16));
        assertEquals(PcapngWriter.OPT_COMMENT, shb.getShort(24));
        assertEquals(8, shb.getShort(26));
        byte[] comment = new byte[8];
        shb.get(28, comment);
        assertEquals("run of x", new String(comment, StandardCharsets.UTF_8));
    }

    @Test
    void interface_isEthernetNamedAfterItsPortWithPicosecondTimestamps() throws IOException {
        ByteBuffer idb = blocks(written("c", "leaf1:p36", 0, new byte[14], 64)).get(1);
        assertEquals(1, idb.getInt(0));
        assertEquals(1, idb.getShort(8), "LINKTYPE_ETHERNET");
        assertEquals(128, idb.getInt(12), "snap length");
        assertEquals(PcapngWriter.IF_NAME, idb.getShort(16));
        assertEquals(9, idb.getShort(18));
        byte[] name = new byte[9];
        idb.get(20, name);
        assertEquals("leaf1:p36", new String(name, StandardCharsets.UTF_8));
        // the name's value is padded to 12 bytes: if_speed at 20 + 12
        assertEquals(PcapngWriter.IF_SPEED, idb.getShort(32));
        assertEquals(100_000_000_000L, idb.getLong(36));
        assertEquals(PcapngWriter.IF_TSRESOL, idb.getShort(44));
        assertEquals(1, idb.getShort(46));
        assertEquals(12, idb.get(48), "10^-12 s: picoseconds");
        assertEquals(0, idb.getInt(52), "opt_endofopt");
        assertEquals(60, idb.capacity());
    }

    @Test
    void packet_splitsItsTimeInTwoWordsAndPadsItsData() throws IOException {
        byte[] frame = {1, 2, 3, 4, 5, 6, 7};
        long timePs = 0x0000_0002_0000_0003L;
        ByteBuffer epb = blocks(written("c", "h0:nic", timePs, frame, 4150)).get(2);
        // 28 bytes of fixed fields, 7 bytes of data padded to 8, the trailing length
        assertEquals(28 + 8 + 4, epb.capacity());
        assertEquals(6, epb.getInt(0));
        assertEquals(0, epb.getInt(8), "interface 0");
        assertEquals(2, epb.getInt(12), "timestamp, high word");
        assertEquals(3, epb.getInt(16), "timestamp, low word");
        assertEquals(7, epb.getInt(20), "captured length");
        assertEquals(4150, epb.getInt(24), "original length");
        byte[] data = new byte[8];
        epb.get(28, data);
        assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 6, 7, 0}, data);
    }

    @Test
    void file_isTheSameBytesForTheSameBlocks() throws IOException {
        byte[] a = written("c", "h0:nic", 5, new byte[] {9, 9}, 64);
        byte[] b = written("c", "h0:nic", 5, new byte[] {9, 9}, 64);
        assertArrayEquals(a, b);
        assertEquals(3, blocks(a).size());
    }
}
