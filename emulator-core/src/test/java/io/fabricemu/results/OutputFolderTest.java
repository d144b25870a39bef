package io.fabricemu.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The output folder's life: claimed before the run, committed or abandoned after it. Relative paths are taken
 * from a stand-in working directory inside a temporary folder, never from this JVM's own.
 */
class OutputFolderTest {
    @TempDir
    Path tmp;

    private Path work;

    @BeforeEach
    void setUp() throws IOException {
        work = Files.createDirectories(tmp.resolve("work"));
    }

    private OutputFolder claim(String out) throws OutputFolderException {
        return OutputFolder.claim(Path.of(out), work);
    }

    private static void write(OutputFolder output, String file, String text) throws OutputFolderException {
        output.commit(folder -> Files.writeString(folder.resolve(file), text));
    }

    @Test
    void claim_stagesBesideTheFolder_andCommitPutsTheFolderInPlaceWithItsMarker() throws Exception {
        try (OutputFolder output = claim("results/run")) {
            assertEquals(1, list(work.resolve("results")).size());
            assertTrue(list(work.resolve("results")).get(0).getFileName().toString().startsWith(".fabric-emu-tmp-"));
            write(output, "a.txt", "new");
        }
        Path run = work.resolve("results/run");
        assertEquals("new", Files.readString(run.resolve("a.txt")));
        assertEquals(OwnResults.MARKER_TEXT, Files.readString(run.resolve(".fabric-emu-output")));
        assertEquals(List.of(run), list(work.resolve("results")), "the staging folder is gone");
    }

