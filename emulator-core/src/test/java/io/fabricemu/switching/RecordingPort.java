package io.fabricemu.switching;

import io.fabricemu.engine.EventContext;
import io.fabricemu.net.Packet;
import io.fabricemu.net.Transmitter;
import java.util.ArrayList;
import java.util.List;

/**
 * A switch port's egress as a stage sees it, for testing a stage alone: a real egress queue that the test
 * fills, an idle transmitter, and a list of what the stage sent from the switch instead of routing it.
 */
public final class RecordingPort implements EgressPort {
    /** What the stages sent from the switch, in order. */
    public final List<Packet> sent = new ArrayList<>();
    private final EgressQueue queue;
    private final PortView view;

    public RecordingPort(int trafficClasses, long limitBytesPerClass, long rateBps) {
        this.queue = new EgressQueue(trafficClasses, limitBytesPerClass);
        this.view = new PortView(queue, new Transmitter(100, rateBps, 250_000), (p, ctx) -> sent.add(p));
    }

    /** Queues {@code p} within its class's limit, as {@link EgressQueue#offer(Packet)}. */
    public boolean offer(Packet p) {
        return queue.offer(p);
    }

    @Override
    public long queuedBytes() {
        return view.queuedBytes();
    }

    @Override
    public long classBytes(int trafficClass) {
        return view.classBytes(trafficClass);
    }

    @Override
    public long sharedBytes() {
        return view.sharedBytes();
    }

    @Override
    public long dedicatedFreeBytes() {
        return view.dedicatedFreeBytes();
    }

    @Override
    public long txBytes() {
        return view.txBytes();
    }

    @Override
    public void sendFromSwitch(Packet p, EventContext ctx) {
        view.sendFromSwitch(p, ctx);
    }
}
