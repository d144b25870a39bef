package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.cli.Main;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Every command's {@code --help}, rendered as a user sees it, reads cleanly: no line is wider than 80 columns,
 * every word of every description (a URL, a dotted field path, a number) is printed whole on one line, each
 * description is written as one sentence-flowing string rather than lines broken by hand, and a description's
 * lines are filled: none ends early where the next line's first word would have fit.
 */
final class HelpTextTest {
    private static final int WIDTH = 80;

    /** The top-level command and each subcommand, by the arguments before {@code --help}. */
    static Stream<String> commands() {
        List<String> names = new ArrayList<>();
        names.add("");
        names.addAll(Main.commandLine().getSubcommands().keySet());
        return names.stream();
    }

    @ParameterizedTest(name = "[{0}]")
    @MethodSource("commands")
    void help_isFilledWithinTheWidthAndBreaksNoWord(String command) {
        Cli.Outcome o = command.isEmpty() ? Cli.run("--help") : Cli.run(command, "--help");
        assertEquals(0, o.exitCode(), o.err());
        List<String> lines = o.out().lines().toList();
        for (String line : lines) {
            assertTrue(line.length() <= WIDTH, "wider than " + WIDTH + " columns:\n" + line + "\n\n" + o.out());
        }
        CommandSpec spec = command.isEmpty() ? Main.commandLine().getCommandSpec()
                : Main.commandLine().getSubcommands().get(command).getCommandSpec();
        Set<String> printed = new HashSet<>(List.of(o.out().split("\\s+")));
        for (String word : describedWords(spec)) {
            assertTrue(printed.contains(word), "'" + word + "' is not printed whole on one line:\n" + o.out());
        }
        // the synopsis (picocli's, never breaking an option) ends at the first line that is not indented
        int afterSynopsis = 1;
        while (!lines.get(afterSynopsis - 1).startsWith("Usage:")) {
            afterSynopsis++;
        }
        while (afterSynopsis < lines.size() && lines.get(afterSynopsis).startsWith(" ")) {
            afterSynopsis++;
        }
        for (int i = afterSynopsis + 1; i < lines.size(); i++) {
            String before = lines.get(i - 1);
            String line = lines.get(i);
            int indent = line.length() - line.stripLeading().length();
            boolean continuesDescription = indent >= 12 && indent < before.length()
                    && before.charAt(indent - 1) == ' ' && before.charAt(indent) != ' ';
            boolean continuesParagraph = indent == 0 && !line.isEmpty() && !before.isEmpty()
                    && !before.startsWith(" ") && !line.endsWith(":")
                    && !before.endsWith(":");
            if (continuesDescription || continuesParagraph) {
                String next = line.strip().split(" ")[0];
                assertTrue(before.length() + 1 + next.length() > WIDTH, "a line ends before '" + next
                        + "', which would have fit on it:\n" + before + "\n" + line + "\n\n" + o.out());
            }
        }
    }

    @ParameterizedTest(name = "[{0}]")
    @MethodSource("commands")
    void descriptions_areOneStringEach(String command) {
        CommandSpec spec = command.isEmpty() ? Main.commandLine().getCommandSpec()
                : Main.commandLine().getSubcommands().get(command).getCommandSpec();
        if (spec.userObject() instanceof CommandLine.HelpCommand) {
            return; // picocli's own
        }
        assertEquals(1, spec.usageMessage().description().length, spec.name() + "'s description is broken by hand");
        for (ArgSpec arg : spec.args()) {
            assertTrue(arg.description().length <= 1, spec.name() + " " + arg.paramLabel()
                    + ": a description broken by hand, into " + arg.description().length + " strings");
        }
    }

    /** Every word of the command's descriptions and exit codes that the help prints as written. */
    private static List<String> describedWords(CommandSpec spec) {
        List<String> texts = new ArrayList<>();
        texts.add(String.join(" ", spec.usageMessage().description()));
        texts.addAll(spec.usageMessage().exitCodeList().values());
        for (ArgSpec arg : spec.args()) {
            if (!arg.hidden()) {
                texts.add(String.join(" ", arg.description()));
            }
        }
        List<String> words = new ArrayList<>();
        for (String text : texts) {
            for (String word : text.split("\\s+")) {
                if (!word.isEmpty() && !word.contains("${") && !word.contains("%")) {
                    words.add(word);
                }
            }
        }
        return words;
    }
}
