package io.fabricemu.host;

import io.fabricemu.net.Packet;

/**
 * A control packet a NIC owes its peer whose content is only known when it leaves (an ACK that carries the
 * freshest cumulative state and its true service time), queued in the {@link ControlQueue} until the
 * transmitter is free.
 */
public interface LateReply {
    /** The packet, as it leaves at {@code nowPs}. */
    Packet build(long nowPs);

    /** Its size on the wire, for the queue's accounting. */
    int sizeBytes();
}
