package io.fabricemu.uet;

import io.fabricemu.engine.Element;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.SampleSink;
import io.fabricemu.engine.Signal;
import io.fabricemu.host.CommonTransport;
import io.fabricemu.host.NicFlow;
import io.fabricemu.net.Arrival;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.PfcArrival;
import io.fabricemu.net.Transmitter;
import io.fabricemu.net.TxDone;
import io.fabricemu.pfc.PfcPauses;
import io.fabricemu.stats.FlowReceiverStats;
import io.fabricemu.stats.FlowSenderStats;
import io.fabricemu.stats.PortStats;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A host's NIC running the Ultra Ethernet transport: the initiator side ({@link UetSender}) for the flows
 * it sends, the target side ({@link UetReceiver}) for those it receives, and one transmitter shared by
 * both. Control packets (ACK_CCs, NACKs, credit) go first, then data in the sender's round-robin order.
 * While the switch pauses the data class (PFC, {@link PfcPauses}) no data packet starts; control packets,
 * credit requests included, keep going.
 */
public final class UetNic implements Element {
    private record FlowStart(int index) implements Signal {
    }

    private final String name;
    private final Transmitter tx;
    private final PfcPauses pauses;
    private final UetSender sender;
    private final UetReceiver receiver;
    private final ArrayDeque<Reply> control = new ArrayDeque<>();
    private long controlBytes;
    private long peakControlBytes;
    private final int dataClass;

    /**
     * @param host      this NIC's host id
     * @param name      stable name for results
     * @param linkId    element id of the NIC's outgoing link
     * @param rateBps   the NIC's line rate
     * @param handoffPs the outgoing link's handoff time
     * @param outgoing  flows this NIC sends
     * @param incoming  flows this NIC receives (peer is the sender)
     * @param transport what the transport shares with every protocol
     * @param uet       the Ultra Ethernet transport's settings
     * @param seed      the scenario seed, from which each PDC's load balancer draws
     */
    public UetNic(int host, String name, int linkId, long rateBps, long handoffPs, List<NicFlow> outgoing,
                  List<NicFlow> incoming, CommonTransport transport, UetPlan uet, long seed) {
        this.name = name;
        this.tx = new Transmitter(linkId, rateBps, handoffPs);
        this.pauses = new PfcPauses(transport.controlClass() + 1, rateBps);
        this.dataClass = transport.dataClass();
        this.sender = new UetSender(host, name, rateBps, outgoing, transport, uet, seed);
        this.receiver = new UetReceiver(host, name, rateBps, incoming, transport, uet, this::queue);
    }

    @Override
    public void start(EventContext ctx) {
        for (int i = 0; i < sender.flowCount(); i++) {
            ctx.schedule(sender.startPs(i), new FlowStart(i));
        }
    }

    @Override
    public void onEvent(Signal signal, EventContext ctx) {
        if (signal instanceof Arrival a) {
            Packet p = a.packet();
            if (p.kind() == PacketKind.DATA || p.kind() == PacketKind.CREDIT_REQUEST) {
                receiver.onData(p, ctx);
            } else {
                sender.onControl(p, ctx);
            }
        } else if (signal == TxDone.INSTANCE) {
            tx.done();
        } else if (signal == UetReceiver.COMMIT_WAKE) {
            receiver.onCommitWake(ctx);
        } else if (signal == UetReceiver.SLICE_TICK) {
            receiver.onSliceTick(ctx);
        } else if (signal instanceof FlowStart s) {
            sender.start(s.index());
        } else if (signal instanceof PfcArrival a) {
            pauses.received(a.frame(), ctx.nowPs());
        } else if (pauses.onWake(signal, ctx.nowPs())) {
            // a pause may have expired: pump below tries again
        } else if (!sender.onSignal(signal, ctx)) {
            throw new IllegalArgumentException("NIC " + name + " cannot handle " + signal);
        }
        pump(ctx);
    }

    private void queue(Reply r) {
        control.addLast(r);
        controlBytes += r.sizeBytes();
        peakControlBytes = Math.max(peakControlBytes, controlBytes);
    }

    /** Starts the next packet if the transmitter is free and something may go. */
    private void pump(EventContext ctx) {
        if (tx.busy()) {
            return;
        }
        Reply r = control.pollFirst();
        if (r != null) {
            controlBytes -= r.sizeBytes();
            tx.start(r.build(ctx.nowPs()), ctx);
            return;
        }
        boolean dataPaused = pauses.paused(dataClass, ctx.nowPs());
        Packet next = sender.next(ctx, !dataPaused);
        if (next != null) {
            tx.start(next, ctx);
        } else if (dataPaused) {
            pauses.armWake(dataClass, ctx);
        }
    }

    @Override
    public void sample(SampleSink sink) {
        sink.port(name, 0, controlBytes, receiver.memoryDrops(), 0, 0, 0, 0, 0, tx.txBytes());
        sender.sample(sink);
        receiver.sample(sink);
    }

    @Override
    public ElementReport report() {
        List<FlowSenderStats> sent = new ArrayList<>();
        sender.report(sent);
        List<FlowReceiverStats> received = new ArrayList<>();
        receiver.report(received);
        PortStats port = new PortStats(name, 0, peakControlBytes, receiver.memoryDrops(), 0, 0, tx.txBytes(),
                pauses.counters(), sender.noticeCounters(), sender.firstCutPs());
        return new ElementReport(sent, received, List.of(port));
    }
}
