package io.fabricemu.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which existing folders count as fabric-emu's own results, and so may be replaced. */
class OwnResultsTest {
    @TempDir
    Path tmp;

    /** A folder holding {@code entries}: names ending in '/' are folders, others files. */
    private Path folder(String... entries) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("out"));
        for (String e : entries) {
            if (e.endsWith("/")) {
                Files.createDirectories(dir.resolve(e));
            } else {
                Files.createDirectories(dir.resolve(e).getParent());
                Files.writeString(dir.resolve(e), "x");
            }
        }
        return dir;
    }

    @ParameterizedTest(name = "[{0}]")
    @ValueSource(strings = {
            "",
            ".fabric-emu-output notes.txt data/ data/raw.bin",
            "results.json",
            "results.json flows.csv ports.csv series-ports.csv series-flows.csv report.html",
            "results.json flows.csv ports.csv faults.csv report.html",
            "results.json flows.csv ports.csv pfc-timeline.csv report.html",
            "results.json flows.csv ports.csv slowdown.csv report.html",
            "results.json flows.csv collectives.csv chakra-timeline.csv report.html",
            "comparison.md",
            "comparison.csv report.html nscc/results.json nscc/report.html rccc/results.json",
            "comparison.md comparison.csv report.html empty-run/"})
    void ours(String entries) throws IOException {
        assertNull(OwnResults.foreignContent(folder(entries.isEmpty() ? new String[0] : entries.split(" "))));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "notes.txt",
            "flows.csv report.html",
            "results.json notes.txt",
            "results.json sub/",
            "report.html nscc/results.json",
            "comparison.md nscc/results.json nscc/notes.txt",
            "comparison.md nscc/flows.csv",
            ".fabric-emu-output/ results.json x.txt"})
    void notOurs(String entries) throws IOException {
        assertTrue(OwnResults.foreignContent(folder(entries.split(" "))) != null, entries);
    }

    @Test
    void aLinkNamedLikeAResultsFile_isNotOurs() throws IOException {
        Path elsewhere = Files.writeString(tmp.resolve("elsewhere.json"), "{}");
        Path dir = folder();
        Files.createSymbolicLink(dir.resolve("results.json"), elsewhere);
        assertTrue(OwnResults.foreignContent(dir) != null);
    }

    @Test
    void theMessageNamesTheStrangersInOrderAndCountsTheRest() throws IOException {
        Path dir = folder("results.json", "zeta.txt", "alpha/", "beta.txt", "gamma.txt", "delta.txt");
        assertEquals("it holds alpha/, beta.txt, delta.txt and 2 more entries that fabric-emu did not write",
                OwnResults.foreignContent(dir));
    }

    @Test
    void onlyFabricEmuNamesButNoResults_saysItCannotTell() throws IOException {
        assertTrue(OwnResults.foreignContent(folder("report.html", "flows.csv")).startsWith(
                "fabric-emu cannot tell that it wrote it"));
    }
}
