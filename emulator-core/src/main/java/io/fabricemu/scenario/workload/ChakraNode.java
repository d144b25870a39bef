package io.fabricemu.scenario.workload;

/**
 * One node of a Chakra execution trace, as far as the emulator uses it: what it is, what it waits for, how long it
 * computes and what it communicates (MLCommons Chakra, schema/protobuf/et_def.proto: {@code Node}, its
 * {@code NodeType} and the attributes {@code comm_type}, {@code comm_size}, {@code comm_src}, {@code comm_dst},
 * {@code comm_tag} that ASTRA-sim's trace feeder reads).
 *
 * @param id         the node's id in its file
 * @param name       the node's name in its file ("" when it has none)
 * @param type       {@link #COMPUTE}, {@link #SEND}, {@link #RECV} or {@link #COLLECTIVE}
 * @param deps       the ids of the nodes it waits for, data and control dependencies together, each once
 * @param durationPs its compute time ({@code duration_micros}), 0 for a communication node
 * @param collective for a collective node, its kind as {@link Collective#KINDS} names it, else ""
 * @param bytes      the bytes it communicates ({@code comm_size}), 0 for a compute node
 * @param peer       a send's destination rank or a receive's source rank, -1 otherwise
 * @param tag        a send's or receive's {@code comm_tag}, 0 when absent
 */
record ChakraNode(long id, String name, int type, long[] deps, long durationPs, String collective, long bytes, int peer,
                  long tag) {
    static final int COMPUTE = 0;
    static final int SEND = 1;
    static final int RECV = 2;
    static final int COLLECTIVE = 3;

    ChakraNode {
        deps = deps.clone();
    }

    @Override
    public long[] deps() {
        return deps.clone();
    }

    int depCount() {
        return deps.length;
    }

    long dep(int k) {
        return deps[k];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ChakraNode n && id == n.id && name.equals(n.name) && type == n.type
                && java.util.Arrays.equals(deps, n.deps)
                && durationPs == n.durationPs && collective.equals(n.collective) && bytes == n.bytes
                && peer == n.peer && tag == n.tag;
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(id, name, type, java.util.Arrays.hashCode(deps), durationPs, collective, bytes,
                peer, tag);
    }

    @Override
    public String toString() {
        return "ChakraNode[id=" + id + ", name=" + name + ", type=" + type + ", deps="
                + java.util.Arrays.toString(deps) + ", durationPs=" + durationPs + ", collective=" + collective
                + ", bytes=" + bytes + ", peer=" + peer + ", tag=" + tag + "]";
    }
}
