package io.fabricemu.switching;

import io.fabricemu.engine.Signal;

/**
 * A port gave back {@code bytes} of its lease it was not using. The port stops counting them when it
 * sends this; the pool frees them when it handles it, one switch latency later.
 *
 * @param port  the returning port's number on the switch
 * @param bytes how many bytes, &gt; 0
 */
record LeaseReturned(int port, long bytes) implements Signal {
}
