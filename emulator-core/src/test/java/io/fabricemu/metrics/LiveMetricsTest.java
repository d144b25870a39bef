package io.fabricemu.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.Progress;
import io.fabricemu.fabric.FabricBuilder;
import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.fabric.SwitchConfig;
import io.fabricemu.fabric.TransportPlan;
import io.fabricemu.fault.Failover;
import io.fabricemu.fault.Fault;
import io.fabricemu.fault.FaultPlan;
import io.fabricemu.fault.LinkState;
import io.fabricemu.results.FlowResult;
import io.fabricemu.results.RunResult;
import io.fabricemu.run.Emulation;
import io.fabricemu.run.PreparedRun;
import io.fabricemu.scenario.ScenarioLoader;
import io.fabricemu.stats.FaultDrop;
import io.fabricemu.stats.PortStats;
import io.fabricemu.time.Ps;
import io.fabricemu.topology.LeafSpineSpec;
import io.fabricemu.topology.LinkSpec;
import io.fabricemu.topology.Topologies;
import io.fabricemu.topology.Topology;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A run's live metrics, scraped from Kamon's Prometheus endpoint in this JVM, add up to the run's own results:
 * every port's transmitted bytes, drops, trims and marks at port level, the aggregate and per-flow goodput (and the
 * aggregate per virtual second near the receiver's line rate), and
 * no queued bytes left once the run is closed. The endpoint refuses a port already taken. A faulty run's fault
 * drops add up to its results, by kind and fault, and the gauge of links down ends at the directions still down.
 */
class LiveMetricsTest {
    private static final long RATE = 100_000_000_000L;
    private static final RunLabels LABELS = new RunLabels("first", "uet-incast-7to1-nscc", 1);
    private static final RunLabels FAULTY = new RunLabels("faulty", "faulty", 1);

    @Test
    void scrapedCounters_matchTheRunsResults_andQueuesEndEmpty() throws Exception {
        int port = freePort();
        PreparedRun prepared = PreparedRun.of(ScenarioLoader.load(
                Path.of("..", "topologies", "scenarios", "uet-incast-7to1-nscc.yaml"), List.of()));
        int flows = prepared.flows().size();
        RunResult result;
        try (LiveMetrics live = LiveMetrics.start(new MetricsSettings("127.0.0.1", port, MetricsLevel.PORT, 4,
                Duration.ZERO))) {
            MetricsException taken = org.junit.jupiter.api.Assertions.assertThrows(MetricsException.class,
                    () -> LiveMetrics.start(new MetricsSettings("127.0.0.1", port, MetricsLevel.PORT, 4,
                            Duration.ZERO)));
            assertTrue(taken.getMessage().contains("in use"), taken.getMessage());
            Progress progress = new Progress();
            try (RunMetrics run = live.beginRun(progress, flows, LABELS)) {
                result = prepared.run(2, PreparedRun.DEFAULT_SAMPLING, progress, run);
                assertEquals(result.ports().size(), run.portAggregates());
            }
            Map<String, Double> scrape = awaitScrape(live.url(), LABELS, "fabric_run_flows_completed", flows);
            assertEquals(sum(result, PortStats::txBytes), total(scrape, "fabric_port_tx_bytes_total{"));
            assertEquals(sum(result, PortStats::drops), total(scrape, "fabric_port_drops_total{"));
            assertEquals(sum(result, PortStats::trims), total(scrape, "fabric_port_trims_total{"));
            assertEquals(sum(result, PortStats::ecnMarks), total(scrape, "fabric_port_ecn_marks_total{"));
            assertTrue(total(scrape, "fabric_port_trims_total{") > 0, "the incast trims packets");
            assertEquals(result.ports().size(), count(scrape, "fabric_port_tx_bytes_total{"));
            assertEquals(0, total(scrape, "fabric_port_queue_bytes{"));
            long delivered = 0;
            for (FlowResult f : result.flows()) {
                delivered += f.deliveredBytes();
            }
            assertEquals(delivered, total(scrape, "fabric_goodput_bytes_total"));
            for (int flow = 0; flow < 4; flow++) {
                assertEquals(result.flows().get(flow).deliveredBytes(),
                        total(scrape, "fabric_flow_goodput_bytes_total{flow=\"" + flow + "\"}"));
            }
            assertEquals(4, count(scrape, "fabric_flow_goodput_bytes_total{"));
            assertEquals(4, count(scrape, "fabric_flow_window_bytes{"), "NSCC senders have a window");
            assertEquals(0, count(scrape, "fabric_flow_credit_bytes{"), "and no credit");
            assertEquals(4, count(scrape, "fabric_flow_rtt_seconds{"), "a round trip each");
            for (int flow = 0; flow < 4; flow++) {
                double rtt = scrape.get("fabric_flow_rtt_seconds{flow=\"" + flow + "\"}");
                assertTrue(rtt > 2e-6 && rtt < 1e-3, "flow " + flow + ": " + rtt + " s");
            }
            assertEquals((double) result.events(), scrape.get("fabric_run_events"));
            // seven senders into one 100 Gb/s receiver: the fabric's goodput per virtual second is near its line rate
            double fabric = scrape.get("fabric_virtual_goodput_bps");
            assertTrue(fabric > 50e9 && fabric <= 100e9 * 1.05, "goodput per virtual second " + fabric);
            assertEquals(0.0, scrape.get("fabric_links_down"), "a healthy run has no link down");
        }
    }

