package io.fabricemu.uet;

import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.SampleSink;
import io.fabricemu.engine.Signal;
import io.fabricemu.host.CommonTransport;
import io.fabricemu.host.FlowIndex;
import io.fabricemu.host.FlowReceiver;
import io.fabricemu.host.LateReply;
import io.fabricemu.host.NicActions;
import io.fabricemu.host.NicFlow;
import io.fabricemu.host.NicSetup;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.PdsAck;
import io.fabricemu.net.PdsRequest;
import io.fabricemu.stats.FlowReceiverStats;
import io.fabricemu.stats.MessageWaits;
import io.fabricemu.stats.PdcWaits;
import io.fabricemu.time.Ps;
import io.fabricemu.uet.cc.CreditGrant;
import io.fabricemu.uet.cc.RcccParams;
import io.fabricemu.uet.cc.RcccReceiver;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The target half of a UET NIC: its PDCs (one per incoming flow), a context per sender CCC counting the
 * bytes committed, the optional memory write path, and RCCC's credit scheduler.
 *
 * <ul>
 *   <li>A request with SYN and no PDC yet allocates one (ids from 1 up, in arrival order); its ACK_CCs
 *       return the id, and every later request must carry it. With a table limit ({@link PdcLimit}) a request
 *       that finds the table full is answered by a PDC-level receiver-not-ready message and not taken, and an
 *       entry is removed once its flow has every packet ({@link TargetPdcs}).</li>
 *   <li>A trimmed packet is NACKed at once. Any other packet goes to memory; when its write commits (at
 *       once without a memory model) it counts towards the CCC's {@code rcvd_bytes} (first copies only)
 *       and, if the transport's {@link AckPolicy} says so now ({@link AckCoalescer}), an ACK_CC is queued; a
 *       duplicate is acknowledged at once. A packet the memory buffer cannot hold is dropped,
 *       unacknowledged.</li>
 *   <li>A flow finishes when the write of its last missing byte commits: with a memory model that is its
 *       {@code finishPs} (and so its FCT and the run's goodput), not the arrival of that byte at the NIC,
 *       which would let the flows of a 50 Gb/s memory report more than 50 Gb/s. It is also when the ACK_CC
 *       that lets the sender close the PDC, and the run count the flow, leaves.</li>
 *   <li>RCCC: every request's credit target goes to the {@link RcccReceiver}, whose grant quantum is this
 *       transport's largest packet (payload plus header) and whose round limit is the bandwidth-delay product
 *       of this NIC's rate and the base RTT: when a packet each for the senders would exceed it, a slice's
 *       share below a packet goes out a whole packet at a time, in turn. While it has active senders a slice
 *       tick runs every slice. A grant rides on the next ACK_CC to that sender; if no data from
 *       the sender arrived during the last slice (it is waiting for credit), it leaves at once as a
 *       credit-only ACK_CC. When those would take more than an eighth of the receiver's link in the slice
 *       (hundreds of quiet senders), only the ones that let a sender send a packet leave; the others wait
 *       until the grant has grown to a packet ({@link #creditUsable}).</li>
 *   <li>RCCC: a trimmed request's credit is owed to its sender again ({@link RcccReceiver#onTrimmed}) and
 *       paid by the next slices, so that a sender whose credit ran out can still retransmit it.</li>
 * </ul>
 *
 * <p>Reliable ordered delivery: a PDC allocated by a request naming ROD (UE 1.0, PDS: the target's PDC takes on
 * the type of the source's) runs a {@link RodReceiver}, and every later request must name ROD too. Only the
 * expected PSN goes to memory (if memory refuses it, it is lost and the next arrival opens a gap); a
 * duplicate is acknowledged again at once without being written; a later PSN, intact or trimmed, is
 * discarded and answered by at most one NACK per gap, naming the expected PSN. With RCCC, the request that
 * causes a NACK (trimmed or not) gives its credit back, as a trimmed RUD request does, so that a sender whose
 * go-back finds it without credit can still resend the NACKed PSN, whose request then reports its new need.
 * The other requests discarded in the gap give nothing back: returning their credit too kept every sender
 * sending at line rate after each trim (7:1 RCCC incast with 400 KB of initial credit: 312,588 trims, 6.5 Gb/s
 * of goodput), while the slices' grants already pay for the resends.
 *
 * Receiver contexts live for the whole run: their cumulative counters must keep agreeing with the sender's,
 * which may open a new PDC on the same context at any time.
 */
final class UetReceiver {
    private record CommitWake() implements Signal {
    }

    private record SliceTick() implements Signal {
    }

    /**
     * Credit-only ACK_CCs to every quiet sender may take up to an eighth of the receiver's link in a slice (an
     * emulator default, not from UE 1.0): a 7:1 incast's seven ACK_CCs per 1 us slice at 100 Gb/s are 3%
     * of it, a 255:1 incast's 255 are 131% and would queue without bound.
     */
    static final int CREDIT_ONLY_LINK_SHARE_DIVISOR = 8;

    static final Signal COMMIT_WAKE = new CommitWake();
    static final Signal SLICE_TICK = new SliceTick();

    /** The receiving side of one sender CCC. */
    private static final class Context {
        final long cccId;
        long rcvdBytes;
        long lastArrivalPs = -1;
        int lastInIndex;
        /** An ACK_CC with a non-zero rcv_cwnd_pend went to this sender and no rc since. */
        boolean penalised;
        /** RCCC: wire bytes of every request that spent credit and arrived (intact, trimmed or refused). */
        long arrivedWireBytes;
        /** RCCC: the highest cumulative grant sent to this sender so far, or its pre-provisioned credit. */
        long toldCreditBytes;

        Context(long cccId, long initialCreditBytes) {
            this.cccId = cccId;
            this.toldCreditBytes = initialCreditBytes;
        }
    }

    private record Commit(int inIndex, Packet packet, long rxPs, long commitPs) {
    }

    private final int host;
    private final String name;
    private final CommonTransport transport;
    private final UetPlan uet;
    private final NicFlow[] flows;
    private final FlowReceiver[] receivers;
    /** Each incoming flow's PDC entry, its id and, under ROD, its ordered-delivery state. */
    private final TargetPdcs pdcs;
    private final Context[] contextOf;
    private final FlowIndex index;
    private final Map<Long, Context> contexts = new HashMap<>();
    private final TreeMap<Long, Context> ungranted = new TreeMap<>();
    private final ReceiverMemory memory;
    /** Receives posted late (request-to-wait, request-to-send); null when every receive is posted in time. */
    private final ReceiverMatching matching;
    private final ArrayDeque<Commit> commits = new ArrayDeque<>();
    private final AckCoalescer acks;
    private final RcccReceiver rccc;
    private final long sliceLengthPs;
    /**
     * The bytes of credit-only ACK_CCs one slice may send to every quiet sender; beyond it they go only to those
     * they let send ({@link #creditUsable}).
     */
    private final long creditOnlyBudgetBytes;
    private final NicActions nic;
    private boolean tickPending;
    private long lastTickPs = -1;
    private long memoryDrops;

    UetReceiver(NicSetup setup, UetPlan uet, NicActions nic) {
        this.host = setup.host();
        this.name = setup.name();
        this.transport = setup.transport();
        this.uet = uet;
        this.nic = nic;
        this.flows = setup.incoming().toArray(new NicFlow[0]);
        long rateBps = setup.totalRateBps();
        this.receivers = new FlowReceiver[flows.length];
        this.contextOf = new Context[flows.length];
        for (int i = 0; i < flows.length; i++) {
            receivers[i] = new FlowReceiver(flows[i].flowId(), flows[i].bytes(), transport.payloadBytes(),
                    nic::delivered);
        }
        this.pdcs = new TargetPdcs(name, flows, receivers, uet.pdcLimit().entries());
        this.index = new FlowIndex(setup.incoming(), name);
        this.acks = new AckCoalescer(uet.ackPolicy(), flows.length);
        this.memory = uet.memory() == null ? null : new ReceiverMemory(uet.memory());
        this.matching = ReceiverMatching.anyLate(flows) ? new ReceiverMatching(host, flows, transport, nic,
                i -> receivers[i].finishPs() >= 0, RendezvousTarget.of(uet, host, flows, transport),
                BounceBuffer.of(uet, receivers)) : null;
        this.sliceLengthPs = uet.sliceLengthPs();
        this.creditOnlyBudgetBytes = Ps.bytesIn(sliceLengthPs, rateBps) / CREDIT_ONLY_LINK_SHARE_DIVISOR;
        this.rccc = uet.rccc() && flows.length > 0
                ? new RcccReceiver(new RcccParams(rateBps, uet.sliceLengthPs(), uet.initialCreditBytes())
                        .withTurns((long) transport.payloadBytes() + transport.headerBytes(),
                                Ps.bytesIn(uet.baseRttPs(), rateBps)))
                : null;
    }

    /** A data packet's (or a credit request's) last bit arrived. */
    void onData(Packet p, EventContext ctx) {
        long now = ctx.nowPs();
        int i = index.of(p);
        PdsRequest q = requestOf(p);
        if (!pdcs.admit(i, q)) {
            nic.reply(transport.answer(host, p, PacketKind.PDC_RNR, p.psn(), 0)); // US 12,388,756 FIG. 2D, 233
            return;
        }
        Context c = contextOf[i];
        if (c == null || c.cccId != q.cccId()) {
            c = contexts.computeIfAbsent(q.cccId(), id -> new Context(id, uet.initialCreditBytes()));
            contextOf[i] = c;
        }
        c.lastInIndex = i;
        if (rccc != null && q.creditTargetBytes() >= 0) {
            rccc.onRequest(q.cccId(), q.creditTargetBytes(), now);
            armTick(ctx);
        }
        if (p.kind() == PacketKind.CREDIT_REQUEST) {
            return; // no data: the sender is waiting for credit, so its grant goes alone at the next slice
        }
        c.lastArrivalPs = now;
        c.arrivedWireBytes += wireBytesOf(i, p.psn());
        if (matching != null && !matching.admit(i, p, ctx)) {
            if (rccc != null && q.creditTargetBytes() >= 0) {
                rccc.onTrimmed(q.cccId(), wireBytesOf(i, p.psn()), now); // owed again, as for a trimmed request
                armTick(ctx);
            }
            return; // no posted receive: discarded, answered by a request-to-wait
        }
        if (pdcs.rod(i) != null) {
            onOrderedData(i, p, q, ctx);
            return;
        }
        if (p.trimmed()) {
            if (rccc != null && q.creditTargetBytes() >= 0) {
                rccc.onTrimmed(q.cccId(), wireBytesOf(i, p.psn()), now);
                armTick(ctx);
            }
            nic.reply(transport.answer(host, p, PacketKind.NACK, p.psn(), 0));
            return;
        }
        if (memory == null) {
            commit(i, p, now, now);
            return;
        }
        long commitPs = memory.admit(now, p.payloadBytes());
        if (commitPs < 0) {
            memoryDrops++;
            return;
        }
        if (commitPs == now) {
            commit(i, p, now, now);
            return;
        }
        commits.addLast(new Commit(i, p, now, commitPs));
        ctx.schedule(commitPs, COMMIT_WAKE);
    }

    /** The PDS request data packet or credit request {@code p} carries. */
    private PdsRequest requestOf(Packet p) {
        if (p.header() instanceof PdsRequest q) {
            return q;
        }
        throw new IllegalStateException("NIC " + name + ": flow " + p.flowId() + " sent a " + p.kind()
                + " without a PDS request");
    }

    /** Flow {@code i}'s PDC runs ROD: only the expected PSN is delivered (see the class comment). */
    private void onOrderedData(int i, Packet p, PdsRequest q, EventContext ctx) {
        long now = ctx.nowPs();
        RodReceiver rod = pdcs.rod(i);
        RodReceiver.Verdict verdict = rod.onArrival(p.psn(), p.trimmed());
        if (verdict == RodReceiver.Verdict.DELIVER) {
            long commitPs = memory == null ? now : memory.admit(now, p.payloadBytes());
            if (commitPs < 0) {
                memoryDrops++;
                return;
            }
            rod.delivered(p.psn());
            if (commitPs == now) {
                commit(i, p, now, now);
            } else {
                commits.addLast(new Commit(i, p, now, commitPs));
                ctx.schedule(commitPs, COMMIT_WAKE);
            }
            return;
        }
        if (verdict == RodReceiver.Verdict.DUPLICATE) {
            acks.acknowledged(i);
            nic.reply(new AckReply(i, p.psn(), p.congestionExperienced(), p.entropy(), p.timestampPs(), now));
        } else if (verdict == RodReceiver.Verdict.NACK) {
            if (rccc != null && q.creditTargetBytes() >= 0) {
                rccc.onTrimmed(q.cccId(), wireBytesOf(i, p.psn()), now);
                armTick(ctx);
            }
            nic.reply(transport.answer(host, p, PacketKind.NACK, rod.expectedPsn(), 0));
        }
    }

    /** Bytes on the wire of flow {@code i}'s packet {@code psn} as sent: full except possibly the last. */
    private long wireBytesOf(int i, long psn) {
        long payloadBytes = transport.payloadBytes();
        return Math.min(payloadBytes, flows[i].bytes() - psn * payloadBytes) + transport.headerBytes();
    }

    /** Memory writes due by now have committed. */
    void onCommitWake(EventContext ctx) {
        long now = ctx.nowPs();
        while (!commits.isEmpty() && commits.peekFirst().commitPs() <= now) {
            Commit c = commits.pollFirst();
            commit(c.inIndex(), c.packet(), c.rxPs(), c.commitPs());
        }
    }

    /**
     * Flow {@code i}'s packet {@code p}, whose last bit reached the NIC at {@code rxPs}, is written to memory at
     * {@code committedPs} ({@code rxPs} without a memory model): its bytes count as delivered, the flow finishes
     * if they were its last missing ones, and its ACK_CC is queued.
     */
    private void commit(int i, Packet p, long rxPs, long committedPs) {
        FlowReceiver r = receivers[i];
        long before = r.deliveredBytes();
        long cumulativeBefore = r.cumulativePsn();
        r.onData(p.psn(), p.payloadBytes(), committedPs);
        if (r.finishPs() >= 0) {
            pdcs.completed(i); // FIG. 2D, 237: the ACK_CC below tells the sender
        }
        long newBytes = r.deliveredBytes() - before;
        contextOf[i].rcvdBytes += newBytes;
        boolean ackNow;
        if (newBytes == 0) {
            acks.acknowledged(i); // a duplicate: the sender is confused, tell it at once
            ackNow = true;
        } else {
            boolean creditOwed = rccc != null && ungranted.containsKey(contextOf[i].cccId);
            ackNow = acks.onAccepted(i, p.sizeBytes(), before == 0 || p.congestionExperienced() || creditOwed,
                    requestOf(p).ackRequest(), p.psn() > cumulativeBefore, r.outOfOrderCount());
        }
        if (ackNow) {
            nic.reply(new AckReply(i, p.psn(), p.congestionExperienced(), p.entropy(), p.timestampPs(), rxPs));
        }
    }

    /** One RCCC slice starts. */
    void onSliceTick(EventContext ctx) {
        long now = ctx.nowPs();
        tickPending = false;
        for (CreditGrant g : rccc.onSlice(now)) {
            ungranted.put(g.senderCccId(), contexts.get(g.senderCccId()));
        }
        long quiet = 0;
        for (Context c : ungranted.values()) {
            if (c.lastArrivalPs <= lastTickPs) {
                quiet++;
            }
        }
        boolean selective = quiet * transport.headerBytes() > creditOnlyBudgetBytes;
        var it = ungranted.values().iterator();
        while (it.hasNext()) {
            Context c = it.next();
            if (c.lastArrivalPs > lastTickPs) {
                continue; // its grant rides on the ACK_CC of its next request
            }
            if (!selective || creditUsable(c)) {
                it.remove();
                c.toldCreditBytes = rccc.cumulativeGrantBytes(c.cccId);
                nic.reply(new CreditReply(c, c.toldCreditBytes));
            } else if (!rccc.isActive(c.cccId)) {
                it.remove(); // no grant will follow, and this one would not let it send
            }
        }
        lastTickPs = now;
        armTick(ctx);
    }

    /**
     * When the credit-only ACK_CCs of a slice would take more than {@link #CREDIT_ONLY_LINK_SHARE_DIVISOR}th of
     * the receiver's link for that slice, only those that pass this test leave. Whether a credit-only ACK_CC to
     * a sender that sent nothing in the last slice would let it send: the
     * credit it was told of, less the bytes of its requests that arrived, does not cover its next packet (a
     * full one, or all it still needs if that is less), and the credit it would be told of does. Otherwise the
     * ACK_CC is held back: the sender is either waiting for more than one slice's grant (an incast of a
     * thousand senders gives each a few bytes per slice, and a thousand credit-only ACK_CCs per slice would
     * swamp the receiver's own link), or it holds credit it is not using. Requests still in flight make what it
     * holds look larger than it is, which delays the ACK_CC until they arrive, a slice or two.
     */
    private boolean creditUsable(Context c) {
        long grantBytes = rccc.cumulativeGrantBytes(c.cccId);
        long fullPacketBytes = (long) transport.payloadBytes() + transport.headerBytes();
        long nextPacketBytes = Math.min(fullPacketBytes,
                grantBytes - c.arrivedWireBytes + rccc.outstandingBytes(c.cccId));
        return c.toldCreditBytes - c.arrivedWireBytes < nextPacketBytes
                && grantBytes - c.arrivedWireBytes >= nextPacketBytes;
    }

    private void armTick(EventContext ctx) {
        if (!tickPending && (rccc.activeSenders() > 0 || !ungranted.isEmpty())) {
            tickPending = true;
            ctx.schedule((ctx.nowPs() / sliceLengthPs + 1) * sliceLengthPs, SLICE_TICK);
        }
    }

    /** The receives posted late, or null when every one is posted in time. */
    ReceiverMatching matching() {
        return matching;
    }

    long memoryDrops() {
        return memoryDrops;
    }

    void sample(SampleSink sink) {
        for (FlowReceiver r : receivers) {
            sink.receiver(r.flowId(), r.deliveredBytes());
        }
    }

    /** Each incoming flow's figures; with a PDC table limit, the entries in use once its own was made. */
    void report(List<FlowReceiverStats> into) {
        for (int i = 0; i < receivers.length; i++) {
            FlowReceiver r = receivers[i];
            into.add(uet.pdcLimit().limited() ? new FlowReceiverStats(r.flowId(), r.deliveredBytes(), r.finishPs(),
                    r.outOfOrderDeliveries(), MessageWaits.NONE.withPdc(PdcWaits.NONE.withTargetEntries(
                    pdcs.entriesAtOpen(i))))
                    : new FlowReceiverStats(r.flowId(), r.deliveredBytes(), r.finishPs(), r.outOfOrderDeliveries()));
        }
    }

    /**
     * An ACK_CC caused by one packet, filled in as it leaves: the cumulative PSN, the SACK bitmap and rcvd_bytes as
     * they are then, so it also covers every packet coalesced before it.
     */
    private final class AckReply implements LateReply {
        private final int inIndex;
        private final long psn;
        private final boolean ecn;
        private final int entropy;
        private final long echoTxPs;
        private final long rxPs;

        AckReply(int inIndex, long psn, boolean ecn, int entropy, long echoTxPs, long rxPs) {
            this.inIndex = inIndex;
            this.psn = psn;
            this.ecn = ecn;
            this.entropy = entropy;
            this.echoTxPs = echoTxPs;
            this.rxPs = rxPs;
        }

        @Override
        public Packet build(long nowPs) {
            FlowReceiver r = receivers[inIndex];
            Context c = contextOf[inIndex];
            int pend = 0;
            boolean restore = false;
            if (memory != null) {
                pend = memory.rcvCwndPend(nowPs);
                if (pend > 0) {
                    c.penalised = true;
                } else if (c.penalised && memory.restoreLevelReached(nowPs)) {
                    c.penalised = false;
                    restore = true;
                }
            }
            long credit = -1;
            if (rccc != null) {
                credit = rccc.cumulativeGrantBytes(c.cccId);
                c.toldCreditBytes = credit;
                ungranted.remove(c.cccId);
            }
            long held = r.outOfOrderCount();
            int ooo = (int) Math.min(Integer.MAX_VALUE, held);
            long sackBasePsn = -1;
            long sackBitmap = 0;
            if (held > 0) {
                // The 64 PSNs up to the one that caused this ACK_CC, none below the cumulative PSN (htsim
                // UecSink::sackBitmapBase): what it and the packets coalesced before it left out of order.
                sackBasePsn = Math.max(r.cumulativePsn(), psn - (PdsAck.SACK_BITS - 1));
                sackBitmap = r.receivedBitmap(sackBasePsn);
            }
            PdsAck ack = new PdsAck(psn, pdcs.id(inIndex), c.rcvdBytes, nowPs - rxPs, pend, restore, ooo, credit,
                    sackBasePsn, sackBitmap);
            NicFlow f = flows[inIndex];
            return Packet.control(PacketKind.ACK, f.flowId(), host, f.peer(), transport.headerBytes(),
                    transport.controlClass(), entropy, r.cumulativePsn(), echoTxPs, ecn ? Packet.FLAG_ECN_ECHO : 0,
                    ack);
        }

        @Override
        public int sizeBytes() {
            return transport.headerBytes();
        }
    }

    /** A credit-only ACK_CC to a sender that is waiting for credit. */
    private final class CreditReply implements LateReply {
        private final Context context;
        private final long creditBytes;

        CreditReply(Context context, long creditBytes) {
            this.context = context;
            this.creditBytes = creditBytes;
        }

        @Override
        public Packet build(long nowPs) {
            int i = context.lastInIndex;
            NicFlow f = flows[i];
            PdsAck ack = new PdsAck(-1, pdcs.id(i), context.rcvdBytes, 0, 0, false, 0, creditBytes);
            return Packet.control(PacketKind.CREDIT, f.flowId(), host, f.peer(), transport.headerBytes(),
                    transport.controlClass(), f.entropy(), -1, nowPs, 0, ack);
        }

        @Override
        public int sizeBytes() {
            return transport.headerBytes();
        }
    }
}
