package io.fabricemu.run;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A run across JVMs, as the command line asked for it: {@code jvms} local JVMs to fork (0 when
 * {@code clusterConfig} names a formed cluster instead), shards per member (null: the default), and the scenario
 * as every member rebuilds it: its source name, its text and the {@code --set} overrides.
 */
public record ClusterRequest(int jvms, Path clusterConfig, Integer shardsPerMember, String scenarioSource,
                             String scenarioText, List<String> overrides) {
    public ClusterRequest {
        Objects.requireNonNull(scenarioSource, "scenarioSource");
        Objects.requireNonNull(scenarioText, "scenarioText");
        overrides = List.copyOf(overrides);
        if ((jvms > 0) == (clusterConfig != null)) {
            throw new IllegalArgumentException("either jvms > 0 or a cluster configuration, not both");
        }
    }
}
