package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sampling.flows} chooses the flows a run records one by one: the tutorial's 32:1 incast beside background
 * flows, where the even spread of the plotted flows missed the flows a user wanted, records exactly the flows its
 * selectors take, and a selector that is wrong ends the command before it runs. {@code sampling.ports} adds ports to
 * {@code series-ports.csv}, which holds every port the report draws.
 */
class RecordedSeriesTest {
    private static final String SCENARIO = "tutorial-incast-background.yaml";

    @TempDir
    Path tmp;

    @Test
    void selectors_recordExactlyTheFlowsTheyTake() throws IOException {
        Path out = Cli.runInto(tmp, 0, Cli.scenario(SCENARIO), "--set", "stop=20us", "--set",
                "sampling.flows=[3, 5-6, dst=1-2]");
        TreeSet<Integer> expected = new TreeSet<>();
        for (String row : rows(out.resolve("flows.csv"))) {
            String[] c = row.split(",");
            int id = Integer.parseInt(c[0]);
            if (id == 3 || id == 5 || id == 6 || c[2].equals("1") || c[2].equals("2")) {
                expected.add(id);
            }
        }
        assertTrue(expected.size() >= 5 && expected.size() < 38, expected.toString());
        assertEquals(expected, recorded(out));
    }

    /** {@code collective=NAME} takes every iteration's flows of that collective, as collectives.csv spans them. */
    @Test
    void aCollectiveSelector_recordsExactlyThatCollectivesFlows() throws IOException {
        Path out = Cli.runInto(tmp, 0, Cli.scenario("chakra-all-reduce-8.yaml"), "--set",
                "sampling.flows=[collective=c1-all-reduce]");
        TreeSet<Integer> expected = new TreeSet<>();
        for (String row : rows(out.resolve("flows.csv"))) {
            String[] c = row.split(",");
            long startPs = Long.parseLong(c[4]);
            if (startPs >= 1_063_000_000L) { // the second all-reduce starts after 1,063 us (collectives.csv)
                expected.add(Integer.parseInt(c[0]));
            }
        }
        assertEquals(112, expected.size(), "14 steps of 8 ranks");
        assertEquals(expected, recorded(out));
        Cli.Outcome bad = Cli.run("run", Cli.scenario("chakra-all-reduce-8.yaml"), "--quiet", "--out="
                + tmp.resolve("bad"), "--set", "sampling.flows=[collective=c9]");
        assertEquals(2, bad.exitCode());
        assertTrue(bad.err().contains("collective=c9 names no collective of the workload; its collectives are"
                + " c0-all-reduce, c1-all-reduce"), bad.err());
        assertFalse(Files.exists(tmp.resolve("bad")), "nothing written");
    }

    @Test
    void withoutAChoice_theRecordedFlowsAreTheSpreadAsBefore() throws IOException {
        Path out = Cli.runInto(tmp, 0, Cli.scenario(SCENARIO), "--set", "stop=20us");
        assertEquals(38, recorded(out).size(), "38 flows, at most 64: all of them");
    }

    @Test
    void aWrongSelector_isAnErrorNamingTheFieldAndTheForms() {
        Cli.Outcome bad = Cli.run("validate", Cli.scenario(SCENARIO), "--set", "sampling.flows=[3, port=7]");
        assertEquals(2, bad.exitCode());
        assertTrue(bad.err().contains("sampling.flows[1]") && bad.err().contains("group=NAME"), bad.err());
        Cli.Outcome noHost = Cli.run("validate", Cli.scenario(SCENARIO), "--set", "sampling.flows=[src=40-60]");
        assertEquals(2, noHost.exitCode());
        assertTrue(noHost.err().contains("host 60 does not exist"), noHost.err());
        Path out = tmp.resolve("none");
        Cli.Outcome none = Cli.run("run", Cli.scenario(SCENARIO), "--quiet", "--out=" + out, "--set",
                "sampling.flows=[group=nosuch]");
        assertEquals(2, none.exitCode());
        assertTrue(none.err().contains("takes none of the workload's 38 flows"), none.err());
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void chosenPorts_areWritten_besideEveryPortTheReportDraws() throws IOException {
        Path plain = Cli.runInto(tmp, 0, Cli.scenario(SCENARIO), "--set", "stop=20us");
        TreeSet<String> hot = ports(plain);
        assertTrue(hot.size() > 8, "the heat map's ports of each tier too: " + hot);
        Path chosen = Cli.runInto(tmp, 0, Cli.scenario(SCENARIO), "--set", "stop=20us", "--set",
                "sampling.ports=[switch=spine1, h40:nic]");
        TreeSet<String> written = ports(chosen);
        assertTrue(written.containsAll(hot), "the hottest stay");
        TreeSet<String> added = new TreeSet<>(written);
        added.removeAll(hot);
        assertFalse(added.isEmpty(), "the chosen ports are added");
        assertTrue(written.contains("h40:nic"), written.toString());
        for (String p : added) {
            assertTrue(p.startsWith("spine1:") || p.equals("h40:nic"), p);
        }
        for (String row : rows(Path.of(chosen.toString(), "ports.csv"))) {
            String id = row.split(",")[0];
            if (id.startsWith("spine1:")) {
                assertTrue(written.contains(id), id + " of spine1 is written");
            }
        }
        Cli.Outcome bad = Cli.run("validate", Cli.scenario(SCENARIO), "--set", "sampling.ports=[tier=7]");
        assertEquals(2, bad.exitCode());
        assertTrue(bad.err().contains("sampling.ports[0]") && bad.err().contains("switch=NAME"), bad.err());
    }

    @Test
    void roundTrips_areRecorded_andGrowWithTheIncastsQueue() throws IOException {
        Path out = Cli.runInto(tmp, 0, Cli.scenario("uet-incast-7to1-nscc.yaml"), "--set", "workload.bytes=256KiB");
        long min = Long.MAX_VALUE;
        long max = -1;
        for (String row : rows(out.resolve("series-flows.csv"))) {
            String[] c = row.split(",");
            long rtt = Long.parseLong(c[7]);
            if (c[1].equals("0") && rtt >= 0) {
                min = Math.min(min, rtt);
                max = Math.max(max, rtt);
            }
        }
        // two hops each way at 500 ns a cable: no round trip is shorter than 2 us of propagation
        assertTrue(min >= 2_000_000, "smallest round trip " + min + " ps");
        assertTrue(max > 2 * min, "the queue at the receiver's leaf port adds to it: " + min + " to " + max + " ps");
    }

    private static TreeSet<String> ports(Path out) throws IOException {
        TreeSet<String> ids = new TreeSet<>();
        for (String row : rows(out.resolve("series-ports.csv"))) {
            String port = row.split(",")[1];
            if (!port.startsWith("tier")) {
                ids.add(port);
            }
        }
        return ids;
    }

    private static TreeSet<Integer> recorded(Path out) throws IOException {
        TreeSet<Integer> ids = new TreeSet<>();
        for (String row : rows(out.resolve("series-flows.csv"))) {
            String flow = row.split(",")[1];
            if (!flow.equals("all")) {
                ids.add(Integer.parseInt(flow));
            }
        }
        return ids;
    }

    private static List<String> rows(Path csv) throws IOException {
        List<String> all = Files.readAllLines(csv);
        return all.subList(1, all.size());
    }
}
