package io.fabricemu.fabric;

import io.fabricemu.engine.Signal;

/** A transmitter's timer: the packet in service has left (its last bit is on the wire). */
enum TxDone implements Signal {
    INSTANCE
}
