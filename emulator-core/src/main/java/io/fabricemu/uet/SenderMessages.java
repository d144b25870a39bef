package io.fabricemu.uet;

import io.fabricemu.host.NicFlow;
import io.fabricemu.stats.MessageWaits;
import io.fabricemu.time.Ps;
import java.math.BigInteger;

/**
 * The per-message state of a UET source's outgoing flows (each flow is one message) towards receivers that may not
 * be ready: with request-to-wait, a {@link MessageSend} made when the first RTW or RTS comes; with a rendezvous, a
 * {@link RendezvousSend} for each flow whose receive timing the workload gives, made when the sender is. A flow
 * whose receive is posted in time has neither and sends as it always did.
 */
final class SenderMessages {
    private final MessageSend[] rtw;
    /** Per flow, its rendezvous state, or null when it sends without one. */
    private final RendezvousSend[] rendezvous;

    SenderMessages(int host, NicFlow[] flows, Pdc[] pdcs, UetPlan uet, int payloadBytes) {
        this.rtw = new MessageSend[flows.length];
        this.rendezvous = new RendezvousSend[flows.length];
        if (!uet.notReady().rendezvous()) {
            return;
        }
        for (int i = 0; i < flows.length; i++) {
            if (flows[i].postsLate()) {
                long eager = eagerBytes(uet, host, flows[i].peer());
                int count = pdcs[i].packetCount();
                rendezvous[i] = new RendezvousSend(RendezvousSend.eagerPackets(eager, payloadBytes, count), count);
            }
        }
    }

    /**
     * The eager part's size from {@code src} to {@code dst}: the scenario's, or one bandwidth-delay product of the
     * path as NSCC sizes it (the slower host's rate x config_base_rtt). Source and target both compute it, so
     * that the target knows which packets are eager.
     */
    static long eagerBytes(UetPlan uet, int src, int dst) {
        if (uet.notReady().eagerBytes() > 0) {
            return uet.notReady().eagerBytes();
        }
        long rateBps = Math.min(uet.hostRateBps().applyAsLong(src), uet.hostRateBps().applyAsLong(dst));
        return BigInteger.valueOf(rateBps).multiply(BigInteger.valueOf(uet.baseRttPs()))
                .divide(BigInteger.valueOf(8 * Ps.PER_S)).min(BigInteger.valueOf(Long.MAX_VALUE)).longValueExact();
    }

    /** Whether flow {@code i}'s packet {@code psn} may leave: its message neither waits nor is past its eager part. */
    boolean mayGo(int i, int psn) {
        return (rtw[i] == null || rtw[i].sending()) && (rendezvous[i] == null || rendezvous[i].mayGo(psn));
    }

    /** Flow {@code i}'s packet {@code psn} left at {@code nowPs}. */
    void sent(int i, int psn, long nowPs) {
        if (rendezvous[i] != null) {
            rendezvous[i].onSent(psn, nowPs);
        }
    }

    /** An RTW for flow {@code i}'s copy sent at {@code txPs} arrived ({@link MessageSend#onRtw}). */
    void onRtw(int i, long txPs, int payloadBytes, long nowPs) {
        rtw(i).onRtw(txPs, payloadBytes, nowPs);
    }

    /**
     * An RTS for flow {@code i} arrived: a fetch request, if it is a rendezvous (its rest may go now); otherwise
     * the request-to-send of ¶(59).
     *
     * @return true when the message must restart from its first packet not yet acknowledged
     */
    boolean onRts(int i, long nowPs) {
        if (rendezvous[i] != null) {
            rendezvous[i].onFetch(nowPs);
            return false;
        }
        return rtw(i).onRts(nowPs);
    }

    /** Every packet of flow {@code i} is acknowledged. */
    void done(int i) {
        if (rtw[i] != null) {
            rtw[i].done();
        }
        if (rendezvous[i] != null) {
            rendezvous[i].done();
        }
    }

    /** What flow {@code i}'s message met, as its source counted it. */
    MessageWaits waits(int i) {
        MessageWaits w = rtw[i] == null ? MessageWaits.NONE : rtw[i].waits();
        RendezvousSend r = rendezvous[i];
        return r == null || r.fetches() == 0 ? w : MessageWaits.fetched(r.fetches(), r.waitedPs());
    }

    private MessageSend rtw(int i) {
        if (rtw[i] == null) {
            rtw[i] = new MessageSend();
        }
        return rtw[i];
    }
}
