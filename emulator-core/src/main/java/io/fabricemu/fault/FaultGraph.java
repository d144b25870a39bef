package io.fabricemu.fault;

/** What routing around a failure needs to know of the fabric's wiring and its routes without failures. */
public interface FaultGraph {
    /** Ascending egress ports of switch {@code node} on shortest paths to host {@code dstHost}; not to be modified. */
    int[] nextPorts(int node, int dstHost);

    /** The node at the other end of {@code node}'s port {@code port}. */
    int peerNode(int node, int port);

    /** The cable at {@code node}'s port {@code port}. */
    int cableAt(int node, int port);

    /** Whether {@code node} is a host. */
    boolean isHost(int node);
}
