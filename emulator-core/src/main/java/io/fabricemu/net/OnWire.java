package io.fabricemu.net;

import io.fabricemu.engine.Signal;

/**
 * A transmitter put a packet on its link: its first bit left at {@code firstBitPs}, its last at
 * {@code lastBitPs}. Handled by the {@link Link}.
 */
public record OnWire(Packet packet, long firstBitPs, long lastBitPs) implements Signal {
}
