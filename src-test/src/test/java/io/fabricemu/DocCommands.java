package io.fabricemu;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code bin/fabric-emu} commands a Markdown text shows in its fenced code blocks, split into words as a shell
 * would. A block counts when its language is {@code bash}, {@code sh}, {@code shell}, {@code console} or none;
 * in a {@code console} block only lines after a {@code $ } prompt are commands. Lines ending in a backslash are
 * joined to the next; a {@code #} starting a word comments out the rest of the line; pipelines, {@code &&},
 * {@code ||}, {@code ;} and {@code &} separate commands; redirections are dropped; {@code NAME=value} words
 * before the program and a leading {@code time} are skipped; unquoted braces expand as in bash. In a block
 * without a language (often a file tree or output) a line is a command only if the word after the program is
 * a subcommand or an option, so {@code bin/fabric-emu   the launcher} in a tree is prose. Inline code outside
 * the blocks counts too when it runs the program with at least one word after it (a bare
 * {@code `bin/fabric-emu`} names the launcher); its lines are joined and a table's {@code \|} is a {@code |}.
 *
 * <p>A command whose line holds a placeholder, an all-capitals word of two or more letters not preceded by a
 * letter, digit or {@code $} nor followed by {@code =} (SCENARIO, FILE, CC, but not an environment assignment
 * such as {@code FABRIC_EMU_JAVA_OPTS=}), or {@code ...}, is a synopsis, not a command to run: it is listed
 * apart, not checked.
 */
final class DocCommands {
    /** One command: where it starts, the words after the program, and the text as written. */
    record Command(int line, List<String> args, String text) {
    }

    /** The commands of one text, and the synopses left out. */
    record Found(List<Command> commands, List<Command> synopses) {
    }

    private static final Pattern FENCE = Pattern.compile("^\\s*(```+|~~~+)\\s*([\\w+-]*).*$");
    private static final Set<String> SHELL = Set.of("bash", "sh", "shell", "console", "");
    private static final Pattern ASSIGNMENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.*");
    private static final Pattern PLACEHOLDER = Pattern.compile("(?<![A-Za-z0-9_$])[A-Z][A-Z_]+(?![A-Za-z0-9_=])|\\.\\.\\.");
    private static final Pattern REDIRECT = Pattern.compile("\\d*(>>?|<)(&\\d+)?");
    private static final String PROGRAM = "bin/fabric-emu";
    private static final Pattern INLINE_CODE = Pattern.compile("(?<!`)`((?:[^`\\n]|\\n(?![ \\t]*\\n))+)`(?!`)");

    private DocCommands() {
    }

    /** The commands in {@code markdown}; {@code subcommands} are the names a bare block's line may start with. */
    static Found find(String markdown, Set<String> subcommands) {
        List<Command> commands = new ArrayList<>();
        List<Command> synopses = new ArrayList<>();
        String[] lines = markdown.split("\n", -1);
        StringBuilder prose = new StringBuilder();
        String fence = null;
        String language = null;
        for (int i = 0; i < lines.length; i++) {
            Matcher m = FENCE.matcher(lines[i]);
            if (fence == null) {
                if (m.matches()) {
                    fence = m.group(1);
                    language = m.group(2).toLowerCase(Locale.ROOT);
                    prose.append('\n');
                } else {
                    prose.append(lines[i]).append('\n');
                }
                continue;
            }
            prose.append('\n');
            if (m.matches() && m.group(2).isEmpty() && m.group(1).startsWith(fence.substring(0, 3))
                    && m.group(1).length() >= fence.length()) {
                fence = null;
                continue;
            }
            if (!SHELL.contains(language)) {
                continue;
            }
            int first = i;
            StringBuilder logical = new StringBuilder(lines[i]);
            while (endsWithContinuation(logical) && i + 1 < lines.length && !FENCE.matcher(lines[i + 1]).matches()) {
                logical.setLength(logical.length() - 1);
                logical.append(' ').append(lines[++i].strip());
                prose.append('\n');
            }
            String text = logical.toString().strip();
            if (language.equals("console")) {
                if (!text.startsWith("$ ")) {
                    continue;
                }
                text = text.substring(2);
            } else if (text.startsWith("$ ")) {
                text = text.substring(2);
            }
            for (List<String> words : simpleCommands(text)) {
                List<String> args = programArgs(words);
                if (args == null) {
                    continue;
                }
                if (language.isEmpty() && (args.isEmpty()
                        || !(args.get(0).startsWith("-") || subcommands.contains(args.get(0))))) {
                    continue;
                }
                add(new Command(first + 1, args, text), commands, synopses);
            }
        }
        Matcher inline = INLINE_CODE.matcher(prose);
        while (inline.find()) {
            String text = String.join(" ", inline.group(1).replace("\\|", "|").strip().split("\\s+"));
            int line = 1 + (int) prose.substring(0, inline.start()).chars().filter(ch -> ch == '\n').count();
            for (List<String> words : simpleCommands(text)) {
                List<String> args = programArgs(words);
                if (args != null && !args.isEmpty()) {
                    add(new Command(line, args, text), commands, synopses);
                }
            }
        }
        return new Found(commands, synopses);
    }

    private static void add(Command c, List<Command> commands, List<Command> synopses) {
        (PLACEHOLDER.matcher(c.text()).find() ? synopses : commands).add(c);
    }

    private static boolean endsWithContinuation(CharSequence s) {
        int backslashes = 0;
        for (int j = s.length() - 1; j >= 0 && s.charAt(j) == '\\'; j--) {
            backslashes++;
        }
        return backslashes % 2 == 1;
    }

    /** The words after {@code bin/fabric-emu} in one simple command, or null if it does not run it. */
    private static List<String> programArgs(List<String> words) {
        int at = 0;
        while (at < words.size() && (ASSIGNMENT.matcher(words.get(at)).matches() || words.get(at).equals("time"))) {
            at++;
        }
        if (at == words.size()) {
            return null;
        }
        String program = words.get(at);
        if (!(program.equals(PROGRAM) || program.endsWith("/" + PROGRAM))) {
            return null;
        }
        return new ArrayList<>(words.subList(at + 1, words.size()));
    }

    /**
     * A shell line as simple commands of words: quotes removed, backslash escapes applied, braces expanded,
     * redirections dropped, a comment cut off.
     */
    static List<List<String>> simpleCommands(String line) {
        List<List<String>> out = new ArrayList<>();
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        StringBuilder raw = new StringBuilder();
        boolean inWord = false;
        boolean skipNext = false;
        int i = 0;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '&' && inWord && line.charAt(i - 1) == '>') {
                // the "&" of "2>&1" belongs to the redirection
                word.append(c);
                raw.append(c);
                i++;
                continue;
            }
            if (Character.isWhitespace(c) || c == '|' || c == '&' || c == ';' || (c == '#' && !inWord)) {
                if (inWord) {
                    skipNext = addWord(words, word.toString(), raw.toString(), skipNext);
                    word.setLength(0);
                    raw.setLength(0);
                    inWord = false;
                }
                if (c == '#') {
                    break;
                }
                if (c == '|' || c == '&' || c == ';') {
                    out.add(words);
                    words = new ArrayList<>();
                    while (i + 1 < line.length() && (line.charAt(i + 1) == '|' || line.charAt(i + 1) == '&')) {
                        i++;
                    }
                }
                i++;
                continue;
            }
            inWord = true;
            if (c == '\'') {
                int end = line.indexOf('\'', i + 1);
                end = end < 0 ? line.length() : end;
                word.append(line, i + 1, end);
                raw.append('\'');
                i = end + 1;
            } else if (c == '"') {
                int j = i + 1;
                while (j < line.length() && line.charAt(j) != '"') {
                    if (line.charAt(j) == '\\' && j + 1 < line.length() && "\"\\$`".indexOf(line.charAt(j + 1)) >= 0) {
                        j++;
                    }
                    word.append(line.charAt(j));
                    j++;
                }
                raw.append('"');
                i = j + 1;
            } else if (c == '\\' && i + 1 < line.length()) {
                word.append(line.charAt(i + 1));
                raw.append('\'');
                i += 2;
            } else {
                word.append(c);
                raw.append(c);
                i++;
            }
        }
        if (inWord) {
            addWord(words, word.toString(), raw.toString(), skipNext);
        }
        out.add(words);
        out.removeIf(List::isEmpty);
        return out;
    }

    /** Adds a word (expanding braces unless quoted); returns whether the next word is a redirection's target. */
    private static boolean addWord(List<String> words, String word, String raw, boolean isTarget) {
        if (isTarget) {
            return false;
        }
        Matcher r = REDIRECT.matcher(raw);
        if (r.lookingAt()) {
            // "> file", "2>&1", ">file": a redirection, not an argument
            return r.end() == raw.length() && r.group(2) == null;
        }
        boolean quoted = raw.indexOf('\'') >= 0 || raw.indexOf('"') >= 0;
        words.addAll(quoted ? List.of(word) : expandBraces(word));
        return false;
    }

    /** Bash brace expansion of one word: {@code a{b,c}d} is {@code abd acd}; a brace without a comma stays. */
    static List<String> expandBraces(String word) {
        int open = -1;
        int depth = 0;
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (c == '{') {
                if (depth++ == 0) {
                    open = i;
                }
            } else if (c == '}' && depth > 0 && --depth == 0) {
                List<String> parts = splitTopLevel(word.substring(open + 1, i));
                if (parts.size() < 2) {
                    continue;
                }
                List<String> out = new ArrayList<>();
                for (String p : parts) {
                    out.addAll(expandBraces(word.substring(0, open) + p + word.substring(i + 1)));
                }
                return out;
            }
        }
        return List.of(word);
    }

    private static List<String> splitTopLevel(String s) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int from = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}') {
                depth--;
            } else if (c == ',' && depth == 0) {
                parts.add(s.substring(from, i));
                from = i + 1;
            }
        }
        parts.add(s.substring(from));
        return parts;
    }
}
