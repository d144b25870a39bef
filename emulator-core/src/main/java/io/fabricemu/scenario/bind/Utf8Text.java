package io.fabricemu.scenario.bind;

import io.fabricemu.scenario.yaml.Origin;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.ScenarioFiles;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** The text of a file a workload imports: UTF-8, without a byte order mark; anything else is refused unquoted. */
final class Utf8Text {
    private Utf8Text() {
    }

    /** {@code file}'s text; {@code format} says what the file should be, for the error. */
    static String of(ScenarioFiles.Content file, String format) throws ScenarioException {
        try {
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(file.bytes())).toString();
            return text.startsWith("\uFEFF") ? text.substring(1) : text;
        } catch (CharacterCodingException e) {
            throw new ScenarioException(file.display(), Origin.ofLine(0), "", "the file is not UTF-8 text; " + format);
        }
    }
}
