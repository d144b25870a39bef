package io.fabricemu.stats;

/**
 * One RNR NAK a switch port forged for an incast (switch {@code rnrNack}), as its port reports it.
 *
 * @param atPs           when the port made it
 * @param flowId         the QP's flow
 * @param psn            the PSN it carries: the packet it replaced, where the requester resumes
 * @param destQpn        the requester's QPN it is addressed to
 * @param msn            the responder's MSN it carries
 * @param pausePs        the pause it carries, as the requester applies it
 * @param occupancyBytes bytes the port held when it made the NAK
 * @param episode        the port's incast episode, from 1
 * @param rank           the order of this NAK within its episode, from 0
 */
public record RnrNakRecord(long atPs, int flowId, long psn, int destQpn, long msn, long pausePs, long occupancyBytes,
                           int episode, int rank) {
}