    @Test
    void twoRunsOfOneCommand_stayApartByTheirRunLabels() throws Exception {
        int port = freePort();
        PreparedRun prepared = PreparedRun.of(ScenarioLoader.load(
                Path.of("..", "topologies", "scenarios", "uet-incast-7to1-nscc.yaml"), List.of("stop=40us")));
        RunLabels a = new RunLabels("a", prepared.scenario().name(), prepared.scenario().seed());
        RunLabels b = new RunLabels("b", prepared.scenario().name(), prepared.scenario().seed());
        try (LiveMetrics live = LiveMetrics.start(new MetricsSettings("127.0.0.1", port, MetricsLevel.TIER, 0,
                Duration.ZERO))) {
            RunResult first;
            Progress progress = new Progress();
            try (RunMetrics run = live.beginRun(progress, prepared.flows().size(), a)) {
                first = prepared.run(1, PreparedRun.DEFAULT_SAMPLING, progress, run);
            }
            RunResult second;
            progress = new Progress();
            try (RunMetrics run = live.beginRun(progress, prepared.flows().size(), b)) {
                second = prepared.run(1, PreparedRun.DEFAULT_SAMPLING, progress, run);
            }
            Map<String, Double> ofA = awaitScrape(live.url(), a, "fabric_run_events", first.events());
            Map<String, Double> ofB = awaitScrape(live.url(), b, "fabric_run_events", second.events());
            // each run's counters hold its own packets only, not the two runs added together
            assertEquals(sum(first, PortStats::ecnMarks) + sum(first, PortStats::trims),
                    total(ofA, "fabric_port_ecn_marks_total{") + total(ofA, "fabric_port_trims_total{"));
            assertEquals(sum(second, PortStats::txBytes), total(ofB, "fabric_port_tx_bytes_total{"));
            assertEquals(sum(first, PortStats::txBytes), total(ofA, "fabric_port_tx_bytes_total{"));
            assertTrue(total(ofA, "fabric_port_tx_bytes_total{") > 0, "the run sent packets");
        }
    }

    @Test
    void aFaultyRun_countsItsFaultDropsByKindAndFault_andGaugesTheLinksStillDown() throws Exception {
        int port = freePort();
        Topology topology = Topologies.build(new LeafSpineSpec(2, 4, 2, 1, new LinkSpec(RATE, 500 * Ps.PER_NS, 0),
                new LinkSpec(RATE, 500 * Ps.PER_NS, 0)));
        List<FlowSpec> flows = new ArrayList<>();
        for (int h = 0; h < 4; h++) {
            flows.add(new FlowSpec(h, 4 + h, 1_000_000, 0));
        }
        // the leaf0 - spine0 cable goes down at 20 us for good; the flows finish over spine1
        FaultPlan plan = new FaultPlan(List.of(new Fault(0, "leaf0 <-> spine0 down", 20 * Ps.PER_US,
                new LinkState(true), cable(topology, "leaf0", "spine0"))));
        FabricBuilder fabric = new FabricBuilder(topology, SwitchConfig.defaults(),
                TransportPlan.fixedWindow(256 * 1024, 50 * Ps.PER_US), flows, 0, 1, plan,
                new Failover(2 * Ps.PER_US, 20 * Ps.PER_US));
        RunResult result;
        try (LiveMetrics live = LiveMetrics.start(new MetricsSettings("127.0.0.1", port, MetricsLevel.TIER, 0,
                Duration.ZERO))) {
            Progress progress = new Progress();
            try (RunMetrics run = live.beginRun(progress, flows.size(), plan, FAULTY)) {
                result = Emulation.run("faulty", 1, fabric, flows, 10 * Ps.PER_MS, 2, PreparedRun.DEFAULT_SAMPLING,
                        progress, run);
            }
            Map<String, Double> scrape = awaitScrape(live.url(), FAULTY, "fabric_run_flows_completed", flows.size());
            long lost = 0;
            for (FaultDrop kind : FaultDrop.values()) {
                long packets = result.faults().packets(0, kind);
                lost += packets;
                double scraped = 0;
                for (Map.Entry<String, Double> e : scrape.entrySet()) {
                    if (e.getKey().startsWith("fabric_fault_drops_total{") && e.getKey().contains("kind=\"" + kind.key()
                            + "\"") && e.getKey().contains("fault=\"0\"")) {
                        scraped += e.getValue();
                    }
                }
                assertEquals(packets, Math.round(scraped), kind.key());
            }
            assertTrue(lost > 0, "the failure lost packets");
            assertEquals(lost, total(scrape, "fabric_fault_drops_total{"));
            assertEquals(2.0, scrape.get("fabric_links_down"), "both directions of the cable are still down");
        }
    }

