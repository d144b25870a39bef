package io.fabricemu.uet;

/**
 * When a UET target sends an ACK_CC for data it has accepted (UE 1.0, PDS: a target may coalesce
 * acknowledgements, and must answer at once a request carrying the AR flag). Trims are NACKed at once and
 * duplicates acknowledged at once whatever the policy.
 *
 * <p>An ACK_CC leaves at once for a packet that:
 * <ul>
 *   <li>is the first of its flow to arrive (the sender learns the target's PDC id from it);</li>
 *   <li>arrived marked ECN-CE (NSCC's decrease needs every marked sample);</li>
 *   <li>comes from a sender to which RCCC owes credit granted since its last ACK_CC (the grant rides on it and
 *       must not wait: the reference simulator sends its grants in pull packets of their own);</li>
 *   <li>carries the AR flag; if it arrived out of order, a second ACK_CC follows when the gap before it fills;</li>
 *   <li>brings the bytes accepted since the flow's last ACK_CC to {@code everyBytes} (counted on the wire,
 *       header included), or their count to {@code everyPackets};</li>
 *   <li>with {@code outOfOrderAtOnce}, arrived beyond the cumulative PSN.</li>
 * </ul>
 * Otherwise its acknowledgement waits for a later ACK_CC, which covers it by the cumulative PSN, the SACK
 * bitmap and rcvd_bytes.
 *
 * <p>{@link #REFERENCE} is what the Ultra Ethernet Consortium's reference simulator does: htsim
 * {@code UecSink::processData} and {@code shouldSack}, a threshold of {@code _bytes_unacked_threshold} =
 * 16,384 B, no per-packet count, out-of-order arrivals coalesced. With 4,150 B packets that is an ACK_CC for the
 * first packet and then one for every fourth (4 x 4,150 = 16,600 B).
 *
 * @param everyBytes       an ACK_CC once this many bytes were accepted since the last; 0 for no byte threshold
 * @param everyPackets     an ACK_CC once this many packets were accepted since the last; 0 for no packet count
 * @param outOfOrderAtOnce an ACK_CC for every packet that arrives beyond the cumulative PSN
 */
public record AckPolicy(long everyBytes, int everyPackets, boolean outOfOrderAtOnce) {
    /** htsim's {@code UecSink::_bytes_unacked_threshold}. */
    public static final long REFERENCE_BYTES = 16_384;
    /** The reference simulator's coalescing. */
    public static final AckPolicy REFERENCE = new AckPolicy(REFERENCE_BYTES, 0, false);
    /** An ACK_CC for every packet accepted. */
    public static final AckPolicy EVERY_PACKET = new AckPolicy(0, 1, false);

    public AckPolicy {
        if (everyBytes < 0 || everyPackets < 0) {
            throw new IllegalArgumentException("everyBytes " + everyBytes + " and everyPackets " + everyPackets
                    + " must be >= 0");
        }
        if (everyBytes == 0 && everyPackets == 0) {
            throw new IllegalArgumentException("an ACK policy needs a byte threshold or a packet count");
        }
    }

    /** Whether every accepted packet is acknowledged on its own. */
    public boolean everyPacket() {
        return everyPackets == 1;
    }
}
