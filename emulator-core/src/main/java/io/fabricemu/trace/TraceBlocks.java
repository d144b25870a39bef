package io.fabricemu.trace;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * One JVM's share of a trace across JVMs, as that JVM hands it to the driver: its ports' frames as pcapng enhanced
 * packet blocks, the same bytes {@link PacketTrace#write} would give them, in the same order (time, then interface,
 * interfaces numbered as in the whole trace), cut into parts of a bounded size. Parts are made one at a time, when
 * asked for, from the ports' own arrays, so handing over a trace of any size takes one part of heap on top of the
 * trace itself. The driver merges the JVMs' blocks by the same order ({@link BlockMerge}).
 */
public final class TraceBlocks {
    private final List<PortTrace> ports;
    private final FrameMerge merge;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PcapngWriter writer = new PcapngWriter(bytes);
    /** The port whose frame comes next, or -1 once every frame is in a part. */
    private int port;
    private long frames;

    TraceBlocks(List<PortTrace> ports) {
        this.ports = ports;
        this.merge = new FrameMerge(ports);
        this.port = merge.next();
    }

    /** Whether every frame has been handed out. */
    public boolean done() {
        return port < 0;
    }

    /** Frames handed out so far. */
    public long frames() {
        return frames;
    }

    /**
     * The next frames' blocks, whole blocks of at most {@code maxBytes} bytes in all (one block at least, unless
     * {@link #done()}: then none).
     */
    public byte[] next(int maxBytes) {
        bytes.reset();
        long size = 0;
        try {
            while (port >= 0) {
                PortTrace p = ports.get(port);
                int i = merge.frameOf(port);
                int block = PcapngWriter.packetBytes(p.capturedBytes(i));
                if (size > 0 && size + block > maxBytes) {
                    break;
                }
                writer.packet(port, p.timePs(i), p.headers(), p.offset(i), p.capturedBytes(i), p.wireBytes(i));
                size += block;
                frames++;
                port = merge.next();
            }
            writer.close();
        } catch (IOException e) {
            throw new UncheckedIOException("a trace part could not be encoded", e); // a byte array never fails
        }
        return bytes.toByteArray();
    }
}
