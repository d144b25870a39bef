package io.fabricemu.run;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A run across JVMs, as the command line asked for it: {@code jvms} local JVMs to fork (0 when
 * {@code clusterConfig} names a formed cluster instead), shards per member (null: the default), and the scenario
 * as every member rebuilds it: its source name, its text, the {@code --set} overrides and the folders
 * {@code --allow-files} lets it read files in.
 */
public record ClusterRequest(int jvms, Path clusterConfig, Integer shardsPerMember, String scenarioSource,
                             String scenarioText, List<String> overrides, List<Path> allowedFolders) {
    public ClusterRequest {
        Objects.requireNonNull(scenarioSource, "scenarioSource");
        Objects.requireNonNull(scenarioText, "scenarioText");
        overrides = List.copyOf(overrides);
        allowedFolders = List.copyOf(allowedFolders);
        if ((jvms > 0) == (clusterConfig != null)) {
            throw new IllegalArgumentException("either jvms > 0 or a cluster configuration, not both");
        }
    }
}
