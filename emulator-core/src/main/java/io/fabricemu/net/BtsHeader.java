package io.fabricemu.net;

import java.util.Objects;

/**
 * What a back-to-sender notice says beyond the triggering packet's flow and PSN (which the carrying
 * {@link Packet} keeps in its own fields, with the data packet's transmit timestamp): paragraphs (14)
 * and (15) and claim 10 of US 12,388,756. It also echoes the transport header of that data packet as the switch
 * saw it, so that the notice names the sender's context (Ultra Ethernet's request, RoCEv2's queue pair) as the
 * data packet did.
 *
 * @param cause              early (a weighted-random draw) or drop
 * @param ecnBit             the triggering packet's ECN bit as it was when the notice was made (inverted under
 *                           the reverse duplicate polarity); a sender that gets two notices for one PSN sees two
 *                           different bits
 * @param switchNode         the switch's node id
 * @param port               the egress port number on that switch
 * @param trafficClass       the class queue the packet was in
 * @param madePs             when the switch made the notice
 * @param queueBytes         bytes of that class queue when the notice was made (the congestion level's
 *                           occupancy; the packet itself not counted)
 * @param relativeQueuePpm   {@code queueBytes} as parts per million of the class's dedicated limit (may exceed
 *                           a million when the queue borrows shared space)
 * @param queueDelayPs       the time the port needs to send {@code queueBytes} at its line rate
 * @param activeFlows        flows with at least one packet in the port's queues (all classes)
 * @param txBytes            bytes the port has sent so far
 * @param txSnapshotPs       when {@code txBytes} was read (= {@code madePs})
 * @param portBufferBytes    bytes the port holds, all classes, the packet in service included
 * @param sharedBufferBytes  of which held in the switch's shared pool
 * @param gradientBytesPerUs the class queue's growth rate over the last gradient window (negative when
 *                           draining)
 * @param echoed             the data packet's transport header: a {@link PdsRequest}, a {@link RoceHeader} or
 *                           {@link NoHeader} (a notice is only made about data)
 */
public record BtsHeader(BtsCause cause, int ecnBit, int switchNode, int port, int trafficClass, long madePs,
                        long queueBytes, long relativeQueuePpm, long queueDelayPs, int activeFlows, long txBytes,
                        long txSnapshotPs, long portBufferBytes, long sharedBufferBytes, long gradientBytesPerUs,
                        TransportHeader echoed) implements TransportHeader {
    public BtsHeader {
        Objects.requireNonNull(cause, "cause");
        Objects.requireNonNull(echoed, "echoed");
        if (echoed instanceof BtsHeader || echoed instanceof PdsAck) {
            throw new IllegalArgumentException("a back-to-sender notice echoes a data packet's header, not " + echoed);
        }
        if (ecnBit != 0 && ecnBit != 1) {
            throw new IllegalArgumentException("ecnBit must be 0 or 1, was " + ecnBit);
        }
    }
}
