package io.fabricemu.engine;

import java.util.List;

/**
 * What the engine reports after a run.
 *
 * @param virtualEndPs    time of the last event handled
 * @param events          events handled, all elements together
 * @param windows         windows of virtual time run
 * @param activations     element activations (one per woken element per window)
 * @param flowsCompleted  flows whose last byte was acknowledged
 * @param reachedStop     the run ended at its stop time with work still pending
 * @param coordinationMillis wall time the shards and the coordinator spent handling their messages
 *                        (activating, routing, batching), all shards together; display only
 * @param reports         every element's report, by element id
 * @param haltReason      why an element ended the run ({@link EventContext#halt}), or "" when none did
 */
public record EngineResult(long virtualEndPs, long events, long windows, long activations, int flowsCompleted,
                           boolean reachedStop, long coordinationMillis, List<ElementReport> reports,
                           String haltReason) {

    public EngineResult {
        java.util.Objects.requireNonNull(haltReason, "haltReason");
    }

    /** The same result with the elements' reports. */
    public EngineResult withReports(List<ElementReport> elementReports) {
        return new EngineResult(virtualEndPs, events, windows, activations, flowsCompleted, reachedStop,
                coordinationMillis, elementReports, haltReason);
    }

    /**
     * The same result with the elements' reports, and the run ending at the later of its end so far and
     * {@code lastHandledPs} (events the elements deferred were handled as the run ended).
     */
    public EngineResult withReports(List<ElementReport> elementReports, long lastHandledPs) {
        return new EngineResult(Math.max(virtualEndPs, lastHandledPs), events, windows, activations, flowsCompleted,
                reachedStop, coordinationMillis, elementReports, haltReason);
    }

    public boolean halted() {
        return !haltReason.isEmpty();
    }
}
