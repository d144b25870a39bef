package io.fabricemu.fabric;

/**
 * The PDS fields of a UET data packet, a {@code RUD_CC_REQ} (seed 002, "Source RCCC Operation").
 *
 * @param cccId             the sender's congestion control context, as {@code pds.req_cc_state} names it
 * @param syn               set until the sender's PDC has seen its first ACK_CC: the target has no PDC yet
 * @param dpdcid            the target's PDC id, learnt from that first ACK_CC; 0 while {@code syn} is set
 * @param creditTargetBytes RCCC: the sender CCC's backlog not yet covered by credit, in bytes on the wire;
 *                          -1 when the CCC does not run RCCC
 */
public record PdsRequest(long cccId, boolean syn, int dpdcid, long creditTargetBytes) implements PdsHeader {
    public PdsRequest {
        if (syn != (dpdcid == 0)) {
            throw new IllegalArgumentException("a request carries DPDCID 0 exactly while SYN is set: syn " + syn
                    + ", dpdcid " + dpdcid);
        }
    }
}
