package io.fabricemu.net;

/**
 * The header of a packet that carries none beyond the common fields: every packet of the baseline transport, an
 * Ultra Ethernet NACK of a trimmed packet, a bare congestion notice. One instance, so a packet without a transport
 * header costs no allocation for it.
 */
public enum NoHeader implements TransportHeader {
    /** The only instance. */
    INSTANCE
}
