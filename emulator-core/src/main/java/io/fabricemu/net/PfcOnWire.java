package io.fabricemu.net;

import io.fabricemu.engine.Signal;

/**
 * A transmitter put a PFC frame on its link; its last bit left at {@code lastBitPs}. Handled by the
 * {@link Link}, which delivers it whole ({@link PfcArrival}): a MAC control frame acts once received.
 */
public record PfcOnWire(PfcFrame frame, long lastBitPs) implements Signal {
}