    /** Both directions of the cable between the nodes named {@code a} and {@code b}. */
    private static int[] cable(Topology t, String a, String b) {
        for (int c = 0; c < t.cableCount(); c++) {
            String x = t.name(t.cable(c).nodeA());
            String y = t.name(t.cable(c).nodeB());
            if (x.equals(a) && y.equals(b) || x.equals(b) && y.equals(a)) {
                return new int[] {2 * c, 2 * c + 1};
            }
        }
        throw new IllegalArgumentException("no cable " + a + " - " + b);
    }

    private interface PortField {
        long of(PortStats p);
    }

    private static long sum(RunResult r, PortField field) {
        long total = 0;
        for (PortStats p : r.ports()) {
            total += field.of(p);
        }
        return total;
    }

    /** The sum of the series named {@code prefix} exactly, or starting with it when it ends with "{" (labelled). */
    private static long total(Map<String, Double> scrape, String prefix) {
        double total = 0;
        for (Map.Entry<String, Double> e : scrape.entrySet()) {
            if (prefix.endsWith("{") ? e.getKey().startsWith(prefix) : e.getKey().equals(prefix)) {
                total += e.getValue();
            }
        }
        return Math.round(total);
    }

    private static int count(Map<String, Double> scrape, String prefix) {
        return (int) scrape.keySet().stream().filter(k -> k.startsWith(prefix)).count();
    }

    /** Scrapes until {@code metric} reads {@code value} (the run's last tick is published), at most 5 s. */
    private static Map<String, Double> awaitScrape(String url, RunLabels run, String metric, double value)
            throws Exception {
        long deadline = System.nanoTime() + 5_000_000_000L;
        Map<String, Double> scrape = Map.of();
        while (System.nanoTime() < deadline) {
            scrape = scrape(url, run);
            if (scrape.getOrDefault(metric, -1.0) == value) {
                return scrape;
            }
            Thread.sleep(100);
        }
        throw new AssertionError(metric + " never read " + value + ": " + scrape.get(metric));
    }

    /**
     * The series of run {@code run} (name and labels as printed, without the run's own three labels) to value,
     * comments skipped; fails on a series of fabric-emu that lacks any of the three labels.
     */
    private static Map<String, Double> scrape(String url, RunLabels run) throws IOException {
        Map<String, Double> series = new TreeMap<>();
        String own = "run=\"" + run.run() + "\",scenario=\"" + run.scenario() + "\",seed=\"" + run.seed() + "\"";
        for (Map.Entry<String, Double> e : scrapeAll(url).entrySet()) {
            String key = e.getKey();
            int brace = key.indexOf('{');
            String name = brace < 0 ? key : key.substring(0, brace);
            List<String> labels = brace < 0 ? List.of()
                    : List.of(key.substring(brace + 1, key.length() - 1).split(","));
            String runLabels = labels.stream().filter(l -> l.startsWith("run=") || l.startsWith("scenario=")
                    || l.startsWith("seed=")).sorted().collect(java.util.stream.Collectors.joining(","));
            if (name.startsWith("fabric_")) {
                assertTrue(runLabels.contains("run=") && runLabels.contains("scenario=")
                        && runLabels.contains("seed="), "a series without the run's labels: " + key);
            }
            if (!runLabels.equals(own)) {
                continue;
            }
            List<String> rest = labels.stream().filter(l -> !l.startsWith("run=") && !l.startsWith("scenario=")
                    && !l.startsWith("seed=")).toList();
            series.merge(rest.isEmpty() ? name : name + "{" + String.join(",", rest) + "}", e.getValue(), Double::sum);
        }
        return series;
    }

    /** Every series (name and labels, as printed) to value, comments skipped. */
    private static Map<String, Double> scrapeAll(String url) throws IOException {
        Map<String, Double> series = new TreeMap<>();
        try (InputStream in = URI.create(url).toURL().openStream()) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                int space = line.lastIndexOf(' ');
                series.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
            }
        }
        return series;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
