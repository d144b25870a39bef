package io.fabricemu;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes changed copies of a scenario file for {@link ScenarioFuzzTest}, one change each, drawn from a seeded
 * {@link SplittableRandom} so the same seed makes the same mutants. It works on the text, line by line, as a
 * person editing the file would: a value (a number, a unit, a word) replaced, a field removed, duplicated or
 * renamed, a value turned into a list or a map and back, lines deleted or swapped, a byte that is not UTF-8,
 * deep nesting. Each change is described so that it can be made again by hand.
 */
final class ScenarioMutator {
    /** A scalar value: after ':', '[', ',' or '{', up to ',', ']', '}' or the end (comments cut off first). */
    private static final Pattern SCALAR = Pattern.compile(
            "(?<=[:\\[,{]\\s{0,8})([^\\s,\\[\\]{}:#'\"]([^,\\[\\]{}:#]*[^\\s,\\[\\]{}:#])?)(?=\\s*(?:[,\\]}]|$))");
    /** A key, in block style at the start of a line (perhaps after "- ") or inside a flow map. */
    private static final Pattern KEY = Pattern.compile("(?<=^\\s{0,40}|^\\s{0,40}-\\s{1,4}|[{,]\\s{0,8})"
            + "([A-Za-z_]\\w*)(?=\\s*:(\\s|$))");
    private static final Pattern NUMBER = Pattern.compile("(-?\\d+(?:\\.\\d+)?)([A-Za-z%]*)");
    private static final Pattern WITH_UNIT = Pattern.compile("(-?\\d+(?:\\.\\d+)?)([A-Za-z]+)");
    private static final Pattern WORD = Pattern.compile("[A-Za-z][\\w.+-]*");
    private static final Pattern FLOW = Pattern.compile("\\{[^{}]*}|\\[[^\\[\\]]*]");
    private static final Pattern BLOCK_KEY = Pattern.compile("^(\\s*)(?:-\\s+)?[A-Za-z_]\\w*\\s*:.*");
    private static final String LONG_MAX = Long.toString(Long.MAX_VALUE);

    /** What one change did: its description, the new file and whether it touched the {@code stop:} line. */
    private record Change(String description, byte[] content, boolean touchesStop) {
    }

    private final List<String> lines;
    private final SplittableRandom random;

    private ScenarioMutator(String text, SplittableRandom random) {
        this.lines = List.of(text.split("\n", -1));
        this.random = random;
    }

    /** {@code count} mutants of {@code scenario}'s {@code text}, numbered from {@code firstId}. */
    static List<Mutant> mutate(String scenario, String text, SplittableRandom random, int count, int firstId) {
        ScenarioMutator mutator = new ScenarioMutator(text, random);
        List<Function<ScenarioMutator, Change>> operators = List.of(
                ScenarioMutator::number, ScenarioMutator::number, ScenarioMutator::unit, ScenarioMutator::word,
                m -> m.removeOrDuplicateField(false), m -> m.removeOrDuplicateField(true), ScenarioMutator::renameField,
                ScenarioMutator::scalarToCollection, ScenarioMutator::collectionToScalar,
                ScenarioMutator::deleteLine, ScenarioMutator::swapLines, ScenarioMutator::notUtf8,
                ScenarioMutator::deepNesting);
        List<Mutant> mutants = new ArrayList<>();
        while (mutants.size() < count) {
            Change change = operators.get(random.nextInt(operators.size())).apply(mutator);
            if (change != null) {
                mutants.add(new Mutant(firstId + mutants.size(), scenario, change.description(), change.content(),
                        change.touchesStop()));
            }
        }
        return mutants;
    }

