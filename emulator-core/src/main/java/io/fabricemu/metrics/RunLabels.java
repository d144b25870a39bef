package io.fabricemu.metrics;

import kamon.tag.TagSet;

/**
 * The labels every live series of one run carries, so that the runs of a {@code compare}, a sweep or one command
 * after another stay apart in Prometheus: {@code run} (what the command calls the run: the compare's column label,
 * or the output folder of a {@code run}), {@code scenario} (the scenario's name) and {@code seed}. A query then
 * sums over ports or flows {@code by (run)}, never over runs by accident.
 *
 * @param run      the run's name within the command
 * @param scenario the scenario's {@code name}
 * @param seed     the scenario's seed
 */
public record RunLabels(String run, String scenario, long seed) {
    public RunLabels {
        if (run.isEmpty() || scenario.isEmpty()) {
            throw new IllegalArgumentException("a run's labels must not be empty");
        }
    }

    /** The labels as Kamon tags. */
    TagSet tags() {
        return TagSet.of("run", run).withTag("scenario", scenario).withTag("seed", Long.toString(seed));
    }
}
