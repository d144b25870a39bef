package io.fabricemu.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Staging folders left by killed runs: removed by the next claim of the same output folder when their marker
 * proves their process has ended, kept in every other case. A process that has ended is a {@code sleep} this test
 * starts, reads the start time of, and kills.
 */
class LeftStagingTest {
    @TempDir
    Path tmp;

    private Path place;
    private StagingMarker self;

    @BeforeEach
    void setUp() {
        self = StagingMarker.ofThisProcess("run");
        assumeTrue(self != null, "no /proc: no process can be told gone, and nothing is removed");
        place = tmp.resolve("run");
    }

    @Test
    void marker_readsBackAsWritten_andNamesThisProcessAsRunning() throws IOException {
        Path staging = staging(self);
        assertEquals(self, StagingMarker.readFrom(staging));
        assertFalse(self.writerIsGone(), "this process runs");
        Files.writeString(staging.resolve(StagingMarker.FILE), "pid: 1\n");
        assertNull(StagingMarker.readFrom(staging), "not a marker");
    }

    @Test
    void aFolderWhoseProcessEnded_isRemoved_andOnlyItOfManyLookalikes() throws Exception {
        StagingMarker gone = endedProcess();
        assertTrue(gone.writerIsGone());
        Path left = staging(gone);
        Files.createDirectories(left.resolve("new/run"));
        Files.writeString(left.resolve("new/run/results.json"), "{}");
        // kept: a folder of this process, of another output folder, of another boot, of another process
        // namespace, one without a marker, a look-alike name fabric-emu never makes, and a link to that
        staging(self);
        staging(new StagingMarker("other", gone.boot(), gone.pidNamespace(), gone.pid(), gone.start()));
        staging(new StagingMarker("run", "another-boot", gone.pidNamespace(), gone.pid(), gone.start()));
        staging(new StagingMarker("run", gone.boot(), "pid:[1]", gone.pid(), gone.start()));
        Files.createDirectory(tmp.resolve(LeftStaging.newName(UUID.randomUUID())));
        Path lookalike = Files.move(staging(gone), tmp.resolve(".fabric-emu-tmp-mine"));
        Files.createSymbolicLink(tmp.resolve(LeftStaging.newName(UUID.randomUUID())), lookalike.getFileName());
        List<Path> before = list(tmp);

        assertEquals(1, LeftStaging.removeBeside(place));
        assertFalse(Files.exists(left));
        assertEquals(before.stream().filter(p -> !p.equals(left)).toList(), list(tmp), "nothing else went");
        assertTrue(Files.isRegularFile(lookalike.resolve(StagingMarker.FILE)));
        assertFalse(Files.exists(place), "nothing to put back: the old folder was not moved aside");
    }

    @Test
    void aRunKilledBetweenTheMoves_getsThePreviousResultsBackInPlace() throws Exception {
        Path left = staging(endedProcess());
        Files.createDirectories(left.resolve(OutputFolder.OLD));
        Files.writeString(left.resolve(OutputFolder.OLD).resolve("results.json"), "{\"earlier\": true}");
        assertEquals(1, LeftStaging.removeBeside(place));
        assertEquals("{\"earlier\": true}", Files.readString(place.resolve("results.json")));
        assertEquals(List.of(place), list(tmp));
    }

    @Test
    void claim_removesTheLeftFolders_andItsOwnStagingFolderNamesThisProcess() throws Exception {
        Path left = staging(endedProcess());
        try (OutputFolder output = OutputFolder.claim(place, tmp)) {
            assertFalse(Files.exists(left));
            List<Path> staging = list(tmp);
            assertEquals(1, staging.size());
            assertEquals(self, StagingMarker.readFrom(staging.get(0)));
            output.commit(folder -> Files.writeString(folder.resolve("a.txt"), "new"));
        }
        assertEquals(List.of(place), list(tmp));
    }

    /** A staging folder beside {@link #place} holding {@code marker}. */
    private Path staging(StagingMarker marker) throws IOException {
        Path staging = Files.createDirectory(tmp.resolve(LeftStaging.newName(UUID.randomUUID())));
        marker.writeInto(staging);
        return staging;
    }

    /** The marker of a process that ran in this boot and namespace and has ended. */
    private StagingMarker endedProcess() throws Exception {
        Process sleep = new ProcessBuilder("sleep", "60").start();
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(sleep.pid()), "stat"));
            String start = stat.substring(stat.lastIndexOf(')') + 2).split(" ")[19];
            return new StagingMarker("run", self.boot(), self.pidNamespace(), sleep.pid(), start);
        } finally {
            sleep.destroyForcibly();
            assertTrue(sleep.waitFor(10, TimeUnit.SECONDS));
        }
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }
}