    /** A number to 0, -1, Long.MAX, 2^63, 1e30, twenty-six nines or a fraction; its unit, if any, kept. */
    private Change number() {
        Slot slot = pick(SCALAR, NUMBER);
        if (slot == null) {
            return null;
        }
        Matcher m = NUMBER.matcher(slot.text());
        m.matches();
        String[] values = {"0", "-1", LONG_MAX, "9223372036854775808", "1e30", "9".repeat(26), "0.5",
                m.group(1) + ".25"};
        return slot.replace("number to another", values[random.nextInt(values.length)] + m.group(2));
    }

    /** A unit made wrong or removed, or the value made Long.MAX with its unit kept. */
    private Change unit() {
        Slot slot = pick(SCALAR, WITH_UNIT);
        if (slot == null) {
            return null;
        }
        Matcher m = WITH_UNIT.matcher(slot.text());
        m.matches();
        String[] wrong = {"ns", "B", "Gbps", "MiBps", "furlongs"};
        switch (random.nextInt(3)) {
            case 0:
                return slot.replace("wrong unit", m.group(1) + wrong[random.nextInt(wrong.length)]);
            case 1:
                return slot.replace("unit removed", m.group(1));
            default:
                return slot.replace("Long.MAX with its unit", LONG_MAX + m.group(2));
        }
    }

    /** A word (a name, a kind, a mode) to empty, '.', '..', '/', 300 characters or non-ASCII text. */
    private Change word() {
        Slot slot = pick(SCALAR, WORD);
        if (slot == null) {
            return null;
        }
        String[] values = {"''", ".", "..", "/", "a".repeat(300), "nämé-漢字-\uD83D\uDE80"};
        return slot.replace("word to another", values[random.nextInt(values.length)]);
    }

    /** A field removed, or duplicated right after itself: a block field with what it holds, or a flow map's pair. */
    private Change removeOrDuplicateField(boolean duplicate) {
        Slot key = pick(KEY, null);
        if (key == null) {
            return null;
        }
        String what = duplicate ? "field duplicated" : "field removed";
        if (key.isBlock()) {
            int end = blockEnd(key.line());
            List<String> out = new ArrayList<>(lines);
            if (duplicate) {
                out.addAll(end, lines.subList(key.line(), end));
            } else {
                out.subList(key.line(), end).clear();
            }
            return change(what + ": lines " + (key.line() + 1) + ".." + end + " (\"" + show(lines.get(key.line()))
                    + "\" and what it holds) " + (duplicate ? "repeated after line " + end : "deleted"), out,
                    touchesStop(key.line(), end));
        }
        String pair = flowPair(key);
        String line = lines.get(key.line());
        int at = line.indexOf(pair, key.start());
        String changed = duplicate
                ? line.substring(0, at) + pair.strip().replaceAll(",$", "") + ", " + line.substring(at)
                : (line.substring(0, at) + line.substring(at + pair.length())).replace("{, ", "{").replace(", }", "}");
        return key.replaceLine(what + " in a flow map", changed);
    }

    private Change renameField() {
        Slot key = pick(KEY, null);
        if (key == null) {
            return null;
        }
        String[] names = {key.text() + "s", "colour", key.text().toUpperCase(), "x" + key.text()};
        return key.replace("field renamed", names[random.nextInt(names.length)]);
    }

    private Change scalarToCollection() {
        Slot slot = pick(SCALAR, null);
        if (slot == null) {
            return null;
        }
        return random.nextBoolean() ? slot.replace("scalar to a list", "[" + slot.text() + "]")
                : slot.replace("scalar to a map", "{value: " + slot.text() + "}");
    }

