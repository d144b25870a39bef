package io.fabricemu.run;

import java.nio.file.Path;

/**
 * Whole runs on a cluster, as the command line asked: {@code jvms} local JVMs to fork (0 when
 * {@code clusterConfig} names a formed cluster instead), shards per run (null: a member's processors shared among
 * the runs it has at once), and the heap the largest run is estimated to hold, which bounds how many runs a member
 * takes at once.
 */
public record FarmRequest(int jvms, Path clusterConfig, Integer shardsPerRun, long largestRunBytes) {
    public FarmRequest {
        if ((jvms > 0) == (clusterConfig != null)) {
            throw new IllegalArgumentException("either jvms > 0 or a cluster configuration, not both");
        }
        if (largestRunBytes < 1) {
            throw new IllegalArgumentException("largestRunBytes must be positive, was " + largestRunBytes);
        }
    }
}
