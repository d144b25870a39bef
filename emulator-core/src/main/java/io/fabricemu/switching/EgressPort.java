package io.fabricemu.switching;

import io.fabricemu.engine.EventContext;
import io.fabricemu.net.Packet;

/**
 * What an {@link EgressStage} sees of the switch port it belongs to: the bytes its queue holds and what its
 * transmitter sent, read at the moment of the hook, and a way to send a packet the switch makes itself.
 */
public interface EgressPort {
    /** Bytes queued in every class, the packet in service included. */
    long queuedBytes();

    /** Bytes queued in {@code trafficClass}, the packet in service included. */
    long classBytes(int trafficClass);

    /** Bytes held beyond the classes' dedicated limits, in shared space. */
    long sharedBytes();

    /** Dedicated bytes still free in the fullest class. */
    long dedicatedFreeBytes();

    /** Bytes the port's transmitter has sent so far. */
    long txBytes();

    /** Whether the peer has paused any class of this port (PFC) at {@code nowPs}. */
    default boolean paused(long nowPs) {
        return false;
    }

    /**
     * Sends a packet this switch made itself (a back-to-sender notice, a forged NAK) toward its destination:
     * routed like any arrival and handed to the chosen egress port after the pipeline latency.
     */
    void sendFromSwitch(Packet p, EventContext ctx);
}
