package io.fabricemu.host;

import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.SampleSink;
import io.fabricemu.engine.Signal;
import io.fabricemu.net.Packet;
import io.fabricemu.stats.BtsCounters;
import io.fabricemu.stats.FlowReceiverStats;
import io.fabricemu.stats.FlowSenderStats;
import io.fabricemu.time.Ps;
import java.util.List;

/**
 * What a transport protocol decides on a {@link Nic}: what an arriving packet means, which packet of an
 * outgoing flow goes next and when it may, and what a retransmission timer means. The NIC does the rest the
 * same for every protocol (transmitter, PFC pauses, control first, round robin, timer and pacing events).
 *
 * <p>Outgoing flows are numbered {@code i} in the order of {@link NicSetup#outgoing()}.
 */
public interface NicProtocol {
    /** Outgoing flow {@code i} starts at {@code nowPs}; it then joins the round robin. */
    void start(int i, long nowPs);

    /** As {@link #start(int, long)}, for a protocol that schedules its own events as a flow starts. */
    default void start(int i, EventContext ctx) {
        start(i, ctx.nowPs());
    }

    /** A packet's last bit arrived. */
    void onArrival(Packet p, EventContext ctx);

    /** Handles {@code signal} if it is one of the protocol's own events (scheduled by it); false otherwise. */
    default boolean onSignal(Signal signal, EventContext ctx) {
        return false;
    }

    /** The PSN flow {@code i} may send at {@code nowPs}, or -1 when it may not send now. */
    long nextPsn(int i, long nowPs);

    /**
     * After {@link #nextPsn} said no: when flow {@code i} may send without any event in between (its pacing),
     * or {@link Ps#NEVER} when only an event can let it.
     */
    default long heldUntilPs(int i, long nowPs) {
        return Ps.NEVER;
    }

    /** Flow {@code i}'s packet {@code psn}, as {@link #nextPsn} gave it, leaves at {@code nowPs}: recorded, made. */
    Packet send(int i, long psn, long nowPs);

    /** The deadline of flow {@code i}'s retransmission timer after a packet left at {@code nowPs}, or NEVER. */
    long timerDeadlinePs(int i, long nowPs);

    /**
     * Flow {@code i}'s retransmission timer fired at {@code nowPs}.
     *
     * @return the deadline to arm it again for, or {@link Ps#NEVER}
     */
    long onTimer(int i, long nowPs);

    /** Writes the state of every flow (see {@link SampleSink#sender} and {@link SampleSink#receiver}). */
    void sample(SampleSink sink);

    /** Adds each outgoing flow's outcome to {@code sent}, each incoming flow's to {@code received}. */
    void report(List<FlowSenderStats> sent, List<FlowReceiverStats> received);

    /** How many packets outgoing flow {@code i} of {@code bytes} is cut into, numbered by PSN from 0. */
    default long packetCount(int i, long bytes, int payloadBytes) {
        return io.fabricemu.net.Packets.of(bytes, payloadBytes);
    }

    /**
     * Whether any of its packets may leave on any port of a multi-plane NIC, so that a flow's packets spread over
     * the planes (a transport that tolerates reordering); false keeps each flow on one plane.
     */
    default boolean spraysPlanes() {
        return false;
    }

    /**
     * Whether outgoing flow {@code i} should leave {@code port} of a multi-plane NIC alone at {@code nowPs} (its
     * packets on that plane keep being lost); asked only of a protocol that sprays, and only with several ports.
     */
    default boolean avoidsPort(int i, int port, long nowPs) {
        return false;
    }

    /** Flow {@code i}'s packet {@code psn} left on {@code port} of a multi-plane NIC (a protocol that sprays). */
    default void sentOn(int i, long psn, int port) {
    }

    /** Packets the NIC received and dropped (a full receive memory). */
    default long drops() {
        return 0;
    }

    /** The back-to-sender notices the NIC's senders received, summed. */
    default BtsCounters noticeCounters() {
        return BtsCounters.NONE;
    }

    /** When a sender first cut its rate or window on a congestion signal, or -1. */
    default long firstCutPs() {
        return -1;
    }
}
