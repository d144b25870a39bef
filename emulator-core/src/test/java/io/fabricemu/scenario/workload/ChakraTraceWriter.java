package io.fabricemu.scenario.workload;

import ChakraProtoMsg.EtDef;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes Chakra execution trace files with the classes generated from chakra's et_def.proto: a GlobalMetadata then
 * the nodes, each message preceded by its length as a varint (as chakra's protolib.py encodeMessage writes them).
 * Used by the tests and, through {@link #main}, to make the example traces under topologies/scenarios/chakra/.
 */
final class ChakraTraceWriter {
    private ChakraTraceWriter() {
    }

    /** The bytes of one rank's file holding {@code nodes}. */
    static byte[] file(List<EtDef.Node> nodes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            EtDef.GlobalMetadata.newBuilder().setVersion("0.0.4").build().writeDelimitedTo(out);
            for (EtDef.Node n : nodes) {
                n.writeDelimitedTo(out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static EtDef.Node compute(long id, long micros, long... deps) {
        return node(id, EtDef.NodeType.COMP_NODE, deps).setDurationMicros(micros).build();
    }

    static EtDef.Node collective(long id, EtDef.CollectiveCommType type, long bytes, long... deps) {
        return node(id, EtDef.NodeType.COMM_COLL_NODE, deps).addAttr(integer("comm_type", type.getNumber()))
                .addAttr(integer("comm_size", bytes)).build();
    }

    static EtDef.Node send(long id, int dst, long bytes, int tag, long... deps) {
        return node(id, EtDef.NodeType.COMM_SEND_NODE, deps).addAttr(int32("comm_dst", dst))
                .addAttr(integer("comm_size", bytes)).addAttr(int32("comm_tag", tag)).build();
    }

    static EtDef.Node recv(long id, int src, long bytes, int tag, long... deps) {
        return node(id, EtDef.NodeType.COMM_RECV_NODE, deps).addAttr(int32("comm_src", src))
                .addAttr(integer("comm_size", bytes)).addAttr(int32("comm_tag", tag)).build();
    }

    /** A node whose dependencies are data dependencies. */
    static EtDef.Node.Builder node(long id, EtDef.NodeType type, long... deps) {
        EtDef.Node.Builder b = EtDef.Node.newBuilder().setId(id).setName("node" + id).setType(type);
        for (long d : deps) {
            b.addDataDeps(d);
        }
        return b;
    }

    private static EtDef.AttributeProto integer(String name, long value) {
        return EtDef.AttributeProto.newBuilder().setName(name).setInt64Val(value).build();
    }

    private static EtDef.AttributeProto int32(String name, int value) {
        return EtDef.AttributeProto.newBuilder().setName(name).setInt32Val(value).build();
    }

    /**
     * One training iteration of every rank: forward compute of {@code forwardMicros}, an all-reduce of
     * {@code firstBytes}, compute of {@code middleMicros}, an all-reduce of {@code secondBytes}.
     */
    static List<EtDef.Node> iteration(long forwardMicros, long firstBytes, long middleMicros, long secondBytes) {
        List<EtDef.Node> nodes = new ArrayList<>();
        nodes.add(compute(1, forwardMicros));
        nodes.add(collective(2, EtDef.CollectiveCommType.ALL_REDUCE, firstBytes, 1));
        nodes.add(compute(3, middleMicros, 2));
        nodes.add(collective(4, EtDef.CollectiveCommType.ALL_REDUCE, secondBytes, 3));
        return nodes;
    }

    /**
     * Writes the example: {@code args[0]} a prefix such as topologies/scenarios/chakra/all-reduce-8; 8 ranks, each
     * 100 us of forward compute, an all-reduce of 4 MiB, 50 us of compute, an all-reduce of 1 MiB.
     */
    public static void main(String[] args) throws IOException {
        byte[] rank = file(iteration(100, 4L << 20, 50, 1L << 20));
        for (int r = 0; r < 8; r++) {
            Path p = Path.of(args[0] + "." + r + ".et");
            Files.createDirectories(p.toAbsolutePath().getParent());
            Files.write(p, rank);
        }
    }
}
