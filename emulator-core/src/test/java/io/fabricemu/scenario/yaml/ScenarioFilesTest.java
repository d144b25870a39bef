package io.fabricemu.scenario.yaml;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which files a scenario may read ({@link ScenarioFiles}): in its own folder and below, named relative to it, or in a
 * folder the command line allows; never through {@code ..}, an absolute name or a symbolic link out of those; only a
 * regular file, and only up to its kind's limit. Each refusal is at the field, says what is allowed, and never shows
 * what the file holds.
 */
class ScenarioFilesTest {
    private static final String KIND = "CSV schedule";
    private static final int MAX_BYTES = 64;

    @TempDir
    Path root;
    private Path scenarioFolder;
    private Path elsewhere;
    private String source;

    @BeforeEach
    void files() throws IOException {
        scenarioFolder = Files.createDirectories(root.resolve("scenarios"));
        elsewhere = Files.createDirectories(root.resolve("elsewhere"));
        source = scenarioFolder.resolve("s.yaml").toString();
        Files.writeString(scenarioFolder.resolve("s.csv"), "inside");
        Files.writeString(Files.createDirectories(scenarioFolder.resolve("sub")).resolve("t.csv"), "below");
        Files.writeString(elsewhere.resolve("secret.csv"), "SECRET=hunter2");
    }

    private static Field field(String name) {
        return new Field("s.yaml", "workload.schedule", new ScalarNode(Origin.ofLine(7), name, false), null);
    }

    private byte[] read(String name, Path... allowed) throws ScenarioException {
        return new ScenarioFiles(source, List.of(allowed)).read(field(name), KIND, MAX_BYTES).bytes();
    }

    private ScenarioException refused(String name, Path... allowed) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> read(name, allowed));
        assertEquals(7, e.line(), e.getMessage());
        assertEquals("workload.schedule", e.field(), e.getMessage());
        assertTrue(!e.getMessage().contains("SECRET") && !e.getMessage().contains("hunter2"), e.getMessage());
        return e;
    }

    private static void assertContains(ScenarioException e, String... fragments) {
        for (String fragment : fragments) {
            assertTrue(e.getMessage().contains(fragment), "expected '" + fragment + "' in " + e.getMessage());
        }
    }

    @Test
    void read_inTheScenariosFolderOrBelow_givesTheBytes() throws Exception {
        assertArrayEquals(utf8("inside"), read("s.csv"));
        assertArrayEquals(utf8("below"), read("sub/t.csv"));
        assertArrayEquals(utf8("inside"), read("sub/../s.csv"));
        ScenarioFiles.Content content = new ScenarioFiles(source, List.of()).read(field("sub/t.csv"), KIND,
                MAX_BYTES);
        assertEquals(scenarioFolder.resolve("sub/t.csv").toString(), content.display());
    }

    @Test
    void read_outOfTheFolder_isRefusedBeforeTheFileIsLookedAt() {
        assertContains(refused("../elsewhere/secret.csv"), "'../elsewhere/secret.csv' leads out of the scenario's"
                + " folder (" + scenarioFolder + ")", "--allow-files DIR");
        assertContains(refused("../elsewhere/no-such-file.csv"), "leads out of the scenario's folder");
        assertContains(refused(elsewhere.resolve("secret.csv").toString()), "is an absolute path",
                "named relative to it");
        assertContains(refused("/etc/passwd"), "'/etc/passwd' is an absolute path");
        assertContains(refused("/proc/self/environ"), "'/proc/self/environ' is an absolute path");
    }

    @Test
    void read_anAbsoluteNameInsideTheScenariosFolder_isRefusedToo() {
        assertContains(refused(scenarioFolder.resolve("s.csv").toString()), "is an absolute path");
    }

    @Test
    void read_inAnAllowedFolder_givesTheBytes() throws Exception {
        assertArrayEquals(utf8("SECRET=hunter2"), read("../elsewhere/secret.csv", elsewhere));
        assertArrayEquals(utf8("SECRET=hunter2"), read(elsewhere.resolve("secret.csv").toString(), elsewhere));
        assertContains(refused("/etc/passwd", elsewhere), "outside the folders allowed with --allow-files ("
                + elsewhere + ")");
    }

    @Test
    void read_throughASymbolicLinkOut_isRefused() throws Exception {
        Path link = scenarioFolder.resolve("link.csv");
        try {
            Files.createSymbolicLink(link, elsewhere.resolve("secret.csv"));
            Files.createSymbolicLink(scenarioFolder.resolve("away"), elsewhere);
        } catch (UnsupportedOperationException | IOException e) {
            assumeTrue(false, "no symbolic links here");
        }
        assertContains(refused("link.csv"), "'link.csv' leads through a symbolic link out of the folders");
        assertContains(refused("away/secret.csv"), "symbolic link");
        assertArrayEquals(utf8("SECRET=hunter2"), read("link.csv", elsewhere));
    }

    @Test
    void read_notARegularFile_isRefused() throws Exception {
        assertContains(refused("sub"), "is a folder, not a CSV schedule");
        assertContains(refused("."), "is a folder");
        assertContains(refused("missing.csv"), "no such file");
        Path fifo = scenarioFolder.resolve("fifo.csv");
        Process mkfifo;
        try {
            mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        } catch (IOException e) {
            assumeTrue(false, "no mkfifo here");
            return;
        }
        assumeTrue(mkfifo.waitFor() == 0 && Files.exists(fifo), "mkfifo failed");
        assertContains(refused("fifo.csv"), "it is not a regular file (it is a device, a pipe or a socket)");
    }

    @Test
    void read_largerThanTheLimit_isRefusedNamingIt() throws Exception {
        Files.write(scenarioFolder.resolve("big.csv"), new byte[MAX_BYTES + 1]);
        Files.write(scenarioFolder.resolve("fits.csv"), new byte[MAX_BYTES]);
        assertEquals(MAX_BYTES, read("fits.csv").length);
        assertContains(refused("big.csv"), "big.csv is larger than 64 B (64 bytes), the most a CSV schedule may be");
    }

    @Test
    void read_aNameThatIsNoPath_isRefused() {
        assertContains(refused("a\u0000b"), "'a\u0000b' is not a file name");
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
