package io.fabricemu.pfc;

import io.fabricemu.engine.Signal;

/**
 * An egress port finished sending (or dropped) {@code bytes} of a lossless class that came in through the
 * port handling this event: that ingress port's count goes down by them. Sent one switch latency after the
 * fact, like every hop inside a switch.
 */
public record PfcReleased(int trafficClass, int bytes) implements Signal {
}
