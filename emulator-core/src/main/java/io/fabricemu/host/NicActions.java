package io.fabricemu.host;

import io.fabricemu.engine.EventContext;
import io.fabricemu.net.Packet;

/** What a {@link NicProtocol} may ask of the NIC that runs it: control packets to send, flows to stop offering. */
public interface NicActions {
    /** Queues a control packet (an ACK, a NAK, a CNP): it leaves before any data, in the order queued. */
    void reply(Packet p);

    /** Queues a control packet made only as it leaves, in the same order as {@link #reply(Packet)}. */
    void reply(LateReply r);

    /**
     * Queues a control packet of the sending side (a credit request): it leaves after the replies waiting
     * then, before any data, and even while the data class is paused.
     */
    void request(Packet p);

    /** Outgoing flow {@code i} has completed: it is counted and leaves the round robin. */
    void completed(int i, EventContext ctx);

    /** Outgoing flow {@code i} failed: it leaves the round robin and the run does not wait for it. */
    void failed(int i);

    /**
     * A receiver delivered the last byte of incoming flow {@code flowId}: once the event being handled is done,
     * the flows that wait for it learn so.
     */
    void delivered(int flowId);
}
