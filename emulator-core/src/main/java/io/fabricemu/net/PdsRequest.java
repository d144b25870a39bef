package io.fabricemu.net;

import java.util.Objects;

/**
 * The PDS fields of a UET data packet, a {@code RUD_CC_REQ} or its ordered twin (UE 1.0, PDS and RCCC;
 * the nwktimes.blogspot.com RCCC post, "Source RCCC Operation": PDS requests name the delivery mode, and the
 * target allocates a PDC of that mode).
 *
 * @param cccId             the sender's congestion control context, as {@code pds.req_cc_state} names it
 * @param syn               set until the sender's PDC has seen its first ACK_CC: the target has no PDC yet
 * @param dpdcid            the target's PDC id, learnt from that first ACK_CC; 0 while {@code syn} is set
 * @param creditTargetBytes RCCC: the sender CCC's backlog not yet covered by credit, in bytes on the wire;
 *                          -1 when the CCC does not run RCCC
 * @param mode              the sender PDC's delivery mode, which the target's PDC takes on at SYN
 * @param ackRequest        the AR flag (UE 1.0, PDS: acknowledgement request): the sender asks for an ACK_CC at
 *                          once rather than whenever the target's coalescing would send one; it sets the flag on
 *                          a retransmission, on the last packet it has to send, and when its window or credit
 *                          cannot take another packet (htsim {@code UecSrc::sendNewPacket}, {@code set_ar})
 */
public record PdsRequest(long cccId, boolean syn, int dpdcid, long creditTargetBytes, DeliveryMode mode,
                         boolean ackRequest) implements PdsHeader {
    public PdsRequest {
        Objects.requireNonNull(mode, "mode");
        if (syn != (dpdcid == 0)) {
            throw new IllegalArgumentException("a request carries DPDCID 0 exactly while SYN is set: syn " + syn
                    + ", dpdcid " + dpdcid);
        }
    }

    /** A request without the AR flag. */
    public PdsRequest(long cccId, boolean syn, int dpdcid, long creditTargetBytes, DeliveryMode mode) {
        this(cccId, syn, dpdcid, creditTargetBytes, mode, false);
    }

    /** A request of a PDC in reliable unordered delivery, without the AR flag. */
    public PdsRequest(long cccId, boolean syn, int dpdcid, long creditTargetBytes) {
        this(cccId, syn, dpdcid, creditTargetBytes, DeliveryMode.RUD);
    }
}
