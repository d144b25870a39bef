package io.fabricemu.scenario.workload;

import ChakraProtoMsg.EtDef;
import com.google.protobuf.InvalidProtocolBufferException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads one rank's file of a Chakra execution trace: a sequence of messages, each preceded by its length as a
 * base-128 varint (as chakra's protolib.py writes them, encodeMessage / decodeMessage), the first a
 * {@code GlobalMetadata}, then the {@code Node}s. Every error names the file and the node id, or the byte offset
 * of a message that cannot be read; nothing is returned from a file with an error.
 *
 * <p>Node types: {@code COMP_NODE}, {@code MEM_LOAD_NODE} and {@code MEM_STORE_NODE} wait their
 * {@code duration_micros}; {@code METADATA_NODE} waits nothing; {@code COMM_SEND_NODE}, {@code COMM_RECV_NODE} and
 * {@code COMM_COLL_NODE} communicate. A collective's {@code comm_type} must be ALL_REDUCE, ALL_GATHER,
 * REDUCE_SCATTER or ALL_TO_ALL.
 */
final class ChakraTrace {
    private static final long PS_PER_MICRO = 1_000_000L;

    private ChakraTrace() {
    }

    /**
     * The nodes of the file {@code display} holding {@code bytes}, in file order, for rank {@code rank} of
     * {@code ranks}.
     *
     * @throws IllegalArgumentException naming the file and the node id or byte offset at fault
     */
    static List<ChakraNode> read(String display, byte[] bytes, int rank, int ranks) {
        List<ChakraNode> nodes = new ArrayList<>();
        Set<Long> ids = new HashSet<>();
        int at = 0;
        boolean metadata = true;
        while (at < bytes.length) {
            int start = at;
            long length = 0;
            int shift = 0;
            while (true) {
                if (at >= bytes.length || shift > 28) {
                    throw new IllegalArgumentException(display + ": byte offset " + start + ": the length of a"
                            + " message is cut short or is not a varint; the file is truncated or not a Chakra trace");
                }
                int b = bytes[at++] & 0xFF;
                length |= (long) (b & 0x7F) << shift;
                shift += 7;
                if ((b & 0x80) == 0) {
                    break;
                }
            }
            if (length > bytes.length - at) {
                throw new IllegalArgumentException(display + ": byte offset " + start + ": a message of " + length
                        + " bytes, but only " + (bytes.length - at) + " remain; the file is truncated");
            }
            java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(bytes, at, (int) length);
            try {
                if (metadata) {
                    EtDef.GlobalMetadata.parseFrom(in);
                    metadata = false;
                } else {
                    EtDef.Node node = EtDef.Node.parseFrom(in);
                    if (!ids.add(node.getId())) {
                        throw new IllegalArgumentException(display + ": node " + node.getId() + " (byte offset "
                                + start + "): the id is used twice; every node needs its own id");
                    }
                    nodes.add(node(display, node, rank, ranks));
                }
            } catch (InvalidProtocolBufferException e) {
                throw new IllegalArgumentException(display + ": byte offset " + start + ": not a Chakra "
                        + (metadata ? "GlobalMetadata" : "Node") + " message: " + e.getMessage(), e);
            }
            at += (int) length;
        }
        if (metadata) {
            throw new IllegalArgumentException(display + ": the file is empty; a Chakra trace starts with a"
                    + " GlobalMetadata message");
        }
        for (ChakraNode n : nodes) {
            for (long dep : n.deps()) {
                if (!ids.contains(dep)) {
                    throw new IllegalArgumentException(display + ": node " + n.id() + " depends on node "
                            + Long.toUnsignedString(dep) + ", which is not in the file");
                }
            }
        }
        return nodes;
    }

    private static ChakraNode node(String display, EtDef.Node node, int rank, int ranks) {
        String where = display + ": node " + Long.toUnsignedString(node.getId());
        Set<Long> deps = new LinkedHashSet<>(node.getDataDepsList());
        deps.addAll(node.getCtrlDepsList());
        if (deps.contains(node.getId())) {
            throw new IllegalArgumentException(where + " depends on itself");
        }
        long[] depIds = deps.stream().mapToLong(Long::longValue).toArray();
        switch (node.getType()) {
            case COMP_NODE, MEM_LOAD_NODE, MEM_STORE_NODE, METADATA_NODE -> {
                long micros = node.getType() == EtDef.NodeType.METADATA_NODE ? 0 : node.getDurationMicros();
                if (micros < 0 || micros > Long.MAX_VALUE / PS_PER_MICRO / 4) {
                    throw new IllegalArgumentException(where + ": duration_micros "
                            + Long.toUnsignedString(micros) + " is too long");
                }
                return new ChakraNode(node.getId(), node.getName(), ChakraNode.COMPUTE, depIds,
                        micros * PS_PER_MICRO, "", 0, -1, 0);
            }
            case COMM_COLL_NODE -> {
                long type = attribute(where, node, "comm_type");
                String kind = collective(where, type);
                return new ChakraNode(node.getId(), node.getName(), ChakraNode.COLLECTIVE, depIds, 0, kind,
                        size(where, node), -1, 0);
            }
            case COMM_SEND_NODE, COMM_RECV_NODE -> {
                boolean send = node.getType() == EtDef.NodeType.COMM_SEND_NODE;
                String peerName = send ? "comm_dst" : "comm_src";
                long peer = attribute(where, node, peerName);
                if (peer < 0 || peer >= ranks || peer == rank) {
                    throw new IllegalArgumentException(where + ": " + peerName + " " + peer + " is not another rank;"
                            + " the ranks are 0.." + (ranks - 1) + " and this file is rank " + rank);
                }
                long tag = has(node, "comm_tag") ? attribute(where, node, "comm_tag") : 0;
                return new ChakraNode(node.getId(), node.getName(), send ? ChakraNode.SEND : ChakraNode.RECV,
                        depIds, 0, "", size(where, node), (int) peer, tag);
            }
            default -> throw new IllegalArgumentException(where + ": node type " + node.getType() + " is not one a"
                    + " trace may hold here; use COMP_NODE, COMM_COLL_NODE, COMM_SEND_NODE or COMM_RECV_NODE");
        }
    }

    private static String collective(String where, long type) {
        if (type == EtDef.CollectiveCommType.ALL_REDUCE_VALUE) {
            return "all-reduce";
        } else if (type == EtDef.CollectiveCommType.ALL_GATHER_VALUE) {
            return "all-gather";
        } else if (type == EtDef.CollectiveCommType.REDUCE_SCATTER_VALUE) {
            return "reduce-scatter";
        } else if (type == EtDef.CollectiveCommType.ALL_TO_ALL_VALUE) {
            return "all-to-all";
        }
        EtDef.CollectiveCommType named = type >= 0 && type <= Integer.MAX_VALUE
                ? EtDef.CollectiveCommType.forNumber((int) type) : null;
        throw new IllegalArgumentException(where + ": comm_type " + (named == null ? type : named + " (" + type + ")")
                + " is not a collective the emulator runs; use ALL_REDUCE, ALL_GATHER, REDUCE_SCATTER or ALL_TO_ALL");
    }

    private static long size(String where, EtDef.Node node) {
        long bytes = attribute(where, node, "comm_size");
        if (bytes < 1) {
            throw new IllegalArgumentException(where + ": comm_size " + bytes + " must be at least 1 byte");
        }
        return bytes;
    }

    private static boolean has(EtDef.Node node, String name) {
        for (EtDef.AttributeProto a : node.getAttrList()) {
            if (a.getName().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** The integer attribute {@code name} of {@code node}, of whichever integer type it was written as. */
    private static long attribute(String where, EtDef.Node node, String name) {
        for (EtDef.AttributeProto a : node.getAttrList()) {
            if (a.getName().equals(name)) {
                switch (a.getValueCase()) {
                    case INT64_VAL:
                        return a.getInt64Val();
                    case INT32_VAL:
                        return a.getInt32Val();
                    case UINT32_VAL:
                        return Integer.toUnsignedLong(a.getUint32Val());
                    case UINT64_VAL:
                        return a.getUint64Val();
                    case SINT32_VAL:
                        return a.getSint32Val();
                    case SINT64_VAL:
                        return a.getSint64Val();
                    default:
                        throw new IllegalArgumentException(where + ": attribute " + name + " is "
                                + a.getValueCase() + ", not an integer");
                }
            }
        }
        throw new IllegalArgumentException(where + " (" + node.getType() + ") has no attribute " + name);
    }
}
