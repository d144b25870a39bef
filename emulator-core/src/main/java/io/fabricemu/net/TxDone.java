package io.fabricemu.net;

import io.fabricemu.engine.Signal;

/** A transmitter's timer: the packet in service has left (its last bit is on the wire). */
public enum TxDone implements Signal {
    INSTANCE
}
