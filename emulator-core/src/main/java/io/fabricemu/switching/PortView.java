package io.fabricemu.switching;

import io.fabricemu.engine.EventContext;
import io.fabricemu.net.Packet;
import io.fabricemu.net.Transmitter;
import java.util.function.BiConsumer;

/** A switch port as its stages see it: its queue and transmitter, read-only, and its switch's router. */
final class PortView implements EgressPort {
    private final EgressQueue queue;
    private final Transmitter tx;
    private final BiConsumer<Packet, EventContext> sendFromSwitch;

    PortView(EgressQueue queue, Transmitter tx, BiConsumer<Packet, EventContext> sendFromSwitch) {
        this.queue = queue;
        this.tx = tx;
        this.sendFromSwitch = sendFromSwitch;
    }

    @Override
    public long queuedBytes() {
        return queue.bytes();
    }

    @Override
    public long classBytes(int trafficClass) {
        return queue.classBytes(trafficClass);
    }

    @Override
    public long sharedBytes() {
        return queue.sharedBytes();
    }

    @Override
    public long dedicatedFreeBytes() {
        return queue.dedicatedFreeBytes();
    }

    @Override
    public long txBytes() {
        return tx.txBytes();
    }

    @Override
    public void sendFromSwitch(Packet p, EventContext ctx) {
        sendFromSwitch.accept(p, ctx);
    }
}
