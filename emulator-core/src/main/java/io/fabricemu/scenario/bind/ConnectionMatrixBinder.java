package io.fabricemu.scenario.bind;

import io.fabricemu.scenario.workload.ConnectionMatrix;
import io.fabricemu.scenario.workload.FlowList;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.ScenarioFiles;
import io.fabricemu.scenario.yaml.Section;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Binds {@code workload: {kind: connection-matrix, file: FILE}}: the flows of a connection matrix of the UEC
 * reference simulator ({@link ConnectionMatrix}), read as {@link ScenarioFiles} allows (in the scenario's folder or
 * below, or a folder {@code --allow-files} names; at most {@link Limits#MAX_SCHEDULE_BYTES}). The result is a
 * {@link FlowList}, the same as the flows written out in the scenario.
 */
final class ConnectionMatrixBinder {
    private static final String KIND = "connection matrix";

    private ConnectionMatrixBinder() {
    }

    static FlowList bind(Section workload, ConnectionMatrix.Bounds bounds, ScenarioFiles files)
            throws ScenarioException {
        workload.declare("file");
        workload.rejectUnknownFields("for kind connection-matrix");
        ScenarioFiles.Content file = files.read(workload.required("file", "the name of a connection matrix file such"
                + " as incast_128.cm"), KIND, Limits.MAX_SCHEDULE_BYTES);
        return new FlowList(ConnectionMatrix.flows(file.display(), text(file), bounds));
    }

    /** The file's text: UTF-8, without a byte order mark. */
    private static String text(ScenarioFiles.Content file) throws ScenarioException {
        try {
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(file.bytes())).toString();
            return text.startsWith("\uFEFF") ? text.substring(1) : text;
        } catch (CharacterCodingException e) {
            throw new ScenarioException(file.display(), io.fabricemu.scenario.yaml.Origin.ofLine(0), "", "the file"
                    + " is not UTF-8 text; a " + KIND + " is text, 'Nodes N' and 'Connections C' then a line per"
                    + " connection");
        }
    }
}
