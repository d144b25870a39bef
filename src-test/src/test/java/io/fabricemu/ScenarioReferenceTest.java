package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.ScenarioReference.Probe;
import io.fabricemu.ScenarioReference.Row;
import io.fabricemu.ScenarioReference.Section;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/scenarios.md cannot drift from the loader: every field table lists exactly the fields the loader allows in
 * its section, every list of values is the loader's, every default written as a value is a value the loader
 * accepts there, every map field has a table of its own, and every example scenario on the page validates. The loader says which fields a section allows when it meets one it does not know, so each
 * section is probed with a key no section has ({@link #UNKNOWN}) through {@code validate --set}, and the list is
 * read from the message. Only {@code validate} runs: the whole test takes seconds.
 */
class ScenarioReferenceTest {
    private static final Path DOC = Path.of("..", "docs", "scenarios.md");
    private static final String UNKNOWN = "zzzUnknown";
    /** E.g. "workload.parts[0].zzzUnknown: unknown field; allowed fields of workload.parts[0] for kind incast are a, b". */
    private static final Pattern ALLOWED = Pattern.compile("(\\S+): unknown field; allowed fields of (.+?) are "
            + "([A-Za-z0-9]+(?:, [A-Za-z0-9]+)*)(?: \\(did you mean '[^']*'\\?\\))?$", Pattern.MULTILINE);
    private static final Pattern CONCRETE_DEFAULT = Pattern.compile("`([^`]+)`");
    /** A values cell that is nothing but two or more values in backticks: the whole choice a field offers. */
    private static final Pattern VALUE_LIST = Pattern.compile("`[^`]+`(?:, `[^`]+`)+");
    /** E.g. "switch.forwarding: 'zzzUnknown' is not allowed; use one of cut-through, store-and-forward". */
    private static final Pattern ONE_OF = Pattern.compile("(\\S+): '" + UNKNOWN + "' is not allowed; use one of "
            + "(.+?)(?: \\(did you mean '[^']*'\\?\\))?$", Pattern.MULTILINE);

    @TempDir
    Path dir;

    private ScenarioReference doc;
    private Map<String, Path> scenarios;

    @BeforeEach
    void readThePage() throws IOException {
        doc = ScenarioReference.read(DOC);
        scenarios = doc.writeExamples(dir);
    }

    @Test
    void everyExampleScenarioOnThePageValidates() {
        assertFalse(scenarios.isEmpty(), "docs/scenarios.md marks no example scenario (<!-- scenario: NAME -->)");
        List<String> failures = new ArrayList<>();
        for (Map.Entry<String, Path> e : scenarios.entrySet()) {
            Cli.Outcome o = Cli.run("validate", e.getValue().toString());
            if (o.exitCode() != 0) {
                failures.add("example '" + e.getKey() + "' does not validate (exit " + o.exitCode() + "):\n" + o.err());
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void everySectionTableListsExactlyTheFieldsTheLoaderAllows() {
        assertTrue(doc.sections().size() >= 20, "docs/scenarios.md has only " + doc.sections().size()
                + " field tables: " + doc.sections().keySet());
        // what the loader calls a section ("transport", "topology for kind ring") -> what it allows, what the page says
        Map<String, List<String>> allowed = new TreeMap<>();
        Map<String, Set<String>> documented = new TreeMap<>();
        Map<String, Set<String>> headings = new TreeMap<>();
        List<String> failures = new ArrayList<>();
        for (Section section : doc.sections().values()) {
            for (Probe probe : section.probes()) {
                String context = context(section, probe);
                if (context != null) {
                    failures.add(context);
                    continue;
                }
                Cli.Outcome o = validate(probe, probe.pathOf(UNKNOWN) + "=1");
                Matcher m = ALLOWED.matcher(o.err());
                String where = null;
                List<String> fields = null;
                while (m.find()) {
                    if (m.group(1).equals(probe.messagePathOf(UNKNOWN))) {
                        where = m.group(2);
                        fields = List.of(m.group(3).split(", "));
                    }
                }
                if (where == null) {
                    failures.add("section '" + section.heading() + "': the loader did not report "
                            + probe.messagePathOf(UNKNOWN) + " as an unknown field (exit " + o.exitCode() + "):\n"
                            + o.err());
                    continue;
                }
                List<String> earlier = allowed.putIfAbsent(where, fields);
                if (earlier != null && !Set.copyOf(earlier).equals(Set.copyOf(fields))) {
                    failures.add("the loader allows " + earlier + " and " + fields + " in " + where);
                }
                documented.computeIfAbsent(where, w -> new LinkedHashSet<>())
                        .addAll(doc.documentedFields(section, probe));
                headings.computeIfAbsent(where, w -> new LinkedHashSet<>()).add(section.heading());
            }
        }
        for (Map.Entry<String, List<String>> e : allowed.entrySet()) {
            Set<String> missing = new LinkedHashSet<>(e.getValue());
            missing.removeAll(documented.get(e.getKey()));
            Set<String> extra = new LinkedHashSet<>(documented.get(e.getKey()));
            extra.removeAll(e.getValue());
            if (!missing.isEmpty() || !extra.isEmpty()) {
                failures.add("the loader's " + e.getKey() + ", documented under " + headings.get(e.getKey())
                        + ": " + (missing.isEmpty() ? "" : "fields the page does not list " + missing
                        + (extra.isEmpty() ? "" : "; ")) + (extra.isEmpty() ? "" : "fields the loader does not know "
                        + extra));
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " difference(s) between docs/scenarios.md and the loader:\n"
                + String.join("\n", failures));
    }

    @Test
    void everyDefaultWrittenAsAValueIsAccepted() {
        List<String> failures = new ArrayList<>();
        int checked = 0;
        for (Section section : doc.sections().values()) {
            Probe probe = section.probes().get(0);
            String context = context(section, probe);
            if (context != null) {
                failures.add(context);
                continue;
            }
            for (Row row : section.rows()) {
                Matcher value = CONCRETE_DEFAULT.matcher(row.defaultCell());
                if (!value.matches()) {
                    continue;
                }
                checked++;
                String override = probe.pathOf(row.field()) + "=" + value.group(1);
                Cli.Outcome o = validate(probe, override);
                if (o.exitCode() != 0) {
                    failures.add("section '" + section.heading() + "', field " + row.field() + ": the default "
                            + value.group(0) + " is refused (--set " + override + ", exit " + o.exitCode() + "):\n"
                            + o.err());
                }
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
        assertTrue(checked >= 50, "only " + checked + " defaults are written as values in docs/scenarios.md");
    }

    @Test
    void everyListOfValuesIsTheOneTheLoaderAccepts() {
        List<String> failures = new ArrayList<>();
        int checked = 0;
        for (Section section : doc.sections().values()) {
            Probe probe = section.probes().get(0);
            for (Row row : section.rows()) {
                if (!VALUE_LIST.matcher(row.values()).matches()) {
                    continue;
                }
                checked++;
                Set<String> documented = new LinkedHashSet<>();
                Matcher value = CONCRETE_DEFAULT.matcher(row.values());
                while (value.find()) {
                    documented.add(value.group(1));
                }
                Cli.Outcome o = validate(probe, probe.pathOf(row.field()) + "=" + UNKNOWN);
                Matcher m = ONE_OF.matcher(o.err());
                Set<String> allowed = null;
                while (m.find()) {
                    if (m.group(1).equals(probe.messagePathOf(row.field()))) {
                        allowed = new LinkedHashSet<>(List.of(m.group(2).split(", ")));
                    }
                }
                if (allowed == null) {
                    failures.add("section '" + section.heading() + "', field " + row.field() + ": the loader did not"
                            + " list the values it allows (exit " + o.exitCode() + "):\n" + o.err());
                } else if (!allowed.equals(documented)) {
                    failures.add("section '" + section.heading() + "', field " + row.field() + ": the page lists "
                            + documented + ", the loader allows " + allowed);
                }
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
        assertTrue(checked >= 20, "only " + checked + " fields list their values in docs/scenarios.md");
    }

    @Test
    void everyFieldThatIsAMapHasATableOfItsOwn() {
        Set<String> probed = new LinkedHashSet<>();
        doc.sections().values().forEach(s -> s.probes().forEach(p -> probed.add(p.at())));
        List<String> failures = new ArrayList<>();
        for (Section section : doc.sections().values()) {
            Probe probe = section.probes().get(0);
            for (Row row : section.rows()) {
                String path = probe.pathOf(row.field());
                if (row.values().startsWith("map") && !probed.contains(path)) {
                    failures.add("section '" + section.heading() + "': field " + row.field() + " is a map, and no"
                            + " table probes " + path);
                } else if (row.values().startsWith("list of maps") && !probed.contains(path + ".0")) {
                    failures.add("section '" + section.heading() + "': field " + row.field() + " is a list of maps,"
                            + " and no table probes " + path + ".0");
                }
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void aFragmentReplacesItsBasesTopLevelSections() {
        String base = "name: x\ntopology:\n  kind: ring\n  switches: 3\nworkload: {kind: permutation}\nstop: 1s\n";
        assertEquals("name: x\nworkload: {kind: permutation}\nstop: 1s\ntopology: {kind: leaf-spine}\n",
                ScenarioReference.merge(base, "topology: {kind: leaf-spine}\n"));
    }

    /** Null if the probe's scenario, with its overrides, validates: the context in which its section is read. */
    private String context(Section section, Probe probe) {
        if (!scenarios.containsKey(probe.base())) {
            return "section '" + section.heading() + "': its probe's base '" + probe.base()
                    + "' is no example scenario of the page; there are " + scenarios.keySet();
        }
        Cli.Outcome o = validate(probe);
        return o.exitCode() == 0 ? null : "section '" + section.heading() + "': the probe's scenario "
                + probe.base() + " with " + probe.sets() + " does not validate (exit " + o.exitCode() + "):\n" + o.err();
    }

    private Cli.Outcome validate(Probe probe, String... extraOverrides) {
        List<String> args = new ArrayList<>(List.of("validate", scenarios.get(probe.base()).toString()));
        for (String set : probe.sets()) {
            args.add("--set");
            args.add(set);
        }
        for (String set : extraOverrides) {
            args.add("--set");
            args.add(set);
        }
        return Cli.run(args.toArray(String[]::new));
    }
}
