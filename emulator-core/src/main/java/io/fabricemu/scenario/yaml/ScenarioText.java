package io.fabricemu.scenario.yaml;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Reads a scenario file's text: UTF-8, at most {@link Limits#MAX_SCENARIO_BYTES}, holding only characters YAML
 * allows. What is wrong is said at its line and column: the first byte that is not UTF-8 (with its offset in the
 * file, as {@code xxd} or {@code od} count), a NUL byte (a binary file), a UTF-16 or UTF-32 file, another control
 * character. A UTF-8 byte order mark, which some editors write, is accepted and dropped.
 */
public final class ScenarioText {
    private static final int MAX_BYTES = Limits.MAX_SCENARIO_BYTES;
    private static final String MUST_BE_UTF8 = "scenario files must be UTF-8 text: save the file as UTF-8";

    private ScenarioText() {
    }

    /** The text of {@code file}, named {@code source} in messages. */
    public static String read(Path file, String source) throws ScenarioException {
        String problem = InputFile.problem(file, "scenario file");
        if (problem != null) {
            throw error(source, 0, problem);
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (IOException e) {
            throw error(source, 0, InputFile.describe(e, "scenario file", file));
        }
        if (bytes.length > MAX_BYTES) {
            throw error(source, 0, String.format(Locale.ROOT, "the file is %s; a scenario file may be at most %d MiB"
                    + " (%,d bytes)", size(file), MAX_BYTES >> 20, MAX_BYTES));
        }
        return decode(bytes, source);
    }

    /** {@code bytes} as UTF-8 text without a leading byte order mark; refuses anything else YAML would not read. */
    static String decode(byte[] bytes, String source) throws ScenarioException {
        String wide = wideEncoding(bytes);
        if (wide != null) {
            throw error(source, 1, "the file is " + wide + " text (it starts with a " + wide + " byte order mark); "
                    + MUST_BE_UTF8);
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        int undecodable = result.isError() ? in.position() : -1;
        int nul = indexOfNul(bytes, undecodable < 0 ? bytes.length : undecodable);
        if (nul >= 0) {
            int[] lineColumn = lineAndColumn(bytes, nul);
            throw error(source, lineColumn[0], String.format(Locale.ROOT,
                    "column %d holds a NUL byte (offset %,d in the file), as a binary file or UTF-16 text does; %s",
                    lineColumn[1], nul, MUST_BE_UTF8));
        }
        if (undecodable >= 0) {
            int[] lineColumn = lineAndColumn(bytes, undecodable);
            throw error(source, lineColumn[0], String.format(Locale.ROOT,
                    "byte 0x%02X at column %d (offset %,d in the file) is not UTF-8; %s",
                    bytes[undecodable] & 0xff, lineColumn[1], undecodable, MUST_BE_UTF8));
        }
        String text = out.flip().toString();
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        refuseControlCharacters(text, source);
        return text;
    }

    private static int indexOfNul(byte[] bytes, int end) {
        for (int i = 0; i < end; i++) {
            if (bytes[i] == 0) {
                return i;
            }
        }
        return -1;
    }

    /** "UTF-16" or "UTF-32" when the bytes start with that encoding's byte order mark, else null. */
    private static String wideEncoding(byte[] b) {
        if (b.length >= 4 && ((b[0] == 0 && b[1] == 0 && (b[2] & 0xff) == 0xFE && (b[3] & 0xff) == 0xFF)
                || ((b[0] & 0xff) == 0xFF && (b[1] & 0xff) == 0xFE && b[2] == 0 && b[3] == 0))) {
            return "UTF-32";
        }
        if (b.length >= 2 && (((b[0] & 0xff) == 0xFE && (b[1] & 0xff) == 0xFF)
                || ((b[0] & 0xff) == 0xFF && (b[1] & 0xff) == 0xFE))) {
            return "UTF-16";
        }
        return null;
    }

    /** Refuses the first character outside YAML's printable set ({@link #firstControlCharacter}). */
    private static void refuseControlCharacters(String text, String source) throws ScenarioException {
        int i = firstControlCharacter(text);
        if (i >= 0) {
            int[] lineColumn = lineAndColumn(text, i);
            throw error(source, lineColumn[0], String.format(Locale.ROOT,
                    "column %d holds the control character U+%04X, which a YAML file may not contain",
                    lineColumn[1], text.codePointAt(i)));
        }
    }

    /**
     * The index of the first character outside YAML's printable set (YAML 1.1, section 5.1, as the parser applies
     * it), or -1: allowed are tab, line breaks, U+0020..U+007E, U+0085, U+00A0..U+D7FF, U+E000..U+FFFD and U+10000
     * on.
     */
    static int firstControlCharacter(String text) {
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            boolean printable = c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c <= 0x7E) || c == 0x85
                    || (c >= 0xA0 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) || c >= 0x10000;
            if (!printable) {
                return i;
            }
            i += Character.charCount(c);
        }
        return -1;
    }

    /** The line and column of byte {@code offset}, all bytes before which are UTF-8. */
    private static int[] lineAndColumn(byte[] bytes, int offset) {
        String before = new String(bytes, 0, offset, StandardCharsets.UTF_8);
        return lineAndColumn(before, before.length());
    }

    /**
     * The 1-based line and column (in characters) of {@code text}'s char index {@code end}, counting line breaks
     * as YAML does, so the line agrees with the parser's: LF, CR LF, a lone CR, U+0085, U+2028 and U+2029.
     */
    static int[] lineAndColumn(String text, int end) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < end; ) {
            int c = text.codePointAt(i);
            i += Character.charCount(c);
            boolean crOfCrLf = c == '\r' && i < text.length() && text.charAt(i) == '\n';
            if (c == '\n' || c == 0x85 || c == 0x2028 || c == 0x2029 || (c == '\r' && !crOfCrLf)) {
                line++;
                column = 1;
            } else if (!crOfCrLf) {
                column++;
            }
        }
        return new int[] {line, column};
    }

    /** The size of a file found too large: exact for a regular file, else (a pipe) only that it is too large. */
    private static String size(Path file) {
        try {
            long bytes = Files.isRegularFile(file) ? Files.size(file) : 0;
            if (bytes > MAX_BYTES) {
                return String.format(Locale.ROOT, "%,d bytes", bytes);
            }
        } catch (IOException e) {
            // the size is only for the message
        }
        return "larger than " + (MAX_BYTES >> 20) + " MiB";
    }

    private static ScenarioException error(String source, int line, String detail) {
        return new ScenarioException(source, Origin.ofLine(line), "", detail);
    }
}
