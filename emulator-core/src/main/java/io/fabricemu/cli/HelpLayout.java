package io.fabricemu.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Ansi.Text;
import picocli.CommandLine.IHelpSectionRenderer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * How every command's --help is laid out, WIDTH columns wide. Picocli wraps descriptions with the JDK's line
 * BreakIterator, which breaks after any full stop or colon, so {@code http://127.0.0.1:PORT} and {@code workload.bytes}
 * were split across lines; and it starts a new line at each element of a description array, so a description
 * written as several strings came out with lines broken mid-sentence where the source happened to be broken.
 * Here each description is one paragraph (its elements joined with spaces), filled greedily and broken only at
 * spaces, so a URL, a dotted field path or a number stays whole. The names of options and parameters are still
 * rendered by picocli (short and long names, parameter labels, ${DEFAULT-VALUE} in the descriptions); only the
 * sections that hold prose are replaced: the description, the parameter and option lists, the subcommand list
 * and the exit codes.
 */
final class HelpLayout {
    /** Columns of the help text: what every terminal shows without wrapping. */
    static final int WIDTH = 80;
    /** The widest column of option names; a longer name puts its description on the next line. */
    private static final int MAX_NAME_COLUMN = 30;

    private HelpLayout() {
    }

    /** Lays out the help of {@code line} and of each of its subcommands, as added so far. */
    static void apply(CommandLine line) {
        line.setUsageHelpWidth(WIDTH);
        Map<String, IHelpSectionRenderer> sections = new LinkedHashMap<>(line.getHelpSectionMap());
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_DESCRIPTION,
                help -> fill(paragraph(help.commandSpec()), 0, WIDTH) + "\n");
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_PARAMETER_LIST, HelpLayout::parameters);
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, HelpLayout::options);
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST, HelpLayout::subcommands);
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_EXIT_CODE_LIST, HelpLayout::exitCodes);
        line.setHelpSectionMap(sections);
        for (CommandLine sub : line.getSubcommands().values()) {
            apply(sub);
        }
    }

    private static String parameters(Help help) {
        List<String[]> rows = new ArrayList<>();
        for (PositionalParamSpec p : help.commandSpec().positionalParameters()) {
            if (!p.hidden()) {
                Text[][] cells = help.createDefaultParameterRenderer().render(p, help.parameterLabelRenderer(),
                        help.colorScheme());
                rows.add(new String[] {"      " + plain(cells[0][3]), description(cells)});
            }
        }
        return table(rows, names(help.commandSpec()));
    }

    private static String options(Help help) {
        List<String[]> rows = new ArrayList<>();
        for (OptionSpec o : help.commandSpec().options()) {
            if (!o.hidden()) {
                Text[][] cells = help.createDefaultOptionRenderer().render(o, help.parameterLabelRenderer(),
                        help.colorScheme());
                String shortName = plain(cells[0][1]);
                String names = shortName.isEmpty() ? "      " + plain(cells[0][3])
                        : "  " + shortName + plain(cells[0][2]) + " " + plain(cells[0][3]);
                rows.add(new String[] {names, description(cells)});
            }
        }
        return table(rows, names(help.commandSpec()));
    }

    /** Each subcommand with its header, or else its description's first sentence. */
    private static String subcommands(Help help) {
        List<String[]> rows = new ArrayList<>();
        for (Map.Entry<String, CommandLine> e : help.commandSpec().subcommands().entrySet()) {
            CommandSpec sub = e.getValue().getCommandSpec();
            if (!sub.usageMessage().hidden() && sub.name().equals(e.getKey())) {
                String[] header = sub.usageMessage().header();
                rows.add(new String[] {"  " + e.getKey(),
                        header.length > 0 ? String.join(" ", header) : firstSentence(paragraph(sub))});
            }
        }
        return rows.isEmpty() ? "" : table(rows, 12);
    }

    private static String exitCodes(Help help) {
        List<String[]> rows = new ArrayList<>();
        for (Map.Entry<String, String> e : help.commandSpec().usageMessage().exitCodeList().entrySet()) {
            rows.add(new String[] {"  " + e.getKey(), e.getValue()});
        }
        return rows.isEmpty() ? "" : table(rows, 6);
    }

    /** A command's description as one paragraph; picocli's own (of {@code help}) holds {@code %n}. */
    static String paragraph(CommandSpec command) {
        return String.join(" ", command.usageMessage().description()).replace("%n", " ");
    }

    /** The description column of a picocli rendering, its lines joined into one paragraph. */
    private static String description(Text[][] cells) {
        StringBuilder text = new StringBuilder();
        for (Text[] row : cells) {
            String line = plain(row[row.length - 1]).strip();
            if (!line.isEmpty()) {
                text.append(text.length() == 0 ? "" : " ").append(line);
            }
        }
        return text.toString();
    }

    /** The width of the names column: the longest name and two spaces, within {@link #MAX_NAME_COLUMN}. */
    private static int names(CommandSpec spec) {
        int widest = 0;
        for (ArgSpec a : spec.args()) {
            if (!a.hidden()) {
                String name = a instanceof OptionSpec o ? String.join(", ", o.names()) + " " + a.paramLabel()
                        : a.paramLabel();
                widest = Math.max(widest, name.length() + 8);
            }
        }
        return Math.min(widest, MAX_NAME_COLUMN);
    }

    /** Rows of a name and its description, the descriptions filled from column {@code indent}. */
    static String table(List<String[]> rows, int indent) {
        StringBuilder out = new StringBuilder();
        for (String[] row : rows) {
            String name = row[0];
            String text = fill(row[1], indent, WIDTH);
            if (name.length() + 1 <= indent) {
                out.append(name).append(text.substring(name.length()));
            } else {
                out.append(name).append('\n').append(text);
            }
            out.append('\n');
        }
        return out.toString();
    }

    /**
     * {@code text} filled greedily into lines of at most {@code width} columns, each indented by {@code indent}
     * spaces, broken only at spaces (a word longer than a line stands alone on its line); no final newline.
     */
    static String fill(String text, int indent, int width) {
        String pad = " ".repeat(indent);
        StringBuilder out = new StringBuilder(pad);
        int column = indent;
        for (String word : text.strip().split(" +")) {
            if (column > indent && column + 1 + word.length() > width) {
                out.append('\n').append(pad);
                column = indent;
            }
            if (column > indent) {
                out.append(' ');
                column++;
            }
            out.append(word);
            column += word.length();
        }
        return out.toString();
    }

    /** Up to the first full stop that ends a sentence; the whole text if none. */
    static String firstSentence(String text) {
        int end = text.indexOf(". ");
        return end < 0 ? text : text.substring(0, end + 1);
    }

    private static String plain(Text text) {
        return text == null ? "" : text.plainString();
    }
}
