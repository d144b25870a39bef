package io.fabricemu;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The repository files a Markdown text names, relative to the repository root. Scenarios: any
 * {@code topologies/scenarios/NAME.yaml} in the text (braces expanded, {@code *} kept for the caller to match),
 * and a bare {@code NAME.yaml} inside inline code or a fenced block, which the docs use for a file of
 * {@code topologies/scenarios}. Other files: a path starting with {@code bin/}, {@code dashboards/},
 * {@code docs/} or {@code topologies/} anywhere in the text. A leading {@code ../} (a link from {@code docs/})
 * is dropped. Output paths ({@code results/}, {@code app/target/}) and files a reader writes
 * ({@code cluster.conf}) are not repository files and are not named here.
 */
final class DocPaths {
    /** A file named at a line of a text, as a path from the repository root (may hold {@code *}). */
    record Reference(int line, String path) {
    }

    private static final String SCENARIO_DIR = "topologies/scenarios/";
    private static final Pattern SCENARIO = Pattern.compile(
            "(?<![\\w/.$-])(?:\\.\\./)*(topologies/scenarios/[\\w.{},*+-]*?\\.yaml)(?![\\w.-])");
    private static final Pattern BARE_SCENARIO = Pattern.compile("(?<![\\w/.$-])([\\w][\\w.-]*\\.yaml)(?![\\w.-])");
    private static final Pattern REPO_PATH = Pattern.compile(
            "(?<![\\w/.$-])(?:\\.\\./)*((?:bin|dashboards|docs|topologies)/[\\w./*{},+-]*[\\w*}])");
    private static final Pattern INLINE_CODE = Pattern.compile("`([^`]+)`");
    private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~).*$");

    private DocPaths() {
    }

    /** Every scenario file the text names, in order, braces expanded. */
    static List<Reference> scenarios(String markdown) {
        List<Reference> out = new ArrayList<>();
        String[] lines = markdown.split("\n", -1);
        boolean fenced = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (FENCE.matcher(line).matches()) {
                fenced = !fenced;
                continue;
            }
            addAll(out, i + 1, SCENARIO.matcher(line), "");
            List<String> code = new ArrayList<>();
            if (fenced) {
                code.add(line);
            } else {
                Matcher m = INLINE_CODE.matcher(line);
                while (m.find()) {
                    code.add(m.group(1));
                }
            }
            for (String c : code) {
                addAll(out, i + 1, BARE_SCENARIO.matcher(c), SCENARIO_DIR);
            }
        }
        return out;
    }

    /** Every other repository path the text names (scenario files excluded). */
    static List<Reference> repoPaths(String markdown) {
        List<Reference> out = new ArrayList<>();
        String[] lines = markdown.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher m = REPO_PATH.matcher(lines[i]);
            List<Reference> found = new ArrayList<>();
            addAll(found, i + 1, m, "");
            found.removeIf(r -> r.path().startsWith(SCENARIO_DIR) && r.path().endsWith(".yaml"));
            out.addAll(found);
        }
        return out;
    }

    private static void addAll(List<Reference> out, int line, Matcher m, String prefix) {
        while (m.find()) {
            for (String p : DocCommands.expandBraces(m.group(1))) {
                out.add(new Reference(line, prefix + p));
            }
        }
    }
}
