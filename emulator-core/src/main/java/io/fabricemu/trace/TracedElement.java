package io.fabricemu.trace;

import io.fabricemu.engine.Element;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.SampleSink;
import io.fabricemu.engine.Signal;
import io.fabricemu.net.OnWire;
import io.fabricemu.net.PfcOnWire;

/**
 * A traced NIC or switch port: the element itself, run through a context that sees what its transmitter hands its
 * link. A {@link io.fabricemu.net.Transmitter} sends the link an {@link OnWire} (or a {@link PfcOnWire}) at the
 * moment it starts a frame, so that send is the frame's transmission, at the time its first bit leaves; the same
 * moment the port counts the frame in its {@code txBytes}. The element does not know it is traced, and an untraced
 * one is not wrapped: a run without a trace runs exactly the elements it always did.
 *
 * <p>One context object, this one, serves every event (the engine's own context is swapped in per call), so tracing
 * allocates nothing per event.
 */
final class TracedElement implements Element, EventContext {
    private final Element element;
    private final PortTrace trace;
    private EventContext engine;

    TracedElement(Element element, PortTrace trace) {
        this.element = element;
        this.trace = trace;
    }

    @Override
    public void start(EventContext ctx) {
        engine = ctx;
        element.start(this);
    }

    @Override
    public void onEvent(Signal signal, EventContext ctx) {
        engine = ctx;
        element.onEvent(signal, this);
    }

    @Override
    public void sample(SampleSink sink) {
        element.sample(sink);
    }

    @Override
    public boolean writesSamples() {
        return element.writesSamples();
    }

    @Override
    public ElementReport report() {
        return element.report();
    }

    @Override
    public long nowPs() {
        return engine.nowPs();
    }

    @Override
    public void send(int targetId, long atPs, Signal signal) {
        if (signal instanceof OnWire w) {
            trace.sent(w.packet(), w.firstBitPs());
        } else if (signal instanceof PfcOnWire f) {
            trace.sent(f.frame(), engine.nowPs());
        }
        engine.send(targetId, atPs, signal);
    }

    @Override
    public void schedule(long atPs, Signal signal) {
        engine.schedule(atPs, signal);
    }

    @Override
    public void defer(long atPs, Signal signal) {
        engine.defer(atPs, signal);
    }

    @Override
    public void promote(Signal signal) {
        engine.promote(signal);
    }

    @Override
    public void flowCompleted() {
        engine.flowCompleted();
    }

    @Override
    public void halt(String reason) {
        engine.halt(reason);
    }
}
