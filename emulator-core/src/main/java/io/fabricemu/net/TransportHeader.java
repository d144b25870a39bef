package io.fabricemu.net;

/**
 * The transport header a {@link Packet} carries beyond its common fields, one variant per transport and role:
 * {@link NoHeader} under the baseline transport (and on an Ultra Ethernet NACK of a trimmed packet, whose flow
 * and PSN say all), {@link PdsHeader} under Ultra Ethernet (a {@link PdsRequest} on data, a {@link PdsAck} on
 * acknowledgements and credit), {@link RoceHeader} under RoCEv2, and {@link BtsHeader} on a switch's
 * back-to-sender notice, which also echoes the header of the data packet it reports on. A packet carries
 * exactly one; a consumer asks for the one it needs by pattern ({@code p.header() instanceof PdsAck ack}).
 */
public sealed interface TransportHeader permits NoHeader, PdsHeader, RoceHeader, BtsHeader {
}
