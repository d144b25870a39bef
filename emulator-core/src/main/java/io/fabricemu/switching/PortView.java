package io.fabricemu.switching;

import io.fabricemu.engine.EventContext;
import io.fabricemu.net.Packet;
import io.fabricemu.net.Transmitter;
import java.util.function.BiConsumer;
import java.util.function.LongPredicate;

/** A switch port as its stages see it: its queue and transmitter, read-only, and its switch's router. */
final class PortView implements EgressPort {
    private final EgressQueue queue;
    private final Transmitter tx;
    private final BiConsumer<Packet, EventContext> sendFromSwitch;
    private final LongPredicate paused;

    PortView(EgressQueue queue, Transmitter tx, BiConsumer<Packet, EventContext> sendFromSwitch, LongPredicate paused) {
        this.queue = queue;
        this.tx = tx;
        this.sendFromSwitch = sendFromSwitch;
        this.paused = paused;
    }

    @Override
    public boolean paused(long nowPs) {
        return paused.test(nowPs);
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
