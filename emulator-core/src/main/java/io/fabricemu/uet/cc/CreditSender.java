package io.fabricemu.uet.cc;

/**
 * The sender side of UET receiver credit-based congestion control (RCCC) for one congestion control
 * context (CCC): the credit the receiver has allowed, what has been spent of it, and the backlog still to
 * send.
 *
 * <h2>Rules</h2>
 * <ul>
 *   <li>A new context starts with the pre-provisioned credit ({@link RcccParams#initialCreditBytes()},
 *       12,500 B in the RCCC post), which it may spend before hearing from the receiver.</li>
 *   <li>Grants are cumulative: {@link #onGrant} adds {@code received cumulative - local cumulative} when
 *       that is positive and nothing otherwise, so a stale, duplicated or reordered {@code ACK_CC} cannot
 *       add credit twice. Vector: local 12,500, received 25,000: 12,500 B newly allowed.</li>
 *   <li>{@link #canSend}/{@link #onSent} spend credit: a packet may leave only if the credit not yet spent
 *       covers all of its bytes.</li>
 *   <li>{@link #backlogBytes()} is what remains to send. Vector: a 256,000,000 B write; after the first
 *       12,500 B are sent, 255,987,500 B remain.</li>
 *   <li>{@link #creditTargetBytes()} is what a {@code RUD_CC_REQ} reports: the backlog not yet covered by
 *       credit the sender holds. Until a grant arrives it equals the backlog (255,987,500 B above); the
 *       RCCC post then subtracts the 12,500 B just granted "keeping the sender's demand signal accurate for the
 *       next request", giving 255,975,000 B. Reporting the bare backlog also works, at the price of
 *       more credit granted and never spent at the end of a transfer.</li>
 *   <li>A retransmission is new demand: {@link #enqueue} its bytes again so that it is credited.</li>
 * </ul>
 *
 * <h2>With NSCC</h2>
 * A context that runs both NSCC and RCCC sends a packet only when both allow it: NSCC's window
 * ({@code inflight + packet <= cwnd}, protecting the fabric) and this credit ({@link #canSend}, protecting
 * the receiver's last hop). The two are independent gates, checked together and each updated by its own
 * feedback: the cumulative {@code rcvd_bytes} of an {@code ACK_CC} shrinks NSCC's inflight; its cumulative
 * credit feeds {@link #onGrant}. Because the receiver's credit already holds the senders to its link rate,
 * ECN marking at the last-hop egress is normally off for this traffic class (see {@link RcccReceiver}), so
 * NSCC reacts to congestion in the fabric, not to the incast the credit prevents.
 *
 * <p>Sources: UE 1.0, RCCC; "Ultra Ethernet: Receiver Credit-based Congestion Control (RCCC)"
 * (nwktimes.blogspot.com, 5 February 2026), sections "Source RCCC Operation" and "Source-Side Processing of
 * ACK_CC". htsim's {@code UecSrc::handlePull}
 * ({@code sim/uec.cpp}) likewise adds only the increase of a cumulative grant.
 */
public final class CreditSender {
    private long cumulativeCreditBytes;
    private long sentBytes;
    private long enqueuedBytes;

    /** A new context holding {@code initialCreditBytes} of pre-provisioned credit. */
    public CreditSender(long initialCreditBytes) {
        if (initialCreditBytes < 0) {
            throw new IllegalArgumentException("initialCreditBytes must be >= 0, was " + initialCreditBytes);
        }
        this.cumulativeCreditBytes = initialCreditBytes;
    }

    /** A new context holding the pre-provisioned credit of {@code params}. */
    public static CreditSender create(RcccParams params) {
        return new CreditSender(params.initialCreditBytes());
    }

    /** Work of {@code bytes} was posted (a write, or bytes to retransmit): the backlog grows by it. */
    public void enqueue(long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("bytes must be > 0, was " + bytes);
        }
        enqueuedBytes = Math.addExact(enqueuedBytes, bytes);
    }

    /**
     * Work of {@code bytes} posted earlier is no longer needed (a packet queued for retransmission was
     * acknowledged after all): the backlog shrinks by it.
     */
    public void withdraw(long bytes) {
        if (bytes <= 0 || bytes > backlogBytes()) {
            throw new IllegalArgumentException("bytes must lie in [1, backlog " + backlogBytes() + "], was " + bytes);
        }
        enqueuedBytes -= bytes;
    }

    /**
     * An {@code ACK_CC} carried the receiver's cumulative grant {@code receivedCumulativeBytes}.
     *
     * @return the bytes newly allowed by it: the increase over the local cumulative credit, 0 for a stale
     *     or duplicate value
     */
    public long onGrant(long receivedCumulativeBytes) {
        if (receivedCumulativeBytes < 0) {
            throw new IllegalArgumentException("receivedCumulativeBytes must be >= 0, was " + receivedCumulativeBytes);
        }
        if (receivedCumulativeBytes <= cumulativeCreditBytes) {
            return 0;
        }
        long newlyAllowed = receivedCumulativeBytes - cumulativeCreditBytes;
        cumulativeCreditBytes = receivedCumulativeBytes;
        return newlyAllowed;
    }

    /** Whether a packet of {@code bytes} may leave now: it is backlog and the unspent credit covers it. */
    public boolean canSend(long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("bytes must be > 0, was " + bytes);
        }
        return bytes <= availableCreditBytes() && bytes <= backlogBytes();
    }

    /** A packet of {@code bytes} left: spends that much credit and backlog. */
    public void onSent(long bytes) {
        if (!canSend(bytes)) {
            throw new IllegalStateException("cannot send " + bytes + " B with " + availableCreditBytes()
                    + " B of credit and " + backlogBytes() + " B of backlog");
        }
        sentBytes += bytes;
    }

    /** Bytes posted and not yet sent. */
    public long backlogBytes() {
        return enqueuedBytes - sentBytes;
    }

    /** Credit the context may still spend, in bytes. */
    public long availableCreditBytes() {
        return cumulativeCreditBytes - sentBytes;
    }

    /** The credit target for the next {@code RUD_CC_REQ}: backlog not covered by unspent credit, {@code >= 0}. */
    public long creditTargetBytes() {
        return Math.max(0, backlogBytes() - availableCreditBytes());
    }

    /** All credit this context has been allowed, in bytes, its initial credit included. */
    public long cumulativeCreditBytes() {
        return cumulativeCreditBytes;
    }

    /** Bytes sent under credit so far. */
    public long sentBytes() {
        return sentBytes;
    }
}
