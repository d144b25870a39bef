package io.fabricemu.net;

/**
 * The PDS fields of a UET ACK_CC (UE 1.0, NSCC and RCCC; Figures 6-11 to 6-14 of the nwktimes.blogspot.com
 * NSCC posts): the PSN whose arrival caused it (its RTT sample and ECN echo), a selective-acknowledgement
 * bitmap of 64 PSNs (UE 1.0, PDS: the SACK ACK's {@code sack_psn_offset} and 64-bit {@code sack_bitmap}), the
 * target's PDC id, NSCC's {@code ack_cc_state} and RCCC's cumulative credit. The packet's {@code psn} carries
 * the cumulative PSN. A coalesced ACK_CC answers several packets: the cumulative PSN and the bitmap say which,
 * {@code rcvdBytes} how many bytes. A credit-only ACK_CC ({@link PacketKind#CREDIT}) acknowledges no PSN.
 *
 * @param ackPsn          the PSN this ACK_CC acknowledges selectively, or -1 for a credit-only one
 * @param spdcid          the target's PDC id, which the sender puts in {@code dpdcid} from now on
 * @param rcvdBytes       cumulative payload bytes the target has committed on this CCC (received_bytes)
 * @param serviceTimePs   the target's time from the packet's arrival to this response leaving, in ps
 * @param rcvCwndPend     destination flow control penalty, 0..127
 * @param restoreCwnd     the rc flag: the destination's congestion is over
 * @param oooCount        packets the target holds beyond the cumulative PSN (out of order)
 * @param creditBytes     RCCC: the cumulative credit granted to the sender's CCC; -1 when not running RCCC
 * @param sackBasePsn     the PSN of the bitmap's bit 0, or -1 when the ACK_CC carries no bitmap
 * @param sackBitmap      bit {@code k} set: PSN {@code sackBasePsn + k} has arrived
 */
public record PdsAck(long ackPsn, int spdcid, long rcvdBytes, long serviceTimePs, int rcvCwndPend,
                     boolean restoreCwnd, int oooCount, long creditBytes, long sackBasePsn, long sackBitmap)
        implements PdsHeader {
    /** Bits in {@link #sackBitmap()}. */
    public static final int SACK_BITS = 64;

    public PdsAck {
        if (sackBasePsn < 0 && sackBitmap != 0) {
            throw new IllegalArgumentException("a SACK bitmap " + Long.toHexString(sackBitmap) + " needs a base PSN");
        }
    }

    /** An ACK_CC without a SACK bitmap: it acknowledges {@code ackPsn} and the cumulative PSN only. */
    public PdsAck(long ackPsn, int spdcid, long rcvdBytes, long serviceTimePs, int rcvCwndPend, boolean restoreCwnd,
                  int oooCount, long creditBytes) {
        this(ackPsn, spdcid, rcvdBytes, serviceTimePs, rcvCwndPend, restoreCwnd, oooCount, creditBytes, -1, 0);
    }
}
