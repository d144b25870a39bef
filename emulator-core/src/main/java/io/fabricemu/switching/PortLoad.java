package io.fabricemu.switching;

import io.fabricemu.engine.Signal;

/** Port {@code port} of this switch has queue level {@code level} now ({@link AdaptiveRouting#level}). */
record PortLoad(int port, int level) implements Signal {
}
