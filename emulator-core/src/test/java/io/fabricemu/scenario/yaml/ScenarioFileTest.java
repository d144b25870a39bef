package io.fabricemu.scenario.yaml;

import static io.fabricemu.scenario.ScenarioTexts.BASE;
import static io.fabricemu.scenario.ScenarioTexts.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.scenario.ScenarioLoader;
import io.fabricemu.scenario.yaml.InputFile;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.ScenarioText;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files that are not readable UTF-8 YAML, or that reach the parser's limits, are refused in plain words at their
 * line: the encoding, control characters, folders, missing files, sizes, nesting, runaway values. No message
 * carries a Java exception's name or a parser library's wording.
 */
class ScenarioFileTest {
    /** Words that give away a library or Java type rather than saying what is wrong. */
    private static final Pattern JARGON = Pattern.compile(
            "Exception|StreamReadConstraints|code points|Input length|getMax|java\\.|\\bint\\b");

    @TempDir
    Path dir;

    private ScenarioException refused(byte[] content) throws IOException {
        Path file = Files.write(dir.resolve("s.yaml"), content);
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(file, List.of()));
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
        assertFalse(JARGON.matcher(e.getMessage()).find(), "no jargon: " + e.getMessage());
        return e;
    }

    private ScenarioException refused(String text) throws IOException {
        return refused(text.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void latin1Byte_isNamedWithItsLineColumnAndOffset() throws IOException {
        // "name: caf\xE9" on line 1: the 10th character, the 10th byte (offset 9)
        String rest = BASE.substring(BASE.indexOf('\n'));
        ScenarioException e = refused(concat(utf8("name: caf"), new byte[] {(byte) 0xE9}, utf8(rest)));
        assertEquals(1, e.line());
        assertTrue(e.getMessage().endsWith(":1: byte 0xE9 at column 10 (offset 9 in the file) is not UTF-8;"
                + " scenario files must be UTF-8 text: save the file as UTF-8"), e.getMessage());
    }

    @Test
    void undecodableByteLater_countsLinesAndCharactersNotBytes() throws IOException {
        // line 25 holds 'é' (two bytes) before the bad byte: the column counts it once
        String before = with(BASE, 25, "  bytes: é");
        int cut = before.indexOf("é") + 1;
        byte[] head = utf8(before.substring(0, cut));
        ScenarioException e = refused(concat(head, new byte[] {(byte) 0xFF}, utf8(before.substring(cut))));
        assertEquals(25, e.line());
        assertTrue(e.getMessage().contains("byte 0xFF at column 11 (offset " + String.format("%,d", head.length)
                + " in the file)"), e.getMessage());
    }

    @Test
    void truncatedSequenceAtTheEnd_isNotUtf8() throws IOException {
        ScenarioException e = refused(concat(utf8(BASE), new byte[] {(byte) 0xE2, (byte) 0x82}));
        assertEquals(28, e.line());
        assertTrue(e.getMessage().contains("byte 0xE2 at column 1"), e.getMessage());
    }

    @Test
    void crLfAndLoneCr_countAsOneLineBreakEach() throws IOException {
        String crlf = with(BASE, 25, "  bytes: \u0001").replace("\n", "\r\n");
        assertEquals(25, refused(crlf).line());
        String cr = with(BASE, 25, "  bytes: \u0001").replace("\n", "\r");
        ScenarioException e = refused(cr);
        assertEquals(25, e.line());
        assertTrue(e.getMessage().contains("column 10 holds the control character U+0001, which a YAML file may"
                + " not contain"), e.getMessage());
    }

    @Test
    void binaryFile_isRecognisedByItsNulByte() throws IOException {
        ScenarioException e = refused(new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0, (byte) 0xD0, 0x11});
        assertEquals(1, e.line());
        assertTrue(e.getMessage().contains("column 8 holds a NUL byte (offset 7 in the file), as a binary file"
                + " or UTF-16 text does; scenario files must be UTF-8 text"), e.getMessage());
    }

    @Test
    void utf16_withAndWithoutByteOrderMark_isNamed() throws IOException {
        ScenarioException marked = refused(BASE.getBytes(StandardCharsets.UTF_16));
        assertEquals(1, marked.line());
        assertTrue(marked.getMessage().contains("the file is UTF-16 text (it starts with a UTF-16 byte order mark);"
                + " scenario files must be UTF-8 text"), marked.getMessage());
        ScenarioException unmarked = refused(BASE.getBytes(StandardCharsets.UTF_16LE));
        assertTrue(unmarked.getMessage().contains("column 2 holds a NUL byte"), unmarked.getMessage());
    }

    @Test
    void utf8ByteOrderMark_isAcceptedAndLinesStayRight() throws IOException, ScenarioException {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        Path good = Files.write(dir.resolve("bom.yaml"), concat(bom, utf8(BASE)));
        assertEquals("err", ScenarioLoader.load(good, List.of()).name());
        ScenarioException e = refused(concat(bom, utf8(with(BASE, 5, "  leaves: 0"))));
        assertEquals(5, e.line());
        assertTrue(e.getMessage().contains(":5: topology.leaves: '0' is out of range"), e.getMessage());
    }

    @Test
    void folderMissingFileAndEmptyName_saySo() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("scenarios.yaml"));
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(folder, List.of()));
        assertEquals(folder + ": is a folder, not a scenario file", e.getMessage());

        Path missing = dir.resolve("missing.yaml");
        e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(missing, List.of()));
        assertEquals(missing + ": no such file", e.getMessage());

        Path inMissingFolder = dir.resolve("nowhere").resolve("x.yaml");
        e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(inMissingFolder, List.of()));
        assertEquals(inMissingFolder + ": no such file (there is no folder " + dir.resolve("nowhere") + " either)",
                e.getMessage());

        e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(Path.of(""), List.of()));
        assertEquals("'': the file name is empty; name a scenario file", e.getMessage());
    }

    @Test
    void readFailures_areSaidWithoutTheExceptionsName() {
        Path file = Path.of("s.yaml");
        assertEquals("permission denied: this user may not read the file",
                InputFile.describe(new AccessDeniedException("s.yaml"), "scenario file", file));
        assertEquals("cannot read the file: Input/output error", InputFile.describe(
                new java.nio.file.FileSystemException("s.yaml", null, "Input/output error"), "scenario file", file));
    }

    @Test
    void emptyFile_saysWhatAScenarioNeeds() throws IOException {
        ScenarioException e = refused(new byte[0]);
        assertTrue(e.getMessage().contains("the file is empty"), e.getMessage());
    }

    @Test
    void fileAboveTheLimit_isRefusedBeforeParsing() throws IOException {
        byte[] big = concat(utf8(BASE), utf8("# " + "x".repeat(Limits.MAX_SCENARIO_BYTES) + "\n"));
        ScenarioException e = refused(big);
        assertTrue(e.getMessage().endsWith(String.format(": the file is %,d bytes; a scenario file may be at most"
                + " 16 MiB (16,777,216 bytes)", big.length)), e.getMessage());
    }

    @Test
    void longFileWithinTheLimit_isRead() throws IOException, ScenarioException {
        // more than the parser library's own default limit of 3 MiB characters a document
        String comments = ("# " + "c".repeat(98) + "\n").repeat(40_000);
        Path file = Files.writeString(dir.resolve("long.yaml"), BASE.replace("workload:", comments + "workload:"));
        assertEquals("err", ScenarioLoader.load(file, List.of()).name());
    }

    @Test
    void deepNesting_isRefusedAtItsLine() throws IOException {
        String flow = with(BASE, 2, "seed: " + "[".repeat(1200) + "]".repeat(1200));
        ScenarioException e = refused(flow);
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("nested deeper than 64 levels"), e.getMessage());

        StringBuilder block = new StringBuilder(BASE).append("deep:\n");
        for (int level = 1; level < 1100; level++) {
            block.append("  ".repeat(level)).append("a:\n");
        }
        e = refused(block.toString());
        assertEquals(29 + 63, e.line(), "line 29 opens the second level (the root map is the first), so the 65th"
                + " opens on line 29 + 63");
    }

    @Test
    void deepNestingInAnOverride_namesTheOverride() {
        String value = "[".repeat(100) + "]".repeat(100);
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parse(BASE, "s.yaml", List.of("seed=" + value)));
        assertTrue(e.getMessage().startsWith("s.yaml: --set seed=[[["), e.getMessage());
        assertTrue(e.getMessage().contains("nested deeper than 64 levels"), e.getMessage());
    }

    @Test
    void veryLongKey_isAnUnknownFieldShownShortened() throws IOException {
        // an explicit key ('? key'), since YAML limits a plain one to 1024 characters
        String key = "k".repeat(60_000);
        ScenarioException e = refused(with(BASE, 2, "? " + key + "\n: 3"));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains(": " + "k".repeat(60) + "... (60,000 characters): unknown field"),
                e.getMessage());
        assertTrue(e.getMessage().length() < 400, e.getMessage());
    }

    @Test
    void hugeNumberAndLongString_areShownShortened() throws IOException {
        ScenarioException number = refused(with(BASE, 2, "seed: " + "9".repeat(2000)));
        assertTrue(number.getMessage().contains("seed: '" + "9".repeat(60) + "...' (2,000 characters) is out of"
                + " range; it must be at least 0"), number.getMessage());

        ScenarioException string = refused(with(BASE, 1, "name: " + "n".repeat(300_000) + " x"));
        assertEquals(1, string.line());
        assertTrue(string.getMessage().contains("(300,002 characters)"), string.getMessage());
        assertTrue(string.getMessage().length() < 400, string.getMessage().length() + " characters");
    }

    @Test
    void valuesUpToTheLongestShown_areShownWhole() throws IOException {
        String longest = "n".repeat(ScenarioException.LONGEST_SHOWN - 2) + " x";
        ScenarioException whole = refused(with(BASE, 1, "name: " + longest));
        assertTrue(whole.getMessage().contains(":1: name: '" + longest + "' is not allowed"), whole.getMessage());
        ScenarioException shortened = refused(with(BASE, 1, "name: n" + longest));
        assertTrue(shortened.getMessage().contains(":1: name: '" + "n".repeat(60) + "...' (81 characters) is not"
                + " allowed"), shortened.getMessage());
    }
}
