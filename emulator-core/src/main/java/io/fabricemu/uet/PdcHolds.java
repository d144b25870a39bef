package io.fabricemu.uet;

import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.Signal;
import io.fabricemu.stats.PdcWaits;

/**
 * A source's PDCs towards targets whose PDC table may be full (US 12,388,756 FIG. 1K and 2D): a PDC-level
 * receiver-not-ready message (RNR) for one of a PDC's packets holds the PDC: nothing of it leaves until its retry
 * timer ({@link PdcLimit#retryPs(long)}) fires, or until an ACK_CC shows that the target made it an entry after all
 * (another of its packets, sent before the RNR came back, found a free slot). Either way it then sends the packets
 * the RNRs gave back, lowest PSN first, still with SYN until the first ACK_CC.
 *
 * <p>An RNR holds the PDC only if it answers a copy sent since the PDC last resumed: one sent before belongs to the
 * attempt that was already refused, and its RNR, still on its way when the timer fired, must not hold the new one.
 * Such a stale RNR still counts, and its packet still goes again.
 *
 * <p>Plain and single-threaded; the caller (the NIC's sender) gives the packets back to the PDC and tells the
 * congestion context.
 */
final class PdcHolds {
    /** Flow {@code index}'s retry timer, armed for {@code atPs}: a later hold arms another, and this one is stale. */
    record Retry(int index, long atPs) implements Signal {
    }

    private final long retryPs;
    /** Per flow, since when its PDC is held, -1 while it may send. */
    private final long[] heldSincePs;
    /** Per flow, when its current attempt began: copies sent before it belong to an earlier one. */
    private final long[] attemptStartPs;
    private final long[] retryAtPs;
    private final long[] rnrs;
    private final long[] retries;
    private final long[] waitedPs;

    PdcHolds(int flows, long retryPs) {
        if (retryPs <= 0) {
            throw new IllegalArgumentException("retryPs must be > 0, was " + retryPs);
        }
        this.retryPs = retryPs;
        this.heldSincePs = new long[flows];
        java.util.Arrays.fill(heldSincePs, -1);
        this.attemptStartPs = new long[flows];
        this.retryAtPs = new long[flows];
        this.rnrs = new long[flows];
        this.retries = new long[flows];
        this.waitedPs = new long[flows];
    }

    /** Whether flow {@code i}'s PDC may send. */
    boolean mayGo(int i) {
        return heldSincePs[i] < 0;
    }

    /**
     * An RNR for flow {@code i}'s copy sent at {@code txPs} arrived: unless it is stale or the PDC is held already,
     * the PDC is held and its retry timer armed.
     */
    void onNotReady(int i, long txPs, EventContext ctx) {
        rnrs[i]++;
        if (heldSincePs[i] >= 0 || txPs < attemptStartPs[i]) {
            return;
        }
        long now = ctx.nowPs();
        heldSincePs[i] = now;
        retryAtPs[i] = now + retryPs;
        ctx.schedule(retryAtPs[i], new Retry(i, retryAtPs[i]));
    }

    /**
     * Retry timer {@code r} fired at {@code nowPs}.
     *
     * @return the flow whose PDC may send again, or -1 (the timer is stale: the PDC was released since)
     */
    int onRetry(Retry r, long nowPs) {
        int i = r.index();
        if (heldSincePs[i] < 0 || retryAtPs[i] != r.atPs()) {
            return -1;
        }
        retries[i]++;
        release(i, nowPs);
        return i;
    }

    /**
     * An ACK_CC for flow {@code i}'s PDC arrived at {@code nowPs}: the target has an entry for it.
     *
     * @return true when it released a held PDC
     */
    boolean onEstablished(int i, long nowPs) {
        if (heldSincePs[i] < 0) {
            return false;
        }
        release(i, nowPs);
        return true;
    }

    private void release(int i, long nowPs) {
        waitedPs[i] += nowPs - heldSincePs[i];
        heldSincePs[i] = -1;
        attemptStartPs[i] = nowPs;
    }

    /** What full tables cost flow {@code i}'s PDC. */
    PdcWaits waits(int i) {
        return rnrs[i] == 0 ? PdcWaits.NONE : new PdcWaits(rnrs[i], retries[i], waitedPs[i], 0);
    }
}
