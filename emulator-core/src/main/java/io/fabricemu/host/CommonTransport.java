package io.fabricemu.host;

/**
 * What every NIC's transport shares, whatever the protocol: how a packet is framed, which traffic classes
 * data and control packets use, and when an unacknowledged packet is given up on.
 *
 * @param headerBytes  header bytes of every packet (an ACK is header only)
 * @param payloadBytes payload bytes of a full data packet (MTU on the wire minus the header)
 * @param rtoPs        retransmission timeout
 * @param dataClass    traffic class of data packets
 * @param controlClass traffic class of ACKs, NAKs and other control packets (higher: served first)
 */
public record CommonTransport(int headerBytes, int payloadBytes, long rtoPs, int dataClass, int controlClass) {
    public CommonTransport {
        if (headerBytes <= 0 || payloadBytes <= 0 || rtoPs <= 0 || controlClass <= dataClass) {
            throw new IllegalArgumentException("headerBytes " + headerBytes + ", payloadBytes " + payloadBytes
                    + ", rtoPs " + rtoPs + ", dataClass " + dataClass + ", controlClass " + controlClass);
        }
    }
}
