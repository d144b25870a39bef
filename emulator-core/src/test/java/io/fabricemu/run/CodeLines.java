package io.fabricemu.run;

import java.util.ArrayList;
import java.util.List;

/**
 * A Java file's lines with comments and the contents of string and character literals replaced by spaces, so that
 * a line keeps its number and its code. A scanner, not a parser: text blocks are treated as strings line by line,
 * which is enough for import rules.
 */
final class CodeLines {
    private CodeLines() {
    }

    static List<String> of(List<String> lines) {
        List<String> code = new ArrayList<>(lines.size());
        boolean inBlock = false;
        for (String line : lines) {
            StringBuilder out = new StringBuilder(line.length());
            int i = 0;
            while (i < line.length()) {
                char c = line.charAt(i);
                if (inBlock) {
                    if (line.startsWith("*/", i)) {
                        inBlock = false;
                        out.append("  ");
                        i += 2;
                    } else {
                        out.append(' ');
                        i++;
                    }
                } else if (line.startsWith("/*", i)) {
                    inBlock = true;
                    out.append("  ");
                    i += 2;
                } else if (line.startsWith("//", i)) {
                    break;
                } else if (c == '"' || c == '\'') {
                    int end = closing(line, i + 1, c);
                    out.append(c).append(" ".repeat(Math.max(0, end - i - 1)));
                    if (end < line.length()) {
                        out.append(c);
                    }
                    i = end + 1;
                } else {
                    out.append(c);
                    i++;
                }
            }
            code.add(out.toString());
        }
        return code;
    }

    /** The index of the quote closing a literal opened before {@code from}, or the line's length. */
    private static int closing(String line, int from, char quote) {
        int i = from;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == quote) {
                return i;
            } else {
                i++;
            }
        }
        return line.length();
    }
}
