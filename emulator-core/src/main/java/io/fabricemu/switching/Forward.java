package io.fabricemu.switching;

import io.fabricemu.engine.Signal;
import io.fabricemu.net.Packet;
import io.fabricemu.pfc.PfcReleased;

/**
 * A packet crossed a switch from an ingress port and is ready to queue at the egress port that handles
 * this event, at the event's time.
 *
 * @param packet      the packet
 * @param ingressPort the number (on this switch) of the port it came in through, or -1 when unknown; the
 *                    egress tells that port when a lossless packet's bytes leave ({@link PfcReleased})
 */
public record Forward(Packet packet, int ingressPort) implements Signal {
    /** A packet whose ingress port does not matter (no PFC). */
    public Forward(Packet packet) {
        this(packet, -1);
    }
}
