package io.fabricemu.uet.cc;

/**
 * Credit one sender received in one time slice: what the receiver's host puts in the next {@code ACK_CC}
 * (cc_type {@code CC_CREDIT}) to that sender. The message carries the cumulative value, so a lost or
 * reordered grant is repaired by the next one (UE 1.0, RCCC; "Source-Side Processing of ACK_CC" in the
 * nwktimes.blogspot.com RCCC post).
 *
 * @param senderCccId          the sender's congestion control context id, as its requests carry it
 * @param grantedBytes         credit added in this slice, {@code > 0}
 * @param cumulativeGrantBytes all credit the sender has been given so far, its pre-provisioned initial
 *                             credit included
 */
public record CreditGrant(long senderCccId, long grantedBytes, long cumulativeGrantBytes) {
}
