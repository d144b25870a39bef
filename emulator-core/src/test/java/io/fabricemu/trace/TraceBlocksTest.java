package io.fabricemu.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.net.PacketBuilder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trace recorded in two JVMs, each running some of the ports: the blocks each hands over, merged, are the blocks of
 * the trace recorded in one, in the same order, ties in time across the JVMs included.
 */
class TraceBlocksTest {
    private static final long[][] TIMES_PS = {{5, 10, 30}, {5, 8}, {5, 7, 30, 31}, {30}};

    @TempDir
    Path tmp;

    /** Ports a, b, c and d, those {@code recorded} names with their frames, the others without any. */
    private static List<PortTrace> ports(String recorded) {
        List<PortTrace> ports = new ArrayList<>();
        for (int p = 0; p < TIMES_PS.length; p++) {
            String name = String.valueOf((char) ('a' + p));
            PortTrace t = new PortTrace(name, 100_000_000_000L, TraceSelection.ALL);
            if (recorded.contains(name)) {
                for (long ps : TIMES_PS[p]) {
                    t.sent(PacketBuilder.data(p, p, p + 1).sizeBytes(100 + p).payloadBytes(36).build(), ps);
                }
            }
            ports.add(t);
        }
        return ports;
    }

    /** Every part of {@code blocks}, at most {@code maxBytes} each, one after the other. */
    private static byte[] all(TraceBlocks blocks, int maxBytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (!blocks.done()) {
            byte[] part = blocks.next(maxBytes);
            assertTrue(part.length > 0, "a part holds a block at least");
            assertTrue(part.length <= Math.max(maxBytes, PcapngWriter.packetBytes(FrameEncoder.MAX_BYTES)));
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    @Test
    void twoJvmsBlocksMerged_areOneJvmsBlocks() throws IOException {
        byte[] whole = all(new TraceBlocks(ports("abcd")), 1 << 20);
        Path first = Files.write(tmp.resolve("first"), all(new TraceBlocks(ports("ac")), 200));
        TraceBlocks other = new TraceBlocks(ports("bd"));
        Path second = Files.write(tmp.resolve("second"), all(other, 1));
        assertEquals(3, other.frames());
        ByteArrayOutputStream merged = new ByteArrayOutputStream();
        PcapngWriter w = new PcapngWriter(merged);
        assertEquals(10, BlockMerge.merge(List.of(first, second), w));
        w.close();
        assertArrayEquals(whole, merged.toByteArray());
    }

    @Test
    void noFrames_noBlocks() throws IOException {
        TraceBlocks none = new TraceBlocks(ports(""));
        assertTrue(none.done());
        assertEquals(0, none.next(1 << 20).length);
        Path empty = Files.write(tmp.resolve("empty"), new byte[0]);
        ByteArrayOutputStream merged = new ByteArrayOutputStream();
        assertEquals(0, BlockMerge.merge(List.of(empty, empty), new PcapngWriter(merged)));
    }
}
