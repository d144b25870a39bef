package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

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
 * {@code $__range} 5m, a multi-value variable's "All" {@code .*}); each must return at least one number.
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
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(config, String.join("\n",
                "global:", "  scrape_interval: 1s", "  evaluation_interval: 1s", "scrape_configs:",
                "  - job_name: fabric-emu", "    scrape_interval: 1s", "    scrape_timeout: 1s",
                "    static_configs:", "      - targets: ['127.0.0.1:" + metricsPort + "']", ""));
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
            awaitTrue(() -> Files.exists(out.resolve("comparison.csv")) || !emulation.isAlive(), 60,
                    "the comparison to finish");
            assertTrue(emulation.isAlive(), "compare ended early: " + outcome.get());
            // The runs are over and the endpoint holds their final values: let Prometheus scrape them.
            awaitTrue(() -> values(api, "fabric_run_flows_completed == fabric_run_flows") > 0, 20,
                    "Prometheus to scrape the last run's end");
            Thread.sleep(2000);
            List<String> failures = new ArrayList<>();
            int checked = 0;
            for (Path file : dashboardFiles()) {
                JsonNode d = JSON.readTree(file.toFile());
                for (JsonNode v : d.path("templating").path("list")) {
                    if (v.path("type").asText().equals("query")) {
                        String q = variableQuery(v.path("definition").asText());
                        checked++;
                        check(api, file + ": variable " + v.path("name").asText(), q, failures);
                    }
                }
                for (JsonNode p : panels(d)) {
                    for (JsonNode t : p.path("targets")) {
                        String expr = substitute(t.path("expr").asText());
                        checked++;
                        check(api, file.getFileName() + ": panel '" + p.path("title").asText() + "' "
                                + t.path("refId").asText(), expr, failures);
                    }
                }
            }
            assertTrue(checked > 40, checked + " queries checked");
            assertEquals(List.of(), failures, "queries that returned no data");
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
        int numbers = 0;
        for (JsonNode sample : body.path("data").path("result")) {
            String value = sample.path("value").path(1).asText();
            if (!value.isEmpty() && !value.equals("NaN")) {
                numbers++;
            }
        }
        return numbers;
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

    interface Condition {
        boolean holds() throws Exception;
    }

    private static void awaitTrue(Condition c, int seconds, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            try {
                if (c.holds()) {
                    return;
                }
            } catch (IOException e) {
                // not up yet
            }
            Thread.sleep(200);
        }
        fail("waited " + seconds + " s for " + what);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
