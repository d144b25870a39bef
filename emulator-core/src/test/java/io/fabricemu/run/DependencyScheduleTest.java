package io.fabricemu.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.Progress;
import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.results.FlowResult;
import io.fabricemu.results.RunResult;
import io.fabricemu.scenario.ScenarioLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Random schedules of flows that wait for others, on every transport: no flow starts before every flow it waits
 * for has been fully received, and in fact each starts exactly when its source learns of the last of them plus
 * its gap (at once for a flow its source received itself; one notice delay later for a flow received elsewhere),
 * and not before its own start time.
 */
class DependencyScheduleTest {
    private static final int HOSTS = 12;

    /** A scenario of {@code flows} random flows on 3 leaves of 4 hosts; about two thirds wait for 1 to 3 others. */
    private static String scenario(String cc, long seed, int flows) {
        Random random = new Random(seed);
        // The flows are drawn in an order where each waits only for earlier ones (so there is no cycle), then
        // listed in a shuffled order, so that a flow may also wait for one listed after it.
        int[] position = new int[flows];
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < flows; i++) {
            order.add(i);
        }
        java.util.Collections.shuffle(order, random);
        for (int p = 0; p < flows; p++) {
            position[order.get(p)] = p;
        }
        String[] lines = new String[flows];
        for (int i = 0; i < flows; i++) {
            int src = random.nextInt(HOSTS);
            int dst = (src + 1 + random.nextInt(HOSTS - 1)) % HOSTS;
            StringBuilder line = new StringBuilder("    - {id: f" + i + ", src: " + src + ", dst: " + dst
                    + ", bytes: " + (16 + random.nextInt(240)) + "KiB, start: " + random.nextInt(4) + "us");
            if (i > 0 && random.nextInt(3) > 0) {
                List<String> after = new ArrayList<>();
                int wanted = 1 + random.nextInt(Math.min(3, i));
                while (after.size() < wanted) {
                    String d = "f" + random.nextInt(i);
                    if (!after.contains(d)) {
                        after.add(d);
                    }
                }
                line.append(", after: [").append(String.join(", ", after)).append("]");
                if (random.nextBoolean()) {
                    line.append(", gap: ").append(random.nextInt(3000)).append("ns");
                }
            }
            lines[position[i]] = line.append("}").toString();
        }
        return String.join("\n", "name: schedule", "seed: " + seed, "topology:", "  kind: leaf-spine", "  leaves: 3",
                "  hostsPerLeaf: 4", "  spines: 2", "  hostLink: {rate: 100Gbps, delay: 500ns}",
                "  fabricLink: {rate: 100Gbps, delay: 700ns}", "switch:", "  latency: 300ns", "  queue: 1MiB",
                "transport:", "  mtu: 4150B", "  header: 64B", "  cc: " + cc, "workload:", "  kind: flows",
                "  flows:", String.join("\n", lines), "stop: 100ms", "");
    }

    @ParameterizedTest(name = "{0}, seed {1}")
    @CsvSource({"none, 1", "none, 2", "nscc, 3", "rccc, 4", "nscc+rccc, 5", "roce, 6", "dcqcn, 7"})
    void everyFlow_startsExactlyWhenItsSourceLearnsOfTheLastFlowItWaitsFor(String cc, long seed) throws Exception {
        PreparedRun run = PreparedRun.of(ScenarioLoader.parse(scenario(cc, seed, 40), "random.yaml", List.of()));
        RunResult r = run.run(1, PreparedRun.DEFAULT_SAMPLING, new Progress(), null);
        List<FlowSpec> specs = run.flows();
        List<FlowResult> flows = r.flows();
        assertEquals(specs.size(), r.flowsFinished(), "every flow finishes");
        int waiting = 0;
        int remote = 0;
        for (int i = 0; i < specs.size(); i++) {
            FlowSpec f = specs.get(i);
            if (f.dependencyCount() == 0) {
                assertEquals(f.startPs(), flows.get(i).startPs(), "flow " + i + " waits for none");
                continue;
            }
            waiting++;
            long learntPs = 0;
            for (int k = 0; k < f.dependencyCount(); k++) {
                FlowResult d = flows.get(f.dependency(k));
                assertTrue(flows.get(i).startPs() >= d.finishPs(), "flow " + i + " started at "
                        + flows.get(i).startPs() + ", before flow " + d.id() + " was received at " + d.finishPs());
                long delayPs = d.dst() == f.src() ? 0 : run.fabric().noticeDelayPs(d.dst(), f.src());
                remote += delayPs > 0 ? 1 : 0;
                learntPs = Math.max(learntPs, d.finishPs() + delayPs);
            }
            assertEquals(Math.max(f.startPs(), learntPs + f.gapPs()), flows.get(i).startPs(), "flow " + i);
        }
        assertTrue(waiting >= 15 && remote >= 10, "the schedule exercises waits: " + waiting + " flows wait, "
                + remote + " waits on other hosts");
    }

    /**
     * The collectives' schedules keep the same rule: on a two-job mix over three leaves (a chunked ring all-reduce
     * over two iterations and a chunked pairwise all-to-all), no flow starts before every flow it waits for was
     * received and its source learnt so; one that queues behind another of its source starts no earlier than that
     * one, and one that does not starts exactly when it learns of the last flow it waits for.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"none", "nscc", "dcqcn"})
    void collectiveFlows_startOnlyAfterWhatTheyWaitFor(String cc) throws Exception {
        String text = scenario(cc, 1, 2).replace("  kind: flows\n  flows:\n", "  kind: mix\n  parts:\n")
                .replaceAll("(?m)^    - \\{id: f.*$\\n", "");
        text = text.replace("  parts:\n", "  parts:\n"
                + "    - {kind: all-reduce, name: ring, ranks: [0, 4, 8, 1, 5, 9], bytes: 384KiB, chunks: 3,"
                + " iterations: 2, computeGap: 1us}\n"
                + "    - {kind: all-to-all, name: a2a, algorithm: pairwise, ranks: [2, 6, 10, 3], bytes: 256KiB,"
                + " chunks: 2}\n");
        PreparedRun run = PreparedRun.of(ScenarioLoader.parse(text, "collectives.yaml", List.of()));
        RunResult r = run.run(1, PreparedRun.DEFAULT_SAMPLING, new Progress(), null);
        List<FlowSpec> specs = run.flows();
        assertEquals(specs.size(), r.flowsFinished(), "every flow finishes");
        int exact = 0;
        for (int i = 0; i < specs.size(); i++) {
            FlowSpec f = specs.get(i);
            long startPs = r.flows().get(i).startPs();
            long learntPs = 0;
            for (int k = 0; k < f.dependencyCount(); k++) {
                FlowResult d = r.flows().get(f.dependency(k));
                long delayPs = d.dst() == f.src() ? 0 : run.fabric().noticeDelayPs(d.dst(), f.src());
                learntPs = Math.max(learntPs, d.finishPs() + delayPs);
            }
            long earliestPs = Math.max(f.startPs(), f.dependencyCount() == 0 ? 0 : learntPs + f.gapPs());
            if (f.follows() >= 0) {
                assertTrue(startPs >= earliestPs && startPs >= r.flows().get(f.follows()).startPs(), "flow " + i);
            } else {
                assertEquals(earliestPs, startPs, "flow " + i);
                exact++;
            }
        }
        assertTrue(exact > 50, exact + " flows checked exactly");
    }

    /**
     * The notice delay is the one-way zero-load latency: host 0 to host 1 share a leaf (2 host cables of 500 ns,
     * one switch of 300 ns); host 0 to host 4 cross a spine (2 host cables, 2 fabric cables of 700 ns, 3 switches).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"none"})
    void noticeDelay_isTheOneWayZeroLoadLatency(String cc) throws Exception {
        PreparedRun run = PreparedRun.of(ScenarioLoader.parse(scenario(cc, 1, 2), "random.yaml", List.of()));
        assertEquals(2 * 500_000 + 300_000, run.fabric().noticeDelayPs(0, 1));
        assertEquals(2 * 500_000 + 2 * 700_000 + 3 * 300_000, run.fabric().noticeDelayPs(0, 4));
        assertEquals(run.fabric().noticeDelayPs(4, 0), run.fabric().noticeDelayPs(0, 4));
    }
}