    /** A flow list or map to a scalar, or a section (a key with lines under it) given a value of its own. */
    private Change collectionToScalar() {
        if (random.nextBoolean()) {
            Slot flow = pick(FLOW, null);
            if (flow != null) {
                return flow.replace("list or map to a scalar", random.nextBoolean() ? "7" : "x");
            }
        }
        List<Integer> sections = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).matches("\\s*[A-Za-z_]\\w*:\\s*(#.*)?") && blockEnd(i) > i + 1) {
                sections.add(i);
            }
        }
        if (sections.isEmpty()) {
            return null;
        }
        int i = sections.get(random.nextInt(sections.size()));
        List<String> out = new ArrayList<>(lines);
        out.set(i, lines.get(i).replaceFirst(":\\s*(#.*)?$", ": 5"));
        return change("section to a scalar: line " + (i + 1) + " \"" + lines.get(i) + "\" -> \"" + out.get(i) + "\"",
                out, touchesStop(i, i + 1));
    }

    private Change deleteLine() {
        int i = contentLine();
        List<String> out = new ArrayList<>(lines);
        out.remove(i);
        return change("line " + (i + 1) + " deleted: \"" + show(lines.get(i)) + "\"", out, touchesStop(i, i + 1));
    }

    private Change swapLines() {
        int a = contentLine();
        int b = contentLine();
        if (a == b || lines.get(a).equals(lines.get(b))) {
            return null;
        }
        List<String> out = new ArrayList<>(lines);
        out.set(a, lines.get(b));
        out.set(b, lines.get(a));
        int first = Math.min(a, b);
        int second = Math.max(a, b);
        return change("lines " + (first + 1) + " and " + (second + 1) + " swapped: \"" + excerpt(lines.get(first))
                + "\" and \"" + excerpt(lines.get(second)) + "\"", out,
                touchesStop(a, a + 1) || touchesStop(b, b + 1));
    }

    /** A byte that is not UTF-8 (a Latin-1 letter, 0xFF, a lone continuation byte, a cut sequence) in a line. */
    private Change notUtf8() {
        int i = contentLine();
        String line = lines.get(i);
        int column = random.nextInt(line.length() + 1);
        int[] bytes = {0xE9, 0xFF, 0x80, 0xC3};
        int b = bytes[random.nextInt(bytes.length)];
        String before = String.join("\n", lines.subList(0, i)) + (i > 0 ? "\n" : "") + line.substring(0, column);
        String after = line.substring(column) + (i + 1 < lines.size() ? "\n" : "")
                + String.join("\n", lines.subList(i + 1, lines.size()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(before.getBytes(StandardCharsets.UTF_8));
        out.write(b);
        out.writeBytes(after.getBytes(StandardCharsets.UTF_8));
        return new Change(String.format("byte 0x%02X inserted in line %d before column %d of \"%s\"", b, i + 1,
                column + 1, show(line)), out.toByteArray(), false);
    }

    private Change deepNesting() {
        Slot slot = pick(SCALAR, null);
        if (slot == null) {
            return null;
        }
        int[] depths = {65, 200, 2000};
        int depth = depths[random.nextInt(depths.length)];
        return slot.replace("deep nesting", "[".repeat(depth) + slot.text() + "]".repeat(depth));
    }

    /** Where a match of {@code pattern} stands in the file: line, start and end in it, and the text. */
    private final class Slot {
        private final int line;
        private final int start;
        private final int end;

        Slot(int line, int start, int end) {
            this.line = line;
            this.start = start;
            this.end = end;
        }

        int line() {
            return line;
        }

        int start() {
            return start;
        }

        String text() {
            return lines.get(line).substring(start, end);
        }

        /** A key at the start of its line (block style), not inside a flow map. */
        boolean isBlock() {
            return lines.get(line).substring(0, start).matches("\\s*(-\\s+)?") && BLOCK_KEY.matcher(lines.get(line))
                    .matches();
        }

        /** The slot's text replaced; null if that changes nothing (so another change is drawn). */
        Change replace(String what, String replacement) {
            if (replacement.equals(text())) {
                return null;
            }
            String old = lines.get(line);
            List<String> out = new ArrayList<>(lines);
            out.set(line, old.substring(0, start) + replacement + old.substring(end));
            return change(what + ": line " + (line + 1) + ", column " + (start + 1) + ": \"" + show(text()) + "\" -> \""
                    + show(replacement) + "\" (in \"" + excerpt(old.strip()) + "\")", out,
                    touchesStop(line, line + 1));
        }

        Change replaceLine(String what, String newLine) {
            List<String> out = new ArrayList<>(lines);
            out.set(line, newLine);
            return change(what + ": line " + (line + 1) + " \"" + show(lines.get(line)) + "\" -> \"" + show(newLine)
                    + "\"", out, touchesStop(line, line + 1));
        }
    }

    /** A random match of {@code pattern} in the lines' content (comments cut off) whose text matches {@code as}. */
    private Slot pick(Pattern pattern, Pattern as) {
        List<Slot> slots = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String content = withoutComment(lines.get(i));
            Matcher m = pattern.matcher(content);
            while (m.find()) {
                Slot s = new Slot(i, m.start(), m.end());
                if (as == null || as.matcher(s.text()).matches()) {
                    slots.add(s);
                }
            }
        }
        return slots.isEmpty() ? null : slots.get(random.nextInt(slots.size()));
    }

    /** The "key: value" of a flow-map key, with a trailing comma if there is one. */
    private String flowPair(Slot key) {
        String line = withoutComment(lines.get(key.line()));
        int depth = 0;
        int i = key.start();
        for (; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '{' || c == '[') {
                depth++;
            } else if ((c == '}' || c == ']') && depth-- == 0) {
                break;
            } else if (c == ',' && depth == 0) {
                i++;
                break;
            }
        }
        return line.substring(key.start(), i);
    }

    /** The end (exclusive) of the block that starts at line {@code i}: the lines indented deeper after it. */
    private int blockEnd(int i) {
        int indent = indent(lines.get(i));
        int end = i + 1;
        while (end < lines.size()) {
            String l = lines.get(end);
            boolean listItemOfKey = l.strip().startsWith("- ") && indent(l) == indent && !lines.get(i).strip()
                    .startsWith("- ");
            if (!l.isBlank() && !l.strip().startsWith("#") && indent(l) <= indent && !listItemOfKey) {
                break;
            }
            end++;
        }
        while (end > i + 1 && lines.get(end - 1).isBlank()) {
            end--;
        }
        return end;
    }

    private static int indent(String line) {
        int n = 0;
        while (n < line.length() && line.charAt(n) == ' ') {
            n++;
        }
        return n;
    }

    /** A random line that is neither blank nor a comment. */
    private int contentLine() {
        List<Integer> content = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).isBlank() && !lines.get(i).strip().startsWith("#")) {
                content.add(i);
            }
        }
        return content.get(random.nextInt(content.size()));
    }

    private boolean touchesStop(int from, int to) {
        for (int i = from; i < to; i++) {
            if (lines.get(i).startsWith("stop:")) {
                return true;
            }
        }
        return false;
    }

    private static Change change(String description, List<String> out, boolean touchesStop) {
        return new Change(description, String.join("\n", out).getBytes(StandardCharsets.UTF_8), touchesStop);
    }

    private static String withoutComment(String line) {
        int hash = line.indexOf(" #");
        return line.strip().startsWith("#") ? "" : hash < 0 ? line : line.substring(0, hash);
    }

    /** {@link #show} of a line, cut to its first 100 characters: enough to find it again. */
    private static String excerpt(String line) {
        String shown = show(line);
        return shown.length() <= 100 ? shown : shown.substring(0, 97) + "...";
    }

    /** {@code text} with runs of 20 or more of one character written as {@code <'c' x N>}, for descriptions. */
    static String show(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); ) {
            int j = i;
            while (j < text.length() && text.charAt(j) == text.charAt(i)) {
                j++;
            }
            out.append(j - i >= 20 ? "<'" + text.charAt(i) + "' x " + (j - i) + ">" : text.substring(i, j));
            i = j;
        }
        return out.toString();
    }
}
