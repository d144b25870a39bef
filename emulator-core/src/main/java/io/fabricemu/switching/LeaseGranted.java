package io.fabricemu.switching;

import io.fabricemu.engine.Signal;

/**
 * The pool answered a port's {@link LeaseRequested}: the port's lease grows by {@code grantedBytes}
 * (possibly 0 when the pool's dynamic threshold allows nothing). Handled by the port one switch latency
 * after the pool sent it.
 */
record LeaseGranted(long grantedBytes) implements Signal {
}
