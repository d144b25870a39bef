package io.fabricemu.scenario.yaml;

import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.scanner.Constant;

/**
 * SnakeYAML's character source for a text held whole in memory, read in time linear in its length.
 *
 * <p>Why: SnakeYAML's own {@code StreamReader} holds a window of the input and, each time the scanner looks
 * past its end, copies what is left of the window into a new one, 1,024 characters longer. The scanner reads a
 * token by looking further and further ahead of its start (a comment, a plain scalar, a run of spaces, a line of a
 * block scalar), so a token of n characters costs about n<sup>2</sup>/2,048 character copies: a scenario of one
 * 4 MiB comment line took 8 s to validate, of a 16 MiB one 80 s and 1.2 GB. Here the text is turned into code
 * points once, and every look-ahead is an array index.
 *
 * <p>The scanner calls only the public methods below; each is overridden with the meaning it has in
 * {@code StreamReader} (SnakeYAML 2.x), so the state the superclass keeps is never used: {@link #peek(int)} is the
 * code point that many places ahead, 0 past the end; {@link #forward(int)} moves over code points, counting a line
 * at LF, NEL, LS and PS and at a CR not followed by LF, and not counting a byte order mark as a column;
 * {@link #prefixForward(int)} moves within a line. Marks share the array of code points, which they read only to
 * quote a few characters around an error. The text must hold only characters YAML allows
 * ({@link ScenarioText#firstControlCharacter}); unlike {@code StreamReader}, this class does not check them.
 */
final class WholeTextReader extends StreamReader {
    private static final String NAME = "'reader'";

    private final int[] codePoints;
    private int pointer;
    private int index;
    private int documentIndex;
    private int line;
    private int column;

    WholeTextReader(String text) {
        super("");
        this.codePoints = text.codePoints().toArray();
    }

    @Override
    public Mark getMark() {
        return new Mark(NAME, index, line, column, codePoints, pointer);
    }

    @Override
    public void forward() {
        forward(1);
    }

    @Override
    public void forward(int length) {
        for (int i = 0; i < length && pointer < codePoints.length; i++) {
            int c = codePoints[pointer++];
            index++;
            documentIndex++;
            if (Constant.LINEBR.has(c)
                    || (c == '\r' && pointer < codePoints.length && codePoints[pointer] != '\n')) {
                line++;
                column = 0;
            } else if (c != 0xFEFF) {
                column++;
            }
        }
    }

    @Override
    public int peek() {
        return pointer < codePoints.length ? codePoints[pointer] : '\0';
    }

    @Override
    public int peek(int ahead) {
        int at = pointer + ahead;
        return at < codePoints.length ? codePoints[at] : '\0';
    }

    @Override
    public String prefix(int length) {
        if (length == 0) {
            return "";
        }
        return new String(codePoints, pointer, Math.min(length, codePoints.length - pointer));
    }

    @Override
    public String prefixForward(int length) {
        String prefix = prefix(length);
        pointer += length;
        index += length;
        documentIndex += length;
        column += length;
        return prefix;
    }

    @Override
    public int getColumn() {
        return column;
    }

    @Override
    public int getDocumentIndex() {
        return documentIndex;
    }

    @Override
    public void resetDocumentIndex() {
        documentIndex = 0;
    }

    @Override
    public int getIndex() {
        return index;
    }

    @Override
    public int getLine() {
        return line;
    }
}
