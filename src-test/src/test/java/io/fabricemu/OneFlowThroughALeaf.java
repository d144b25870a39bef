package io.fabricemu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The scenario the receiver-not-ready tests work their numbers on: host 1 sends 1 MiB to host 0 through one leaf,
 * 100 Gb/s links of 500 ns, a 500 ns switch, 4,150 B packets with a 64 B header; each test adds its own switch,
 * transport and flow fields.
 */
final class OneFlowThroughALeaf {
    static final long RATE_BPS = 100_000_000_000L;
    static final long PS_PER_S = 1_000_000_000_000L;
    static final int MTU = 4150;
    static final int HEADER = 64;
    static final long DELAY_PS = 500_000;
    static final long SWITCH_PS = 500_000;

    private OneFlowThroughALeaf() {
    }

    /**
     * Writes {@code dir/NAME.yaml} and returns it.
     *
     * @param switchMore    fields after the switch's latency and queue, each led by ", "
     * @param cc            the transport's congestion control
     * @param transportMore fields of the transport section after its mtu and header, each led by ", "
     * @param flowMore      fields of the flow after its bytes, each led by ", "
     */
    static Path write(Path dir, String name, String switchMore, String cc, String transportMore, String flowMore)
            throws IOException {
        Path file = dir.resolve(name + ".yaml");
        Files.writeString(file, String.join("\n",
                "name: " + name,
                "topology:",
                "  kind: leaf-spine",
                "  leaves: 1",
                "  hostsPerLeaf: 2",
                "  spines: 1",
                "  hostLink:   {rate: 100Gbps, delay: 500ns}",
                "  fabricLink: {rate: 100Gbps, delay: 500ns}",
                "switch: {latency: 500ns, queue: 1MiB" + switchMore + "}",
                "transport: {cc: " + cc + ", mtu: " + MTU + "B, header: " + HEADER + "B" + transportMore + "}",
                "workload:",
                "  kind: flows",
                "  flows:",
                "    - {src: 1, dst: 0, bytes: 1MiB" + flowMore + "}",
                "stop: 10ms",
                ""));
        return file;
    }

    /** {@code bytes} serialised at the links' rate, in ps. */
    static long serializationPs(long bytes) {
        return bytes * 8 * PS_PER_S / RATE_BPS;
    }

    /**
     * One packet of {@code bytes} from host to host through the leaf, which cuts through (the default): one
     * serialisation, two cables, the switch, in ps.
     */
    static long oneWayPs(long bytes) {
        return serializationPs(bytes) + 2 * DELAY_PS + SWITCH_PS;
    }
}
