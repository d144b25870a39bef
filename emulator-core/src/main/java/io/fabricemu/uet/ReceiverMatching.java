package io.fabricemu.uet;

import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.Signal;
import io.fabricemu.host.CommonTransport;
import io.fabricemu.host.NicActions;
import io.fabricemu.host.NicFlow;
import io.fabricemu.host.SortedRuns;
import io.fabricemu.net.NoHeader;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketKind;
import io.fabricemu.time.Ps;
import io.fabricemu.stats.FlowReceiverStats;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * The target side of receives posted late (US 12,388,756 ¶(59)-(60), FIG. 1E), for the incoming flows of a UET
 * NIC: each flow is one message, keyed in the {@link MatchTable} by its source and its message sequence number
 * (MSN), the flow's rank among the flows from that source to this NIC in workload order. UE 1.0 carries the
 * message's identity in the SES header; here the packet's flow stands for it.
 *
 * <ul>
 *   <li>A packet of a message whose receive is not posted finds no match: it is discarded and answered by a
 *       request-to-wait ({@link PacketKind#RTW}) echoing its PSN and transmit time.</li>
 *   <li>The receive is posted at the flow's {@code recvPostedPs} (an event, armed by the first failed match) or
 *       when this NIC starts its own flow {@code recvWithFlowId} (a collective's rank entering the step). A post
 *       that replaces a failed match sends a request-to-send ({@link PacketKind#RTS}).</li>
 *   <li>The RTS is sent again every {@code rtsTimeoutPs} until a data packet sent after it arrives (¶(59): "RTS
 *       messages are retransmitted ... if the PDC does not receive a data message from the source in a given
 *       time"). A real target would tell its restart by a new PSN; the emulator's clock is global, so a copy whose
 *       transmit time is after the RTS left is one the RTS caused.</li>
 * </ul>
 * Flows posted in time never reach the table: {@link #admit} answers them at once, so a workload without late
 * receives runs as it did before.
 *
 * <p>With rendezvous sends ({@link RendezvousTarget}, {@code transport.receiverNotReady: rendezvous}) nothing is
 * discarded and no RTW goes: an eager packet that finds no posted receive is held in the unexpected-message buffer
 * and acknowledged; once the receive is posted and the message's first packet has arrived, the RTS goes as the
 * fetch request for the rest, repeated as above until a packet of the rest arrives.
 *
 * <p>With bounce buffers ({@link BounceBuffer}, {@code transport.receiverNotReady: buffer}) a packet that finds no
 * posted receive is held in the target's pool while it fits, and goes on to be acknowledged as any delivered
 * packet (a trimmed one is NACKed, as to a ready receiver); the message completes only once its receive is posted
 * and the held bytes copied out. A packet that does not fit is answered by request-to-wait as above, and so is the
 * rest of its message until the post, which then sends the RTS.
 */
final class ReceiverMatching {
    /** The time has come to post incoming flow {@code inIndex}'s receive. */
    record Posted(int inIndex) implements Signal {
    }

    /** Whether incoming flow {@code inIndex}'s request-to-send was answered; otherwise it goes again. */
    record RtsCheck(int inIndex) implements Signal {
    }

    private final int host;
    private final NicFlow[] flows;
    private final CommonTransport transport;
    private final NicActions nic;
    private final long rtsTimeoutPs;
    private final MatchTable table = new MatchTable();
    private final int[] msn;
    /** Per incoming flow: the receive is posted (always, for flows posted in time). */
    private final boolean[] posted;
    private final boolean[] postArmed;
    /** Per incoming flow: when its last RTS left, -1 when none is unanswered. */
    private final long[] rtsSentPs;
    /** Whether incoming flow i has been fully received: its RTS is then not repeated. */
    private final IntPredicate finished;
    /** The own flows whose start posts receives, ascending, and for each the incoming flow it posts. */
    private final int[] postingFlowIds;
    private final int[] postedIndex;
    /** Rendezvous sends' state, or null when packets that find no receive are answered by request-to-wait. */
    private final RendezvousTarget rendezvous;
    /** The bounce-buffer pool, or null when packets that find no receive are not held in one. */
    private final BounceBuffer bounce;

    /**
     * @param finished whether incoming flow {@code i} has been fully received (a message whose old copies all
     *                 matched once the receive was posted needs no restart)
     */
    ReceiverMatching(int host, NicFlow[] flows, CommonTransport transport, NicActions nic, IntPredicate finished) {
        this(host, flows, transport, nic, finished, null);
    }

    /** As above; {@code rendezvous} non-null: the sources send rendezvous, and the target fetches. */
    ReceiverMatching(int host, NicFlow[] flows, CommonTransport transport, NicActions nic, IntPredicate finished,
            RendezvousTarget rendezvous) {
        this(host, flows, transport, nic, finished, rendezvous, null);
    }

    /** As above; {@code bounce} non-null: the target holds unexpected packets in its bounce buffer. */
    ReceiverMatching(int host, NicFlow[] flows, CommonTransport transport, NicActions nic, IntPredicate finished,
            RendezvousTarget rendezvous, BounceBuffer bounce) {
        this.host = host;
        this.rendezvous = rendezvous;
        this.bounce = bounce;
        this.finished = finished;
        this.flows = flows;
        this.transport = transport;
        this.nic = nic;
        this.rtsTimeoutPs = transport.rtoPs();
        this.msn = new int[flows.length];
        this.posted = new boolean[flows.length];
        this.postArmed = new boolean[flows.length];
        this.rtsSentPs = new long[flows.length];
        Arrays.fill(rtsSentPs, -1);
        // Flow ids follow the workload's order, so a source's messages are numbered in the order it posts them.
        Integer[] order = new Integer[flows.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Integer.compare(flows[a].flowId(), flows[b].flowId()));
        java.util.Map<Integer, Integer> nextMsn = new java.util.HashMap<>();
        int posting = 0;
        for (int i : order) {
            msn[i] = nextMsn.merge(flows[i].peer(), 1, Integer::sum) - 1;
            posted[i] = !flows[i].postsLate();
            posting += flows[i].recvWithFlowId() >= 0 ? 1 : 0;
        }
        // Sorted by the posting flow's id, so that a start finds its receives by binary search.
        Integer[] byPoster = Arrays.stream(order).filter(i -> flows[i].recvWithFlowId() >= 0).toArray(Integer[]::new);
        Arrays.sort(byPoster, (a, b) -> Integer.compare(flows[a].recvWithFlowId(), flows[b].recvWithFlowId()));
        this.postingFlowIds = new int[posting];
        this.postedIndex = new int[posting];
        for (int k = 0; k < posting; k++) {
            postedIndex[k] = byPoster[k];
            postingFlowIds[k] = flows[byPoster[k]].recvWithFlowId();
        }
    }

    /** Whether any incoming flow's receive may be posted late. */
    static boolean anyLate(NicFlow[] flows) {
        for (NicFlow f : flows) {
            if (f.postsLate()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Data packet {@code p} of incoming flow {@code i} arrived.
     *
     * @return true when it matched a posted receive and goes on to memory; false when it was discarded and
     *     answered by a request-to-wait
     */
    boolean admit(int i, Packet p, EventContext ctx) {
        if (rendezvous != null && flows[i].postsLate()) {
            admitRendezvous(i, p, ctx);
            return true;
        }
        if (posted[i] && rtsSentPs[i] < 0) {
            return true;
        }
        long now = ctx.nowPs();
        NicFlow f = flows[i];
        if (!posted[i] && f.recvPostedPs() >= 0 && now >= f.recvPostedPs()) {
            post(i, ctx);
        }
        if (!posted[i] && bounce != null && bounced(i, p, ctx)) {
            return true;
        }
        if (table.onPacket(f.peer(), msn[i]) == MatchTable.Outcome.FAILED_MATCH) {
            nic.reply(transport.answer(host, p, PacketKind.RTW, p.psn(), 0));
            if (!postArmed[i] && f.recvPostedPs() >= 0) {
                postArmed[i] = true;
                ctx.schedule(f.recvPostedPs(), new Posted(i));
            }
            return false;
        }
        if (rtsSentPs[i] >= 0 && p.timestampPs() >= rtsSentPs[i]) {
            rtsSentPs[i] = -1; // the source restarted: the RTS was heard
        }
        return true;
    }

    /**
     * Packet {@code p} of rendezvous flow {@code i} arrived: held while the receive is not posted, and the fetch
     * request sent when it is due; a packet of the rest answers the fetch.
     */
    private void admitRendezvous(int i, Packet p, EventContext ctx) {
        NicFlow f = flows[i];
        if (!posted[i] && f.recvPostedPs() >= 0 && ctx.nowPs() >= f.recvPostedPs()) {
            post(i, ctx);
        }
        rendezvous.arrived(i);
        if (!posted[i]) {
            if (!p.trimmed() && rendezvous.eager(i, p.psn())) {
                rendezvous.hold(i, p.psn(), p.payloadBytes());
            }
            if (!postArmed[i] && f.recvPostedPs() >= 0) {
                postArmed[i] = true;
                ctx.schedule(f.recvPostedPs(), new Posted(i));
            }
        } else if (rendezvous.fetchDue(i)) {
            sendFetch(i, ctx);
        }
        if (rtsSentPs[i] >= 0 && rendezvous.rest(i, p.psn())) {
            rtsSentPs[i] = -1; // the source sends the rest: the fetch was heard
        }
    }

    /** Packet {@code p} of flow {@code i}, whose receive is not posted, is held in the bounce buffer if it fits. */
    private boolean bounced(int i, Packet p, EventContext ctx) {
        if (bounce.overflowed(i)) {
            return false;
        }
        if (!p.trimmed() && !bounce.offer(i, p.psn(), p.payloadBytes())) {
            return false;
        }
        if (!postArmed[i] && flows[i].recvPostedPs() >= 0) {
            postArmed[i] = true;
            ctx.schedule(flows[i].recvPostedPs(), new Posted(i));
        }
        return true;
    }

    private void sendFetch(int i, EventContext ctx) {
        rendezvous.fetched(i);
        sendRts(i, ctx);
    }

    /** Handles {@code signal} if it is one of this table's ({@link Posted}, {@link RtsCheck}); false otherwise. */
    boolean onSignal(Signal signal, EventContext ctx) {
        if (signal instanceof Posted p) {
            if (!posted[p.inIndex()]) {
                post(p.inIndex(), ctx);
            }
            return true;
        }
        if (signal instanceof RtsCheck c) {
            onRtsCheck(c.inIndex(), ctx);
            return true;
        }
        if (signal instanceof BounceBuffer.Copied c) {
            bounce.release(c.inIndex(), ctx);
            return true;
        }
        return false;
    }

    /** This NIC starts its own flow {@code flowId}: the receives posted with it are posted now. */
    void onOwnStart(int flowId, EventContext ctx) {
        int k = SortedRuns.first(postingFlowIds, flowId);
        for (; k >= 0 && k < postingFlowIds.length && postingFlowIds[k] == flowId; k++) {
            if (!posted[postedIndex[k]]) {
                post(postedIndex[k], ctx);
            }
        }
    }

    /** An RTS went a timeout ago: unless data sent after it has arrived, or the message is complete, it goes again. */
    private void onRtsCheck(int i, EventContext ctx) {
        if (finished.test(i)) {
            rtsSentPs[i] = -1;
        } else if (rtsSentPs[i] >= 0 && ctx.nowPs() - rtsSentPs[i] >= rtsTimeoutPs) {
            sendRts(i, ctx);
        }
    }

    private void post(int i, EventContext ctx) {
        posted[i] = true;
        if (rendezvous != null) {
            rendezvous.onPosted(i);
            if (rendezvous.fetchDue(i)) {
                sendFetch(i, ctx);
            }
            return;
        }
        if (bounce != null) {
            bounce.onPosted(i, ctx);
        }
        if (table.post(flows[i].peer(), msn[i])) {
            sendRts(i, ctx);
        }
    }

    private void sendRts(int i, EventContext ctx) {
        long now = ctx.nowPs();
        NicFlow f = flows[i];
        nic.reply(Packet.control(PacketKind.RTS, f.flowId(), host, f.peer(), transport.headerBytes(),
                transport.controlClass(), f.entropy(), -1, now, 0, NoHeader.INSTANCE));
        rtsSentPs[i] = now;
        ctx.schedule(Ps.plusSaturated(now, rtsTimeoutPs), new RtsCheck(i));
    }

    /**
     * Adds what rendezvous sends left in the unexpected-message buffer to the stats of this NIC's incoming flows,
     * {@code received} from index {@code from} on, in the order of the flows; nothing under request-to-wait.
     */
    void reportBuffered(List<FlowReceiverStats> received, int from) {
        if (rendezvous != null) {
            rendezvous.report(received, from, flows);
        }
        if (bounce != null) {
            bounce.report(received, from, flows);
        }
    }

    /** Packets that found no posted receive. */
    long failedMatches() {
        return table.failedMatches();
    }
}
