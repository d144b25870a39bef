package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboards against real components, as a user would run them: a real Prometheus (Debian's package; bin/test
 * installs it) scrapes a live {@code compare --metrics} of the 32:1 incast under NSCC, RCCC and PFC with DCQCN, so
 * windows, credits, rates, trims, marks and pause frames all occur. Once the runs are over and their final values
 * scraped, every query of every panel of every dashboard, and every template variable's query, is evaluated
 * through Prometheus' HTTP API with Grafana's variables substituted ({@code $__rate_interval} 15s,
 * {@code $__range} 5m, a multi-value variable's "All" {@code .*}); each must return at least one number. The
 * fabric's goodput per virtual second, the overview's default, must lie between a fifth of one receiver's line rate
 * and three times that line rate (each run's series carry its own {@code run} label, so the runs are not added
 * together), and ten times above the goodput per wall-clock second, the emulator's speed. Prometheus reads the shipped
 * {@code prometheus.yml}, its endpoint given in a targets file beside it, as a user sets another port.
 */
class DashboardQueriesTest {
    private static final Path DASHBOARDS = Path.of("..", "dashboards", "grafana");
    private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\((\\w+),\\s*(\\w+)\\)");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @TempDir
    Path dir;

    @Test
    void everyPanelQuery_returnsDataFromALiveEmulation() throws Exception {
        String prometheusBinary = Programs.PROMETHEUS.find().toString();
        int metricsPort = freePort();
        int prometheusPort = freePort();
        // The shipped scrape configuration, with the test's endpoint in a targets file of its own beside it.
        Path config = dir.resolve("prometheus.yml");
        Files.copy(Path.of("..", "dashboards", "prometheus", "prometheus.yml"), config);
        Files.createDirectories(dir.resolve("targets"));
        Files.writeString(dir.resolve("targets").resolve("test.yml"),
                "- targets: ['127.0.0.1:" + metricsPort + "']\n");
        Process prometheus = new ProcessBuilder(prometheusBinary, "--config.file=" + config,
                "--storage.tsdb.path=" + dir.resolve("tsdb"), "--web.listen-address=127.0.0.1:" + prometheusPort,
                "--log.level=warn").redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile())
                .start();
        String api = "http://127.0.0.1:" + prometheusPort;
        Path out = dir.resolve("compare");
        AtomicReference<Cli.Outcome> outcome = new AtomicReference<>();
        Thread emulation = new Thread(() -> outcome.set(Cli.run("compare",
                Cli.scenario("compare-incast-32to1-nscc.yaml"), Cli.scenario("compare-incast-32to1-rccc.yaml"),
                Cli.scenario("compare-incast-32to1-pfc-dcqcn.yaml"), "--quiet", "--out=" + out,
                "--metrics=" + metricsPort, "--metrics-level=switch", "--metrics-hold=60s")), "emulation");
        try {
            emulation.start();
            Await.until("the comparison to finish", 60,
                    () -> Files.exists(out.resolve("comparison.csv")) || !emulation.isAlive());
            assertTrue(emulation.isAlive(), "compare ended early: " + outcome.get());
            // The runs are over and the endpoint holds their final values until Prometheus has scraped them.
            Await.until("Prometheus to scrape the last run's end", 20,
                    () -> values(api, "fabric_run_flows_completed == fabric_run_flows") > 0);
            List<Query> queries = queries();
            assertTrue(queries.size() > 40, queries.size() + " queries found");
            // Some queries need more than one scrape of the final values (a rate needs two samples): poll them all.
            AtomicReference<List<String>> failures = new AtomicReference<>(List.of());
            Await.until("every query to return data", 30, () -> {
                failures.set(failures(api, queries));
                return failures.get().isEmpty();
            }, () -> "queries that returned no data:\n" + String.join("\n", failures.get()));
            // The default goodput panel is the fabric's, per virtual second: at most the line rate of the runs'
            // three receivers (100 Gb/s each), and far above what the emulator delivers per wall-clock second.
            // Each run's series carry its own labels: three runs apart.
            assertEquals(3, values(api, "count by (run, scenario, seed) (fabric_run_flows)"), "three runs apart");
            double fabric = value(api, "max(max_over_time(fabric_virtual_goodput_bps[5m]))");
            // A rate needs two scrapes 15 s apart at most; on a loaded machine they may come late: wait for them.
            String wallRate = "max(max_over_time(rate(fabric_goodput_bytes_total[15s])[5m:1s])) * 8";
            Await.until("a rate per wall-clock second", 30, () -> query(api, wallRate).size() == 1);
            double wall = value(api, wallRate);
            // In-order delivery comes in bursts when a retransmission fills a hole, so over the short stretch of
            // virtual time one wall-clock second covers it may pass the receiver's line rate: bounded loosely.
            assertTrue(fabric >= 20e9 && fabric <= 3 * 100e9, "goodput per virtual second " + fabric);
            assertTrue(fabric > 10 * wall, "per virtual second " + fabric + ", per wall-clock second " + wall);
            assertTrue(value(api, "max(max_over_time(fabric_virtual_ecn_marks_per_second[5m]))") > 0, "marks");
        } finally {
            emulation.interrupt();
            emulation.join(20_000);
            prometheus.destroy();
            if (!prometheus.waitFor(10, TimeUnit.SECONDS)) {
                prometheus.destroyForcibly();
            }
        }
        Cli.Outcome o = outcome.get();
        assertEquals(0, o.exitCode(), o.err());
    }

    /** A query of a dashboard, Grafana's variables substituted, and where it is. */
    private record Query(String where, String expr) {
    }

    /** Every query of every dashboard: each template variable's and each panel target's. */
    private static List<Query> queries() throws IOException {
        List<Query> queries = new ArrayList<>();
        for (Path file : dashboardFiles()) {
            JsonNode d = JSON.readTree(file.toFile());
            for (JsonNode v : d.path("templating").path("list")) {
                if (v.path("type").asText().equals("query")) {
                    queries.add(new Query(file.getFileName() + ": variable " + v.path("name").asText(),
                            variableQuery(v.path("definition").asText())));
                }
            }
            for (JsonNode p : panels(d)) {
                for (JsonNode t : p.path("targets")) {
                    queries.add(new Query(file.getFileName() + ": panel '" + p.path("title").asText() + "' "
                            + t.path("refId").asText(), substitute(t.path("expr").asText())));
                }
            }
        }
        return queries;
    }

    /** The queries that return no number now, each with where it is and why. */
    private static List<String> failures(String api, List<Query> queries) {
        List<String> failures = new ArrayList<>();
        for (Query q : queries) {
            check(api, q.where(), q.expr(), failures);
        }
        return failures;
    }

    /** Evaluates {@code expr} now; records a failure unless the result holds at least one number. */
    private static void check(String api, String where, String expr, List<String> failures) {
        try {
            int n = values(api, expr);
            if (n == 0) {
                failures.add(where + ": no data for " + expr);
            }
        } catch (IOException | IllegalStateException e) {
            failures.add(where + ": " + expr + ": " + e.getMessage());
        }
    }

    /** How many samples of an instant query's result are numbers (not NaN); fails on an error answer. */
    private static int values(String api, String expr) throws IOException {
        int numbers = 0;
        for (JsonNode sample : query(api, expr)) {
            String value = sample.path("value").path(1).asText();
            if (!value.isEmpty() && !value.equals("NaN")) {
                numbers++;
            }
        }
        return numbers;
    }

    /** The samples of an instant query's result; fails on an error answer. */
    private static JsonNode query(String api, String expr) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(api + "/api/v1/query?query="
                + URLEncoder.encode(expr, StandardCharsets.UTF_8))).timeout(Duration.ofSeconds(5)).GET().build();
        HttpResponse<String> response;
        try {
            response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        JsonNode body = JSON.readTree(response.body());
        if (!"success".equals(body.path("status").asText())) {
            throw new IllegalStateException(body.path("errorType").asText() + ": " + body.path("error").asText());
        }
        return body.path("data").path("result");
    }

    /** The value of an instant query whose result is one number. */
    private static double value(String api, String expr) throws IOException {
        JsonNode result = query(api, expr);
        assertEquals(1, result.size(), expr + ": " + result);
        return Double.parseDouble(result.path(0).path("value").path(1).asText());
    }

    /** Grafana's variables as Grafana would expand them for a dashboard showing the last five minutes. */
    static String substitute(String expr) {
        return expr.replace("$__rate_interval", "15s").replace("$__range", "5m").replace("$__interval", "1s")
                .replaceAll("\\$\\{?\\w+}?", ".*");
    }

    /** A Grafana {@code label_values(metric, label)} variable query as the PromQL that lists those values. */
    static String variableQuery(String definition) {
        Matcher m = LABEL_VALUES.matcher(definition);
        if (!m.matches()) {
            throw new AssertionError("unexpected variable query " + definition);
        }
        return "group by (" + m.group(2) + ") (" + m.group(1) + ")";
    }

    private static List<Path> dashboardFiles() throws IOException {
        try (Stream<Path> files = Files.list(DASHBOARDS)) {
            List<Path> list = files.filter(p -> p.toString().endsWith(".json")).sorted().toList();
            assertTrue(list.size() >= 3, "dashboards found in " + DASHBOARDS.toAbsolutePath());
            return list;
        }
    }

    private static List<JsonNode> panels(JsonNode dashboard) {
        List<JsonNode> all = new ArrayList<>();
        for (JsonNode p : dashboard.path("panels")) {
            all.add(p);
            p.path("panels").forEach(all::add);
        }
        return all;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
