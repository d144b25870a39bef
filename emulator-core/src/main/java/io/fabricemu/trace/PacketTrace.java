package io.fabricemu.trace;

import io.fabricemu.engine.ElementFactory;
import io.fabricemu.fabric.FabricBuilder;
import io.fabricemu.topology.Topology;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's packet trace: the frames its chosen ports transmit, kept by each port as the run goes
 * ({@link PortTrace}) and written after it as one pcapng file ({@link PcapngWriter}), an interface per traced port
 * (in ports.csv's order: NICs by host, then switch ports by switch and port number) and an enhanced packet block
 * per frame, in order of time, then of interface. A port never starts two frames at one time, so that order is
 * total and the same on any number of shards: the same scenario and seed give the same bytes.
 *
 * <p>A run across JVMs records each port's frames in the JVM that runs the port: every member makes this trace of
 * the same selection on the same fabric (so the same interfaces, numbered alike), runs its own elements wrapped, and
 * hands its frames over as blocks ({@link #blocks()}); the driver keeps them in files of its own
 * ({@link #recordedElsewhere}) and writes the file by merging them ({@link BlockMerge}), the same bytes as one JVM's.
 *
 * <p>A run without {@code --trace} has no {@code PacketTrace} and its elements are not wrapped at all.
 */
public final class PacketTrace {
    /** The trace file's name in a run's output folder. */
    public static final String FILE = "trace.pcapng";
    /**
     * The fewest bytes a frame takes in the file: an enhanced packet block's 32 bytes of fields and the smallest
     * headers a data packet has (Ethernet, IPv4, UDP and a BTH, 54 bytes padded to 56). A frame takes about as
     * much heap while the run goes (time, sizes and headers, in its port's arrays).
     */
    static final long FRAME_BYTES_AT_LEAST = 32 + 56;
    /** Every data packet leaves its NIC and at least one switch port. */
    static final long FRAMES_PER_DATA_PACKET_AT_LEAST = 2;

    private final TraceSelection selection;
    private final ElementFactory factory;
    private final List<PortTrace> ports;
    /** The other JVMs' blocks, a file per JVM, when the frames were recorded there; null when recorded here. */
    private List<Path> elsewhere;
    private long framesElsewhere;

    private PacketTrace(TraceSelection selection, ElementFactory factory, List<PortTrace> ports) {
        this.selection = selection;
        this.factory = factory;
        this.ports = ports;
    }

    /**
     * The trace of {@code selection} on {@code fabric}.
     *
     * @throws TraceSelectionException when it names a port, switch, host or flow the fabric does not have
     */
    public static PacketTrace of(TraceSelection selection, FabricBuilder fabric) throws TraceSelectionException {
        Topology t = fabric.topology();
        TraceNames.check(selection, t, fabric.flowCount());
        PortTrace[] byElement = new PortTrace[fabric.elementCount()];
        List<PortTrace> ports = new ArrayList<>();
        for (int node = 0; node < t.nodeCount(); node++) {
            for (int port = 0; port < t.portCount(node); port++) {
                String name = FabricBuilder.portName(t, node, port);
                if (selection.ports() == null || selection.ports().contains(name)
                        || selection.ports().contains(t.name(node))) {
                    PortTrace trace = new PortTrace(name, t.cableAt(node, port).spec().rateBps(), selection);
                    byElement[fabric.portElementOf(node, port)] = trace;
                    ports.add(trace);
                }
            }
        }
        return new PacketTrace(selection, new TracingFactory(fabric, byElement), List.copyOf(ports));
    }

    /**
     * The fewest bytes a trace of every frame takes, in the file and about as much in the heap, for a run that
     * delivers {@code dataPackets} data packets (saturating at {@link Long#MAX_VALUE}); acknowledgements and every
     * hop beyond the first switch come on top.
     */
    public static long bytesAtLeast(long dataPackets) {
        long perPacket = FRAMES_PER_DATA_PACKET_AT_LEAST * FRAME_BYTES_AT_LEAST;
        return dataPackets > Long.MAX_VALUE / perPacket ? Long.MAX_VALUE : dataPackets * perPacket;
    }

    /** The fabric's elements, the traced ones wrapped: what the engine runs. */
    public ElementFactory elements() {
        return factory;
    }

    /** What it keeps. */
    public TraceSelection selection() {
        return selection;
    }

    /** The frames this JVM's elements recorded, as blocks to hand to the driver of a run across JVMs. */
    public TraceBlocks blocks() {
        return new TraceBlocks(ports);
    }

    /**
     * The frames were recorded in other JVMs, which sent {@code frames} of them as blocks ({@link #blocks()}), now in
     * {@code parts}, a file per JVM: the trace is written from those, and the files deleted once it is.
     */
    public void recordedElsewhere(List<Path> parts, long frames) {
        elsewhere = List.copyOf(parts);
        framesElsewhere = frames;
    }

    /** Ports traced. */
    public int portCount() {
        return ports.size();
    }

    /** Frames recorded so far, every port's added up. */
    public long frames() {
        if (elsewhere != null) {
            return framesElsewhere;
        }
        long n = 0;
        for (PortTrace p : ports) {
            n += p.count();
        }
        return n;
    }

    /** Writes the trace to {@code file}, {@code comment} in its section header; returns the frames written. */
    public long write(Path file, String comment) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            return write(out, comment);
        } finally {
            if (elsewhere != null) {
                for (Path part : elsewhere) {
                    Files.deleteIfExists(part);
                }
            }
        }
    }

    /** Writes the trace to {@code out} (not closed), {@code comment} in its section header; returns the frames. */
    long write(OutputStream out, String comment) throws IOException {
        PcapngWriter w = new PcapngWriter(out);
        w.section("fabric-emu", comment);
        for (PortTrace p : ports) {
            w.interfaceDescription(p.name(), FrameEncoder.MAX_BYTES, p.rateBps());
        }
        if (elsewhere != null) {
            long merged = BlockMerge.merge(elsewhere, w);
            w.close();
            if (merged != framesElsewhere) {
                throw new IOException("the members sent " + framesElsewhere + " frames, their blocks hold " + merged);
            }
            return merged;
        }
        long written = 0;
        FrameMerge merge = new FrameMerge(ports);
        for (int port = merge.next(); port >= 0; port = merge.next()) {
            PortTrace p = ports.get(port);
            int i = merge.frameOf(port);
            w.packet(port, p.timePs(i), p.headers(), p.offset(i), p.capturedBytes(i), p.wireBytes(i));
            written++;
        }
        w.close();
        return written;
    }
}
