package io.fabricemu.net;

/**
 * The PDS fields of a UET ACK_CC (UE 1.0, NSCC and RCCC; Figures 6-11 to 6-14 of the nwktimes.blogspot.com
 * NSCC posts): the selective acknowledgement of one
 * PSN (the packet's {@code psn} carries the cumulative one), the target's PDC id, NSCC's
 * {@code ack_cc_state} and RCCC's cumulative credit. A credit-only ACK_CC ({@link PacketKind#CREDIT})
 * acknowledges no PSN.
 *
 * @param ackPsn          the PSN this ACK_CC acknowledges selectively, or -1 for a credit-only one
 * @param spdcid          the target's PDC id, which the sender puts in {@code dpdcid} from now on
 * @param rcvdBytes       cumulative payload bytes the target has committed on this CCC (received_bytes)
 * @param serviceTimePs   the target's time from the packet's arrival to this response leaving, in ps
 * @param rcvCwndPend     destination flow control penalty, 0..127
 * @param restoreCwnd     the rc flag: the destination's congestion is over
 * @param oooCount        packets the target holds beyond the cumulative PSN (out of order)
 * @param creditBytes     RCCC: the cumulative credit granted to the sender's CCC; -1 when not running RCCC
 */
public record PdsAck(long ackPsn, int spdcid, long rcvdBytes, long serviceTimePs, int rcvCwndPend,
                     boolean restoreCwnd, int oooCount, long creditBytes) implements PdsHeader {
}
