package io.fabricemu.switching;

import io.fabricemu.engine.Signal;

/**
 * A port asked its switch's shared buffer pool for more shared bytes. Handled by the pool one switch
 * latency after the port sent it; a port has at most one request outstanding.
 *
 * @param port        the asking port's number on the switch
 * @param askedBytes  how many bytes it wants, &gt; 0
 */
record LeaseRequested(int port, long askedBytes) implements Signal {
}
