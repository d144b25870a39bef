package io.fabricemu.uet;

import io.fabricemu.net.Packet;

/**
 * A control packet a NIC owes its peer (an ACK_CC, a NACK, a credit grant), queued until the transmitter is
 * free. Built when it leaves, so it carries the freshest cumulative state and its true service time.
 */
interface Reply {
    /** The packet, as it leaves at {@code nowPs}. */
    Packet build(long nowPs);

    /** Its size on the wire, for the queue's accounting. */
    int sizeBytes();
}
