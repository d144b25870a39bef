package io.fabricemu.baseline;

import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.SampleSink;
import io.fabricemu.host.CommonTransport;
import io.fabricemu.host.FlowIndex;
import io.fabricemu.host.FlowReceiver;
import io.fabricemu.host.NicActions;
import io.fabricemu.host.NicFlow;
import io.fabricemu.host.NicProtocol;
import io.fabricemu.host.NicSetup;
import io.fabricemu.net.NoHeader;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketKind;
import io.fabricemu.stats.FlowReceiverStats;
import io.fabricemu.stats.FlowSenderStats;
import io.fabricemu.time.Ps;
import java.util.List;

/**
 * The baseline reliable transport on a {@link BaselineNic}: a {@link FlowSender} per flow it sends, a
 * {@link FlowReceiver} per flow it receives. A data packet is answered by an ACK of the cumulative PSN (with
 * the ECN echo of a CE mark), or by a NACK of its PSN when a switch trimmed it.
 */
final class BaselineProtocol implements NicProtocol {
    private final int host;
    private final CommonTransport transport;
    private final NicActions nic;
    private final NicFlow[] outFlows;
    private final FlowSender[] senders;
    private final FlowIndex outIndex;
    private final FlowReceiver[] receivers;
    private final FlowIndex inIndex;

    BaselineProtocol(NicSetup setup, long windowBytes, NicActions nic) {
        this.host = setup.host();
        this.transport = setup.transport();
        this.nic = nic;
        this.outFlows = setup.outgoing().toArray(new NicFlow[0]);
        this.senders = new FlowSender[outFlows.length];
        for (int i = 0; i < outFlows.length; i++) {
            NicFlow f = outFlows[i];
            senders[i] = new FlowSender(f.flowId(), f.bytes(), transport.payloadBytes(), transport.rtoPs(),
                    windowBytes);
        }
        this.outIndex = new FlowIndex(setup.outgoing(), setup.name());
        List<NicFlow> incoming = setup.incoming();
        this.receivers = new FlowReceiver[incoming.size()];
        for (int i = 0; i < receivers.length; i++) {
            NicFlow f = incoming.get(i);
            receivers[i] = new FlowReceiver(f.flowId(), f.bytes(), transport.payloadBytes(), nic::delivered);
        }
        this.inIndex = new FlowIndex(incoming, setup.name());
    }

    @Override
    public void start(int i, long nowPs) {
        // a flow needs nothing more than its sender to start
    }

    @Override
    public void onArrival(Packet p, EventContext ctx) {
        long now = ctx.nowPs();
        if (p.kind() == PacketKind.DATA) {
            int i = inIndex.of(p);
            if (p.trimmed()) {
                reply(p, PacketKind.NACK, p.psn(), 0);
                return;
            }
            long cumulative = receivers[i].onData(p.psn(), p.payloadBytes(), now);
            reply(p, PacketKind.ACK, cumulative, p.congestionExperienced() ? Packet.FLAG_ECN_ECHO : 0);
            return;
        }
        int i = outIndex.of(p);
        if (p.kind() == PacketKind.NACK) {
            senders[i].nacked(p.psn(), now);
            return;
        }
        if (senders[i].acked(p.psn(), now, p.timestampPs(), (p.flags() & Packet.FLAG_ECN_ECHO) != 0)) {
            nic.completed(i, ctx);
        }
    }

    /** Queues a header-only control packet back to the sender of {@code data}. */
    private void reply(Packet data, PacketKind kind, long psn, int flags) {
        nic.reply(transport.answer(host, data, kind, psn, flags));
    }

    @Override
    public long nextPsn(int i, long nowPs) {
        return senders[i].nextSendablePsn(nowPs);
    }

    @Override
    public long heldUntilPs(int i, long nowPs) {
        return senders[i].pacedUntilPs(nowPs);
    }

    @Override
    public Packet send(int i, long psn, long nowPs) {
        NicFlow f = outFlows[i];
        FlowSender s = senders[i];
        int payload = s.payloadOf(psn);
        Packet data = Packet.data(f.flowId(), host, f.peer(), payload + transport.headerBytes(), payload,
                transport.dataClass(), f.entropy(), psn, nowPs, NoHeader.INSTANCE);
        s.sent(psn, nowPs);
        return data;
    }

    @Override
    public long timerDeadlinePs(int i, long nowPs) {
        return senders[i].rtoDeadlinePs();
    }

    @Override
    public long onTimer(int i, long nowPs) {
        FlowSender s = senders[i];
        return s.timerFired(nowPs) ? Ps.NEVER : s.rtoDeadlinePs();
    }

    @Override
    public void sample(SampleSink sink) {
        for (FlowSender s : senders) {
            sink.sender(s.flowId(), s.windowBytes(), -1, -1);
            if (s.lastRttPs() >= 0) {
                sink.senderRtt(s.flowId(), s.lastRttPs(), s.lastRttPayloadBytes() + transport.headerBytes());
            }
        }
        for (FlowReceiver r : receivers) {
            sink.receiver(r.flowId(), r.deliveredBytes());
        }
    }

    @Override
    public void report(List<FlowSenderStats> sent, List<FlowReceiverStats> received) {
        for (FlowSender s : senders) {
            sent.add(new FlowSenderStats(s.flowId(), s.retransmittedBytes(), s.ackedAllPs()));
        }
        for (FlowReceiver r : receivers) {
            received.add(new FlowReceiverStats(r.flowId(), r.deliveredBytes(), r.finishPs(),
                    r.outOfOrderDeliveries()));
        }
    }
}
