package io.fabricemu.scenario.workload;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.scenario.ScenarioLoader;
import io.fabricemu.scenario.yaml.ScenarioException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Schedules read from a CSV file beside the scenario ({@code workload: {kind: flows, schedule: x.csv}}): a good
 * file resolves ids to indices; every bad line is reported at the CSV file's own line and column, a cycle at the
 * first flow of the cycle.
 */
class ScheduleCsvTest {
    @TempDir
    Path dir;

    private Path scenario(String workloadLine) throws IOException {
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, String.join("\n", "name: s", "topology:", "  kind: leaf-spine", "  leaves: 2",
                "  hostsPerLeaf: 4", "  spines: 2", "  hostLink: {rate: 100Gbps, delay: 500ns}",
                "  fabricLink: {rate: 100Gbps, delay: 500ns}", "workload:", "  kind: flows", workloadLine, ""));
        return file;
    }

    private Path csv(String... lines) throws IOException {
        Path file = dir.resolve("sched.csv");
        Files.writeString(file, String.join("\n", lines) + "\n");
        return file;
    }

    private void assertRefused(String source, int line, String field, String... fragments) {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.load(dir.resolve("s.yaml"), List.of()));
        assertAll(
                () -> assertTrue(e.source().endsWith(source), e.getMessage()),
                () -> assertEquals(line, e.line(), e.getMessage()),
                () -> assertEquals(field, e.field(), e.getMessage()),
                () -> assertTrue(List.of(fragments).stream().allMatch(e.getMessage()::contains),
                        () -> "expected " + List.of(fragments) + " in\n" + e.getMessage()));
    }

    @Test
    void load_goodSchedule_resolvesIdsAndGaps() throws Exception {
        scenario("  schedule: sched.csv");
        csv(ScheduleCsv.HEADER, "a,0,1,64KiB,,", "# a comment", "", "b,1,2,64KiB,a,", ",3,5,1MiB,a;b,2us");
        List<FlowSpec> flows = ScenarioLoader.load(dir.resolve("s.yaml"), List.of()).workload().flows(8, 1);
        assertEquals(3, flows.size());
        assertArrayEquals(new int[] {0}, flows.get(1).after());
        assertArrayEquals(new int[] {0, 1}, flows.get(2).after());
        assertEquals(2_000_000, flows.get(2).gapPs());
        assertEquals(1 << 20, flows.get(2).bytes());
    }

    @Test
    void load_aStartColumn_givesEachFlowItsStart_asAYamlFlowHasOne() throws Exception {
        scenario("  schedule: sched.csv");
        csv(ScheduleCsv.HEADER_WITH_START, "a,0,1,64KiB,,,", "b,1,2,64KiB,,,3us", "c,2,3,64KiB,a,,1us");
        List<FlowSpec> flows = ScenarioLoader.load(dir.resolve("s.yaml"), List.of()).workload().flows(8, 1);
        assertEquals(0, flows.get(0).startPs());
        assertEquals(3_000_000, flows.get(1).startPs());
        assertEquals(1_000_000, flows.get(2).startPs());
        csv(ScheduleCsv.HEADER_WITH_START, "a,0,1,64KiB,,,soon");
        assertRefused("sched.csv", 2, "start", "'soon'");
    }

    @Test
    void load_cycle_isReportedAtItsFirstFlowsLine() throws Exception {
        scenario("  schedule: sched.csv");
        csv(ScheduleCsv.HEADER, "x,0,1,64KiB,,", "a,0,1,64KiB,c,", "b,1,2,64KiB,a,1us", "c,2,3,64KiB,b,");
        assertRefused("sched.csv", 3, "after", "'a' waits for 'c', which waits for 'b', which waits for 'a': a cycle");
    }

    @Test
    void load_unknownId_isReportedAtItsLineAndPlace() throws Exception {
        scenario("  schedule: sched.csv");
        csv(ScheduleCsv.HEADER, "a,0,1,64KiB,,", "b,1,2,64KiB,,", "c,2,3,64KiB,a;d,");
        assertRefused("sched.csv", 4, "after[1]", "no flow of this list has id 'd'; the ids are a, b, c");
    }

    @Test
    void load_badHost_isReportedAtItsLine() throws Exception {
        scenario("  schedule: sched.csv");
        csv(ScheduleCsv.HEADER, "a,0,1,64KiB,,", "b,1,9,64KiB,a,");
        assertRefused("sched.csv", 3, "dst", "host 9 does not exist; this topology has hosts 0..7");
    }

    @Test
    void load_badSize_isReportedAtItsLine() throws Exception {
        scenario("  schedule: sched.csv");
        csv(ScheduleCsv.HEADER, "a,0,1,64Ki,,");
        assertRefused("sched.csv", 2, "bytes", "'64Ki' is not a size");
    }

    @Test
    void load_duplicateId_namesTheEarlierLine() throws Exception {
        scenario("  schedule: sched.csv");
        csv(ScheduleCsv.HEADER, "a,0,1,64KiB,,", "a,1,2,64KiB,,");
        assertRefused("sched.csv", 3, "id", "id 'a' is also given to the flow on line 2");
    }

    @Test
    void load_gapWithoutAfter_isRefused() throws Exception {
        scenario("  schedule: sched.csv");
        csv(ScheduleCsv.HEADER, "a,0,1,64KiB,,3us");
        assertRefused("sched.csv", 2, "gap", "this flow names none");
    }

    @Test
    void load_wrongColumnCount_isReportedAtItsLine() throws Exception {
        scenario("  schedule: sched.csv");
        csv(ScheduleCsv.HEADER, "a,0,1,64KiB,,", "b,1,2,64KiB");
        assertRefused("sched.csv", 3, "", "expected 6 columns (id,src,dst,bytes,after,gap), found 4");
    }

    @Test
    void load_wrongHeader_isReportedAtLineOne() throws Exception {
        scenario("  schedule: sched.csv");
        csv("id,src,dst,size,after,gap", "a,0,1,64KiB,,");
        assertRefused("sched.csv", 1, "", "the first line must be the header id,src,dst,bytes,after,gap",
                "found 'id,src,dst,size,after,gap'");
    }

    @Test
    void load_missingFile_isReportedAtTheScenarioLine() throws Exception {
        scenario("  schedule: nowhere.csv");
        assertRefused("s.yaml", 11, "workload.schedule", "cannot read", "nowhere.csv: no such file");
    }

    @Test
    void load_flowsAndSchedule_areOneOrTheOther() throws Exception {
        scenario("  schedule: sched.csv\n  flows: [{src: 0, dst: 1, bytes: 1MiB}]");
        csv(ScheduleCsv.HEADER, "a,0,1,64KiB,,");
        assertRefused("s.yaml", 11, "workload.schedule", "either in the scenario (flows) or in a CSV file");
    }

    @Test
    void load_byteOrderMarkAndCrLf_areAccepted() throws Exception {
        scenario("  schedule: sched.csv");
        Files.write(dir.resolve("sched.csv"), concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                (ScheduleCsv.HEADER + "\r\na,0,1,64KiB,,\r\nb,1,2,64KiB,a,1us\r\n").getBytes(StandardCharsets.UTF_8)));
        List<FlowSpec> flows = ScenarioLoader.load(dir.resolve("s.yaml"), List.of()).workload().flows(8, 1);
        assertEquals(2, flows.size());
        assertEquals(1_000_000, flows.get(1).gapPs());
    }

    @Test
    void load_aFirstLineThatIsNoHeader_isDescribedNotShown() throws Exception {
        scenario("  schedule: sched.csv");
        csv("SECRET=hunter2:/root:/bin/bash", "a,0,1,64KiB,,");
        assertRefused("sched.csv", 1, "", "the first line must be the header id,src,dst,bytes,after,gap (or"
                + " id,src,dst,bytes,after,gap,start, or id,src,dst,bytes,after,gap,start,recvPosted), and this line"
                + " is not one");
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.load(dir.resolve("s.yaml"), List.of()));
        assertFalse(e.getMessage().contains("SECRET") || e.getMessage().contains("hunter2"), e.getMessage());
    }

    @Test
    void load_aFileThatIsNotUtf8_isRefusedWithoutShowingIt() throws Exception {
        scenario("  schedule: sched.csv");
        Files.write(dir.resolve("sched.csv"), new byte[] {'i', 'd', (byte) 0xFF, (byte) 0xFE, '\n'});
        assertRefused("sched.csv", 0, "", "the file is not UTF-8 text");
    }

    @Test
    void load_aScheduleOutOfTheScenariosFolder_isRefusedAtTheScenarioLine() throws Exception {
        scenario("  schedule: ../sched.csv");
        assertRefused("s.yaml", 11, "workload.schedule", "'../sched.csv' leads out of the scenario's folder",
                "--allow-files DIR");
    }

    @Test
    void looksLikeHeader_onlyShortCommaSeparatedWords() {
        assertTrue(ScheduleCsv.looksLikeHeader("id,src,dst,size,after,gap"));
        assertTrue(ScheduleCsv.looksLikeHeader("id, src, dst"));
        assertFalse(ScheduleCsv.looksLikeHeader("root:x:0:0:root:/root:/bin/bash"));
        assertFalse(ScheduleCsv.looksLikeHeader("SHELL=/bin/bash"));
        assertFalse(ScheduleCsv.looksLikeHeader("hostname"));
        assertFalse(ScheduleCsv.looksLikeHeader("a,b".repeat(40)));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] joined = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, joined, a.length, b.length);
        return joined;
    }
}
