package io.fabricemu.switching;

/** Forwarding: the equal-cost egress ports of a switch toward a destination host. Immutable, shareable. */
@FunctionalInterface
public interface Routes {
    /** Ascending egress port numbers of {@code switchNode} on shortest paths to {@code dstHost}; not to be modified. */
    int[] nextPorts(int switchNode, int dstHost);
}
