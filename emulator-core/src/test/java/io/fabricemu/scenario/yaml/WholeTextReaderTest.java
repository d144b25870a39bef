package io.fabricemu.scenario.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.scanner.ScannerImpl;
import org.yaml.snakeyaml.tokens.AliasToken;
import org.yaml.snakeyaml.tokens.AnchorToken;
import org.yaml.snakeyaml.tokens.ScalarToken;
import org.yaml.snakeyaml.tokens.TagToken;
import org.yaml.snakeyaml.tokens.Token;

/**
 * {@link WholeTextReader} reads as SnakeYAML's own {@code StreamReader} does: over every example scenario and texts
 * chosen for a reader's corners (each kind of line break, a CR at the very end, a byte order mark, tabs, characters
 * outside the Basic Multilingual Plane, block and multi-line quoted scalars, a comment at the end without a line
 * break, tokens longer than the 1,024-character window), SnakeYAML's scanner gives the same tokens at the same marks
 * (line, column, index), and fails on malformed text with the same problem at the same mark.
 */
class WholeTextReaderTest {
    private static final String LONG = "x".repeat(5_000);

    static Stream<String> texts() throws IOException {
        List<String> texts = new ArrayList<>(List.of(
                "a: 1\nb: [2, 3]\n",
                "a: 1\r\nb: 2\r\n# comment\r\n",
                "a: 1\rb: 2\r",
                "a: 1\u0085b: 2\u2028c: 3\u2029d: 4\n",
                "a: 1\r",
                "\uFEFFa: 1\nb: 2\n",
                "a:\t1\nb: \"tab\there\"\n",
                "a: \uD83D\uDE00 smile\nb: '\uD83D\uDE00'\nc: 1\n",
                "a: |\n  line # not a comment\n   more\n\nb: >-\n  folded\n  text\n",
                "a: \"multi\n  line # not a comment\n  \\\"quoted\\\"\"\nb: 'it''s\n  two'\n",
                "a: 1 # comment at the end without a line break",
                "a: plain\n  continued\n  # comment\nb: 2\n",
                "{a: 1, \"b\": [x, y, {c: d}], e: !!str 5, f: &g h, i: *g}\n",
                "--- \n? complex\n: value\n...\n",
                "a: " + LONG + "\nb: \"" + LONG + "\"\n# " + LONG + "\nc:" + " ".repeat(5_000) + "1\n",
                "a: |\n  " + LONG + " " + LONG + "\n",
                "a: 1: 2\n",
                "a:\n\tb: 1\n",
                "a: [1, 2\n",
                "a: \"unterminated\n",
                "a: @b\n",
                ""));
        try (Stream<Path> files = Files.list(Path.of("..", "topologies", "scenarios"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                texts.add(Files.readString(file));
            }
        }
        return texts.stream();
    }

    @ParameterizedTest
    @MethodSource("texts")
    void scanner_givesTheSameTokensAndErrorsAsOverStreamReader(String text) {
        assertEquals(scan(new StreamReader(text)), scan(new WholeTextReader(text)));
    }

    @Test
    void corpus_holdsExampleScenariosAndMalformedTexts() throws IOException {
        List<List<String>> scans = texts().map(t -> scan(new WholeTextReader(t))).toList();
        assertTrue(scans.size() > 30, "the example scenarios are part of the corpus");
        assertTrue(scans.stream().anyMatch(s -> s.get(s.size() - 1).startsWith("error")));
        assertFalse(scans.stream().allMatch(s -> s.get(s.size() - 1).startsWith("error")));
    }

    /** Every token the scanner finds, with its marks, then the error that stopped it, if any. */
    private static List<String> scan(StreamReader reader) {
        LoaderOptions options = new LoaderOptions();
        options.setCodePointLimit(Integer.MAX_VALUE);
        ScannerImpl scanner = new ScannerImpl(reader, options);
        List<String> tokens = new ArrayList<>();
        try {
            while (!scanner.checkToken(Token.ID.StreamEnd)) {
                tokens.add(describe(scanner.getToken()));
            }
            tokens.add(describe(scanner.getToken()));
        } catch (MarkedYAMLException e) {
            tokens.add("error " + e.getContext() + " " + at(e.getContextMark()) + " " + e.getProblem() + " "
                    + at(e.getProblemMark()));
        }
        return tokens;
    }

    private static String describe(Token token) {
        String value = token instanceof ScalarToken scalar ? scalar.getValue() + " " + scalar.getStyle()
                : token instanceof AnchorToken anchor ? anchor.getValue()
                : token instanceof AliasToken alias ? alias.getValue()
                : token instanceof TagToken tag ? tag.getValue().getHandle() + tag.getValue().getSuffix()
                : "";
        return token.getTokenId() + " " + at(token.getStartMark()) + "-" + at(token.getEndMark()) + " " + value;
    }

    private static String at(Mark mark) {
        return mark == null ? "-" : mark.getLine() + ":" + mark.getColumn() + "@" + mark.getIndex();
    }
}
