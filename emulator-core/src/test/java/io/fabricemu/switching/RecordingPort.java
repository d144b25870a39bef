package io.fabricemu.switching;

import io.fabricemu.net.Packet;
import io.fabricemu.net.Transmitter;
import java.util.ArrayList;
import java.util.List;

/**
 * A switch port's egress as a stage sees it, for testing a stage alone: a real egress queue that the test
 * fills, an idle transmitter, and a list of what the stage sent from the switch instead of routing it.
 */
public final class RecordingPort {
    /** What the stages sent from the switch, in order. */
    public final List<Packet> sent = new ArrayList<>();
    private final EgressQueue queue;
    private final PortView view;

    public RecordingPort(int trafficClasses, long limitBytesPerClass, long rateBps) {
        this.queue = new EgressQueue(trafficClasses, limitBytesPerClass);
        this.view = new PortView(queue, new Transmitter(100, rateBps, 250_000), (p, ctx) -> sent.add(p), t -> false);
    }

    /** The port as its stages see it. */
    public EgressPort view() {
        return view;
    }

    /** Queues {@code p} within its class's limit, as {@link EgressQueue#offer(Packet)}. */
    public boolean offer(Packet p) {
        return queue.offer(p);
    }

    /** Bytes queued in {@code trafficClass}. */
    public long classBytes(int trafficClass) {
        return queue.classBytes(trafficClass);
    }
}
