package io.fabricemu.net;

import io.fabricemu.engine.Signal;

/** A PFC frame's last bit reached the far end of a link, at the event's time. Handled by a port or a NIC. */
public record PfcArrival(PfcFrame frame) implements Signal {
}
