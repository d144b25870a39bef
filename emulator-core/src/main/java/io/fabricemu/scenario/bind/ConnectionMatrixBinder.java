package io.fabricemu.scenario.bind;

import io.fabricemu.scenario.workload.ConnectionMatrix;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.ScenarioFiles;
import io.fabricemu.scenario.yaml.Section;

/**
 * Binds {@code workload: {kind: connection-matrix, file: FILE}}: the flows of a connection matrix of the UEC
 * reference simulator ({@link ConnectionMatrix}), read as {@link ScenarioFiles} allows (in the scenario's folder or
 * below, or a folder {@code --allow-files} names; at most {@link Limits#MAX_SCHEDULE_BYTES}): its flows, the same
 * as the flows written out in the scenario, and the links its failure lines take down.
 */
final class ConnectionMatrixBinder {
    private static final String KIND = "connection matrix";

    private ConnectionMatrixBinder() {
    }

    static ConnectionMatrix.Read bind(Section workload, ConnectionMatrix.Bounds bounds, ScenarioFiles files)
            throws ScenarioException {
        workload.declare("file");
        workload.rejectUnknownFields("for kind connection-matrix");
        ScenarioFiles.Content file = files.read(workload.required("file", "the name of a connection matrix file such"
                + " as incast_128.cm"), KIND, Limits.MAX_SCHEDULE_BYTES);
        return ConnectionMatrix.read(file.display(), Utf8Text.of(file, "a " + KIND + " is text, 'Nodes N' and"
                + " 'Connections C' then a line per connection"), bounds);
    }

}
