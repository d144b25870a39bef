package io.fabricemu.trace;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Merges the enhanced packet blocks several JVMs recorded ({@link TraceBlocks}), each JVM's in order of time, then
 * interface, into one sequence in that order, copying every block unchanged. The JVMs traced disjoint ports, so no
 * two blocks have the same time and interface and the order is the one {@link FrameMerge} gives in one JVM: the
 * file has the same bytes. There are few JVMs, so the next block is found by a scan of each one's current block;
 * every JVM's blocks are read through one reused buffer, so merging allocates nothing per frame.
 */
final class BlockMerge {
    /** The largest enhanced packet block: fields and the most header bytes a frame keeps. */
    private static final int MAX_BLOCK_BYTES = PcapngWriter.packetBytes(FrameEncoder.MAX_BYTES);

    private BlockMerge() {
    }

    /** Writes every block of {@code parts} (files of blocks, one per JVM) to {@code out}; returns how many. */
    static long merge(List<Path> parts, PcapngWriter out) throws IOException {
        List<Source> sources = new ArrayList<>();
        try {
            for (Path part : parts) {
                sources.add(new Source(part));
            }
            long written = 0;
            while (true) {
                Source first = null;
                for (Source s : sources) {
                    if (s.length > 0 && (first == null || s.before(first))) {
                        first = s;
                    }
                }
                if (first == null) {
                    return written;
                }
                out.block(first.block, 0, first.length);
                written++;
                first.advance();
            }
        } finally {
            for (Source s : sources) {
                s.in.close();
            }
        }
    }

    /** One JVM's blocks and the one read last. */
    private static final class Source {
        private final Path file;
        private final DataInputStream in;
        private final byte[] block = new byte[MAX_BLOCK_BYTES];
        /** The current block's bytes; 0 once the file is read to its end. */
        private int length;
        private long timePs;
        private int interfaceId;

        Source(Path file) throws IOException {
            this.file = file;
            InputStream stream = Files.newInputStream(file);
            this.in = new DataInputStream(new BufferedInputStream(stream, 1 << 16));
            advance();
        }

        boolean before(Source o) {
            return timePs < o.timePs || (timePs == o.timePs && interfaceId < o.interfaceId);
        }

        /** Reads the next block: type, length, interface, time (high, low), little-endian as the writer puts them. */
        void advance() throws IOException {
            int type;
            try {
                type = Integer.reverseBytes(in.readInt());
            } catch (EOFException end) {
                length = 0;
                return;
            }
            int total = Integer.reverseBytes(in.readInt());
            if (type != PcapngWriter.ENHANCED_PACKET || total < 32 || total > MAX_BLOCK_BYTES || total % 4 != 0) {
                throw new IOException(file + " holds a block of type " + type + ", " + total
                        + " bytes long, where an enhanced packet block was expected");
            }
            in.readFully(block, 8, total - 8);
            writeInt(block, 0, type);
            writeInt(block, 4, total);
            interfaceId = readInt(block, 8);
            timePs = ((long) readInt(block, 12) << 32) | (readInt(block, 16) & 0xFFFFFFFFL);
            length = total;
        }

        private static int readInt(byte[] b, int at) {
            return (b[at] & 0xFF) | ((b[at + 1] & 0xFF) << 8) | ((b[at + 2] & 0xFF) << 16) | ((b[at + 3] & 0xFF) << 24);
        }

        private static void writeInt(byte[] b, int at, int value) {
            b[at] = (byte) value;
            b[at + 1] = (byte) (value >>> 8);
            b[at + 2] = (byte) (value >>> 16);
            b[at + 3] = (byte) (value >>> 24);
        }
    }
}
