package io.fabricemu.host;

import io.fabricemu.engine.Signal;

/**
 * One of the flows that outgoing flow {@code index} of the receiving NIC waits for has been fully received at
 * another host: the notice one NIC sends another ({@link StartDependencies}), crossing the fabric as a
 * zero-load header would.
 */
public record DependencyMet(int index) implements Signal {
}
