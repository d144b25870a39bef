package io.fabricemu.trace;

import io.fabricemu.engine.Element;
import io.fabricemu.engine.ElementFactory;

/**
 * A fabric's elements with the traced NICs and ports wrapped ({@link TracedElement}); everything else is the
 * fabric's own. {@code traces} is read-only once built, so shards may create their elements concurrently, as the
 * fabric allows.
 */
final class TracingFactory implements ElementFactory {
    private final ElementFactory fabric;
    /** Per element id, its port's trace, or null when it is not traced (or not a port). */
    private final PortTrace[] traces;

    TracingFactory(ElementFactory fabric, PortTrace[] traces) {
        this.fabric = fabric;
        this.traces = traces;
    }

    @Override
    public int elementCount() {
        return fabric.elementCount();
    }

    @Override
    public Element create(int elementId) {
        Element e = fabric.create(elementId);
        PortTrace trace = traces[elementId];
        return trace == null ? e : new TracedElement(e, trace);
    }

    @Override
    public long lookaheadPs() {
        return fabric.lookaheadPs();
    }

    @Override
    public int flowCount() {
        return fabric.flowCount();
    }

    @Override
    public int completionsAwaited() {
        return fabric.completionsAwaited();
    }

    @Override
    public int[] sendersTo(int elementId) {
        return fabric.sendersTo(elementId);
    }
}
