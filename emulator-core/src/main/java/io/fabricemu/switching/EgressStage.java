package io.fabricemu.switching;

import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.Signal;
import io.fabricemu.net.Packet;

/**
 * One stage of a switch port's egress path: a mechanism (PFC, the shared-buffer lease, switch-generated RNR
 * NAKs, trimming, back-to-sender notices, ECN marking) that the port consults at fixed points of a packet's
 * way through it. A port holds its stages in a fixed order ({@link PortStages}) and calls every hook of every
 * stage in that order; a stage does nothing at the hooks it does not implement.
 *
 * <p>A stage belongs to one port and is built with that port's {@link EgressPort}, through which it reads
 * the port's queue and sends packets the switch makes itself. Hooks are called on the hot path: they must not
 * allocate for a packet they leave alone.
 */
public interface EgressStage {
    /** The port starts, at time 0. */
    default void start(EventContext ctx) {
    }

    /**
     * A packet came in through the port from its link, before it is routed: acknowledgements going back to a
     * sender pass here.
     */
    default void arrived(Packet p, long nowPs) {
    }

    /**
     * Whether this stage takes part in the port's ingress: it hears of arrivals ({@link #arrived}) or sends packets
     * of the switch's own to other ports ({@link EgressPort#sendFromSwitch}), which could meet the ingress's
     * forwards at one port and time. Arrivals pass through a port none of whose stages does, unseen
     * ({@link QuietIngress}), so its switch's {@link PortStages#touchesIngress} must say so.
     */
    default boolean touchesIngress() {
        return false;
    }

    /**
     * Packet {@code p} is about to be offered to the port's queue. A stage may tell the offer what it may take
     * ({@link EgressOffer}), change the packet (trim or mark it), send something back toward its sender, or
     * take it away.
     *
     * @return the packet to pass on: {@code p}, a changed copy of it, or null when the stage took it (turned
     *         it into something else or dropped it); then no later stage sees it and the queue is not told
     */
    default Packet beforeEnqueue(Packet p, EgressOffer offer, EventContext ctx) {
        return p;
    }

    /** Packet {@code p}, which every stage passed on, was queued ({@code admitted}) or tail-dropped. */
    default void offered(Packet p, boolean admitted, long nowPs) {
    }

    /** The port's queue changed: after every packet the stages passed on to it and after every departure. */
    default void occupancyChanged(EventContext ctx) {
    }

    /**
     * Packet {@code p} leaves the queue and starts on the wire; its bytes still count as queued.
     *
     * @return the packet to transmit: {@code p} or a copy marked CE
     */
    default Packet atDequeue(Packet p, EventContext ctx) {
        return p;
    }

    /**
     * The last bit of packet {@code p} has left; its bytes no longer count as queued.
     *
     * @param ingressPort the switch port it came in through, or -1 when the switch made it
     */
    default void departed(Packet p, int ingressPort, EventContext ctx) {
    }

    /**
     * Whether a departure is silent here: {@link #departed} and {@link #occupancyChanged} then change only this stage's
     * own state, sending and scheduling nothing, so a port whose stages all say so may have the end of a packet's
     * serialisation handled lazily when nothing waits behind it ({@link EventContext#defer}). Asked once, when the
     * port is built; a stage that may send or schedule then says false, the default.
     */
    default boolean departsQuietly() {
        return false;
    }

    /** A signal the port does not handle itself; returns whether it was this stage's. */
    default boolean handle(Signal signal, EventContext ctx) {
        return false;
    }

    /** Adds what this stage did so far to {@code counts}, for the port's samples and its report. */
    default void count(EgressCounts counts) {
    }

    /**
     * Whether this stage's dequeue draw stands for the ECN mark of {@code trafficClass}, so the ECN stage
     * leaves that class alone (back-to-sender notices sharing the ECN draw). Asked once, when the stages are
     * built.
     */
    default boolean drawsEcnFor(int trafficClass) {
        return false;
    }

    /** Whether any of {@code stages} takes part in the ingress ({@link #touchesIngress}). */
    static boolean anyTouchesIngress(EgressStage[] stages) {
        for (EgressStage s : stages) {
            if (s.touchesIngress()) {
                return true;
            }
        }
        return false;
    }
}
