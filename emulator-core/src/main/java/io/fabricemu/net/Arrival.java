package io.fabricemu.net;

import io.fabricemu.engine.Signal;

/**
 * A packet reached the far end of a link: its first bit at {@code firstBitPs}, its last at
 * {@code lastBitPs}. Handled by a switch port's ingress or a NIC.
 */
public record Arrival(Packet packet, long firstBitPs, long lastBitPs) implements Signal {
}