    @Test
    void close_withoutCommit_removesTheStagingFolderAndTheFoldersTheClaimMade() throws Exception {
        Files.createDirectories(work.resolve("kept"));
        Files.writeString(work.resolve("kept/notes.txt"), "mine");
        OutputFolder output = claim("kept/a/b/run");
        try (output) {
            assertTrue(Files.isDirectory(work.resolve("kept/a/b")), "the claim made the folders above it");
        }
        assertEquals(List.of(work.resolve("kept/notes.txt")), list(work.resolve("kept")));
    }

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"", ".", "..", "sub/..", "sub/../.", "../work", "/"})
    void claim_refusesTheWorkingDirectoryTheFoldersAboveItAndTheRoot(String out) throws IOException {
        Files.createDirectories(work.resolve("sub"));
        OutputFolderException e = assertThrows(OutputFolderException.class, () -> claim(out));
        assertTrue(e.getMessage().startsWith("output folder '" + out + "'"), e.getMessage());
        assertTrue(e.getMessage().contains(out.equals("/") ? "root of the file system" : "working directory"),
                e.getMessage());
        assertEquals(List.of(work.resolve("sub")), list(work));
        assertEquals(List.of(work), list(tmp));
    }

    @Test
    void claim_refusesAPathEndingInDots_thatIsNotTheWorkingDirectory() throws IOException {
        Files.createDirectories(work.resolve("a/b"));
        OutputFolderException e = assertThrows(OutputFolderException.class, () -> claim("a/b/.."));
        assertTrue(e.getMessage().contains("ends in '..'; name the output folder itself"), e.getMessage());
    }

    @Test
    void claim_theWorkingDirectoryReachedThroughALink_isStillRefused() throws IOException {
        Path link = Files.createSymbolicLink(tmp.resolve("link"), tmp);
        OutputFolderException e = assertThrows(OutputFolderException.class,
                () -> claim(link.resolve("work").toString()));
        assertTrue(e.getMessage().contains("is the working directory"), e.getMessage());
    }

    @Test
    void claim_followsLinksAboveTheFolder() throws Exception {
        Path disk = Files.createDirectories(tmp.resolve("disk"));
        Files.createSymbolicLink(work.resolve("results"), disk);
        try (OutputFolder output = claim("results/run")) {
            write(output, "a.txt", "x");
        }
        assertTrue(Files.isRegularFile(disk.resolve("run/a.txt")));
    }

    @Test
    void claim_refusesANameTheFileSystemRefuses_andLeavesNothing() {
        OutputFolderException e = assertThrows(OutputFolderException.class, () -> claim("new/" + "x".repeat(256)));
        assertTrue(e.getMessage().contains("cannot be created in " + work.resolve("new") + " with that name"),
                e.getMessage());
        assertFalse(e.getMessage().contains("x".repeat(256)), "the name is shortened: " + e.getMessage());
        assertEquals(List.of(), list(work));
    }

    @Test
    void reserve_makesRunFoldersNow_andRefusesTheNamesOfItsOwnFiles() throws Exception {
        try (OutputFolder output = claim("cmp")) {
            output.reserve("nscc+rccc", "the run 'nscc+rccc'");
            output.reserve("incast-7to1#2", "the run 'incast-7to1#2'");
            for (String name : List.of("comparison.md", "Report.html", ".fabric-emu-output", "..", "a/b")) {
                OutputFolderException e = assertThrows(OutputFolderException.class, () -> output.reserve(name, "x"));
                assertTrue(e.getMessage().endsWith("; rename it"), e.getMessage());
            }
            assertThrows(OutputFolderException.class, () -> output.reserve("y".repeat(256), "y"));
            output.commit(folder -> Files.writeString(folder.resolve("nscc+rccc/results.json"), "{}"));
        }
        assertTrue(Files.isRegularFile(work.resolve("cmp/nscc+rccc/results.json")));
        assertTrue(Files.isDirectory(work.resolve("cmp/incast-7to1#2")));
    }

    @Test
    void commit_refusesAFolderThatBecameSomeoneElsesDuringTheRun() throws Exception {
        try (OutputFolder output = claim("run")) {
            Files.createDirectories(work.resolve("run"));
            Files.writeString(work.resolve("run/notes.txt"), "written meanwhile");
            OutputFolderException e = assertThrows(OutputFolderException.class, () -> write(output, "a.txt", "x"));
            assertTrue(e.getMessage().startsWith("the results were not written, as the folder changed during the run"),
                    e.getMessage());
        }
        assertEquals(List.of(work.resolve("run/notes.txt")), list(work.resolve("run")));
        assertEquals(List.of(work.resolve("run")), list(work));
    }

    @Test
    void abandon_whileTheContentsAreWritten_removesEverythingAndKeepsTheOldFolder() throws Exception {
        try (OutputFolder first = claim("run")) {
            write(first, "old.txt", "old");
        }
        // thousands of files first, so that deleting them takes long enough for the writer to add more meanwhile
        CountDownLatch writing = new CountDownLatch(5_000);
        AtomicReference<Exception> outcome = new AtomicReference<>();
        try (OutputFolder output = claim("run")) {
            Thread writer = new Thread(() -> {
                try {
                    // writes until its folder is gone, as a run writing big files would go on
                    output.commit(folder -> {
                        for (int i = 0; ; i++) {
                            Files.writeString(folder.resolve("f" + i), "x");
                            writing.countDown();
                        }
                    });
                } catch (Exception e) {
                    outcome.set(e);
                }
            });
            writer.start();
            writing.await();
            output.abandon();
            writer.join(10_000);
            assertFalse(writer.isAlive());
        }
        assertTrue(outcome.get() instanceof OutputFolderException, String.valueOf(outcome.get()));
        assertTrue(outcome.get().getMessage().endsWith("was not written: fabric-emu was stopped while writing it"),
                outcome.get().getMessage());
        assertEquals(List.of(work.resolve("run")), list(work), "nothing hidden is left");
        assertEquals("old", Files.readString(work.resolve("run/old.txt")));
    }

    @Test
    void aSignalBetweenMovingTheOldFolderAsideAndTheNewOneIn_putsTheOldOneBack() throws Exception {
        try (OutputFolder first = claim("run")) {
            write(first, "old.txt", "old");
        }
        try (OutputFolder output = claim("run")) {
            output.betweenMoves = () -> {
                assertFalse(Files.exists(work.resolve("run")), "the old folder is aside");
                output.stop();
            };
            OutputFolderException e = assertThrows(OutputFolderException.class, () -> write(output, "new.txt", "new"));
            assertTrue(e.getMessage().endsWith("fabric-emu was stopped while writing it"), e.getMessage());
            assertEquals("old", Files.readString(work.resolve("run/old.txt")));
        }
        assertEquals(List.of(work.resolve("run")), list(work));
        assertEquals(List.of(work.resolve("run/.fabric-emu-output"), work.resolve("run/old.txt")),
                list(work.resolve("run")));
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
