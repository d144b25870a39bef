package io.fabricemu;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The relative links of a Markdown page, and the anchors its headings make, by GitHub's rule: a heading's anchor is
 * its text lowercased, with every character but letters, digits, spaces, '-' and '_' dropped and spaces turned to
 * '-'; a repeated heading gets {@code -1}, {@code -2}, ... Links and headings inside code (fenced blocks and inline
 * spans) do not count.
 */
final class DocLinks {
    private static final Pattern LINK = Pattern.compile("!?\\[((?:[^\\[\\]]|\\[[^\\]]*\\])*)\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern FENCE = Pattern.compile("^\\s*(```+|~~~+).*");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:.*");

    private DocLinks() {
    }

    /** A link: the line it is on and its target as written ({@code docs/x.md#part}, {@code #part}). */
    record Link(int line, String target) {
        /** The file part, "" for a link within the page. */
        String file() {
            int hash = target.indexOf('#');
            return hash < 0 ? target : target.substring(0, hash);
        }

        /** The anchor, "" for none. */
        String anchor() {
            int hash = target.indexOf('#');
            return hash < 0 ? "" : target.substring(hash + 1);
        }
    }

    /** The relative links of {@code markdown}, outside code; links to web pages (any {@code scheme:}) left out. */
    static List<Link> relativeLinks(String markdown) {
        List<Link> out = new ArrayList<>();
        String[] lines = prose(markdown);
        for (int i = 0; i < lines.length; i++) {
            Matcher m = LINK.matcher(lines[i]);
            while (m.find()) {
                if (!SCHEME.matcher(m.group(2)).matches()) {
                    out.add(new Link(i + 1, m.group(2)));
                }
            }
        }
        return out;
    }

    /** The anchors the headings of {@code markdown} make. */
    static Set<String> anchors(String markdown) {
        Set<String> found = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean inFence = false;
        for (String line : markdown.split("\n", -1)) {
            if (FENCE.matcher(line).matches()) {
                inFence = !inFence;
                continue;
            }
            Matcher h = inFence ? null : HEADING.matcher(line);
            if (h != null && h.matches()) {
                String base = slug(h.group(1));
                int n = seen.merge(base, 1, Integer::sum) - 1;
                found.add(n == 0 ? base : base + "-" + n);
            }
        }
        return found;
    }

    /** GitHub's anchor for a heading's text; a link in the heading keeps its text. */
    static String slug(String heading) {
        String s = heading.strip().toLowerCase(java.util.Locale.ROOT).replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1");
        StringBuilder out = new StringBuilder();
        s.codePoints().forEach(c -> {
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                out.appendCodePoint(c);
            } else if (c == ' ') {
                out.append('-');
            }
        });
        return out.toString();
    }

    /** The lines of {@code markdown} with fenced blocks emptied and inline code spans blanked. */
    private static String[] prose(String markdown) {
        String[] lines = markdown.split("\n", -1);
        boolean inFence = false;
        for (int i = 0; i < lines.length; i++) {
            if (FENCE.matcher(lines[i]).matches()) {
                inFence = !inFence;
                lines[i] = "";
            } else if (inFence) {
                lines[i] = "";
            } else {
                lines[i] = lines[i].replaceAll("`[^`]*`", " ");
            }
        }
        return lines;
    }
}
