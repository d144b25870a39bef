package io.fabricemu.uet;

import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.SampleSink;
import io.fabricemu.engine.Signal;
import io.fabricemu.host.NicProtocol;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketKind;
import io.fabricemu.stats.BtsCounters;
import io.fabricemu.stats.FlowReceiverStats;
import io.fabricemu.stats.FlowSenderStats;
import java.util.List;

/**
 * The Ultra Ethernet transport on a {@link UetNic}: requests (data and credit requests) go to the target side
 * ({@link UetReceiver}), everything else that arrives (ACK_CCs, NACKs, credit, back-to-sender notices) to the
 * initiator side ({@link UetSender}), which also decides what goes out and what a timeout means.
 */
final class UetProtocol implements NicProtocol {
    private final UetSender sender;
    private final UetReceiver receiver;
    private final PdcPlanes planes;

    UetProtocol(UetSender sender, UetReceiver receiver, PdcPlanes planes) {
        this.sender = sender;
        this.receiver = receiver;
        this.planes = planes;
    }

    /**
     * UET delivers out of order (RUD), so a multi-plane NIC sprays its packets over every plane, as htsim's
     * {@code UecNIC} does (the next free port, whatever the packet's entropy value, {@code uec.cpp}).
     */
    @Override
    public boolean spraysPlanes() {
        return true;
    }

    @Override
    public void start(int i, long nowPs) {
        sender.start(i, nowPs);
    }

    /** As {@link #start(int, long)}; a receive posted with the start of outgoing flow {@code i} is posted too. */
    @Override
    public void start(int i, EventContext ctx) {
        sender.start(i, ctx.nowPs());
        if (receiver.matching() != null) {
            receiver.matching().onOwnStart(sender.flowId(i), ctx);
        }
    }

    @Override
    public void onArrival(Packet p, EventContext ctx) {
        if (p.kind() == PacketKind.DATA || p.kind() == PacketKind.CREDIT_REQUEST) {
            receiver.onData(p, ctx);
        } else {
            sender.onControl(p, ctx);
        }
    }

    @Override
    public boolean onSignal(Signal signal, EventContext ctx) {
        if (signal == UetReceiver.COMMIT_WAKE) {
            receiver.onCommitWake(ctx);
        } else if (signal == UetReceiver.SLICE_TICK) {
            receiver.onSliceTick(ctx);
        } else if (signal instanceof PdcHolds.Retry r) {
            sender.onPdcRetry(r, ctx.nowPs());
        } else if (receiver.matching() == null || !receiver.matching().onSignal(signal, ctx)) {
            return false;
        }
        return true;
    }

    @Override
    public long nextPsn(int i, long nowPs) {
        return sender.nextPsn(i);
    }

    @Override
    public Packet send(int i, long psn, long nowPs) {
        return sender.send(i, (int) psn, nowPs);
    }

    @Override
    public boolean avoidsPort(int i, int port, long nowPs) {
        return planes.avoids(i, port, nowPs);
    }

    @Override
    public void sentOn(int i, long psn, int port) {
        planes.sent(i, (int) psn, port);
    }

    @Override
    public long timerDeadlinePs(int i, long nowPs) {
        return sender.timerDeadlinePs(i, nowPs);
    }

    @Override
    public long onTimer(int i, long nowPs) {
        return sender.onTimer(i, nowPs);
    }

    @Override
    public void sample(SampleSink sink) {
        sender.sample(sink);
        receiver.sample(sink);
    }

    @Override
    public void report(List<FlowSenderStats> sent, List<FlowReceiverStats> received) {
        sender.report(sent);
        int from = received.size();
        receiver.report(received);
        if (receiver.matching() != null) {
            receiver.matching().reportBuffered(received, from);
        }
    }

    @Override
    public long drops() {
        return receiver.memoryDrops();
    }

    @Override
    public BtsCounters noticeCounters() {
        return sender.noticeCounters();
    }

    @Override
    public long firstCutPs() {
        return sender.firstCutPs();
    }
}
