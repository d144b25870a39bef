package io.fabricemu.net;

/**
 * The Ultra Ethernet packet delivery sublayer (PDS) fields a packet carries beyond the common header: a
 * request's on data packets, an ACK_CC's on acknowledgements and credit grants. Immutable, like the packet.
 */
public sealed interface PdsHeader extends TransportHeader permits PdsRequest, PdsAck {
}
