package io.fabricemu.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The Grafana dashboards, their provisioning and the Prometheus configuration are well formed: every dashboard
 * parses, takes its Prometheus from a datasource variable, and every panel has queries whose variables the
 * dashboard defines. Whether each query returns data is checked against a real Prometheus in src-test
 * (DashboardQueriesTest).
 */
class DashboardFilesTest {
    private static final Path GRAFANA = Path.of("grafana");
    private static final String DATASOURCE_UID = "${datasource}";
    private static final Set<String> GRAFANA_BUILTINS = Set.of("__rate_interval", "__interval", "__range");
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{?(\\w+)");
    private static final ObjectMapper JSON = JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private static List<Path> dashboards() throws IOException {
        try (Stream<Path> files = Files.list(GRAFANA)) {
            return files.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }

    @Test
    void dashboards_areTheThreePromised() throws IOException {
        List<String> names = dashboards().stream().map(p -> p.getFileName().toString()).toList();
        assertEquals(List.of("congestion-detail.json", "fabric-overview.json", "flow-cc-state.json"), names);
    }

    @Test
    void everyDashboard_hasUniqueUidAndADatasourceVariable() throws IOException {
        Set<String> uids = new HashSet<>();
        for (Path file : dashboards()) {
            JsonNode d = JSON.readTree(file.toFile());
            assertTrue(d.path("uid").isTextual() && !d.path("uid").asText().isBlank(), file + ": uid");
            assertTrue(uids.add(d.path("uid").asText()), file + ": uid " + d.path("uid") + " repeats");
            assertFalse(d.path("title").asText().isBlank(), file + ": title");
            JsonNode ds = variable(d, "datasource");
            assertEquals("datasource", ds.path("type").asText(), file + ": the datasource variable's type");
            assertEquals("prometheus", ds.path("query").asText(), file + ": the datasource variable's plugin");
        }
    }

    @Test
    void everyPanel_queriesThroughTheDatasourceVariableWithKnownVariables() throws IOException {
        for (Path file : dashboards()) {
            JsonNode d = JSON.readTree(file.toFile());
            Set<String> defined = new HashSet<>(GRAFANA_BUILTINS);
            for (JsonNode v : d.path("templating").path("list")) {
                defined.add(v.path("name").asText());
            }
            for (JsonNode v : d.path("templating").path("list")) {
                if (v.path("type").asText().equals("query")) {
                    assertEquals(DATASOURCE_UID, v.path("datasource").path("uid").asText(), file + ": variable "
                            + v.path("name"));
                }
            }
            Set<Integer> ids = new HashSet<>();
            List<JsonNode> panels = panels(d);
            int queries = 0;
            assertTrue(panels.size() >= 5, file + ": " + panels.size() + " panels");
            for (JsonNode p : panels) {
                String where = file + ": panel " + p.path("id") + " '" + p.path("title").asText() + "'";
                assertTrue(p.path("id").isInt(), where + ": id");
                assertTrue(ids.add(p.path("id").asInt()), where + ": id repeats");
                JsonNode grid = p.path("gridPos");
                assertTrue(grid.path("x").asInt(-1) >= 0 && grid.path("w").asInt() > 0
                        && grid.path("x").asInt() + grid.path("w").asInt() <= 24, where + ": gridPos " + grid);
                if (p.path("type").asText().equals("row")) {
                    continue;
                }
                assertFalse(p.path("title").asText().isBlank(), where + ": title");
                assertEquals(DATASOURCE_UID, p.path("datasource").path("uid").asText(), where + ": datasource");
                JsonNode targets = p.path("targets");
                assertTrue(targets.isArray() && targets.size() > 0, where + ": no targets");
                Set<String> refIds = new HashSet<>();
                for (JsonNode t : targets) {
                    String expr = t.path("expr").asText();
                    assertFalse(expr.isBlank(), where + ": a target without expr");
                    assertTrue(refIds.add(t.path("refId").asText()), where + ": refId " + t.path("refId") + " repeats");
                    assertEquals(DATASOURCE_UID, t.path("datasource").path("uid").asText(), where + ": target datasource");
                    Matcher m = VARIABLE.matcher(expr);
                    while (m.find()) {
                        assertTrue(defined.contains(m.group(1)), where + ": " + expr + " uses $" + m.group(1)
                                + ", which the dashboard does not define");
                    }
                    queries++;
                }
            }
            assertTrue(queries >= 5, file + ": " + queries + " queries");
        }
    }

    @Test
    void provisioning_namesThePrometheusDatasourceAndTheDashboardFolder() throws IOException {
        YAMLMapper yaml = new YAMLMapper();
        JsonNode ds = yaml.readTree(GRAFANA.resolve("provisioning/datasources/fabric-emu.yaml").toFile());
        assertEquals(1, ds.path("apiVersion").asInt());
        assertEquals("prometheus", ds.path("datasources").path(0).path("type").asText());
        assertEquals("http://127.0.0.1:9090", ds.path("datasources").path(0).path("url").asText());
        JsonNode dash = yaml.readTree(GRAFANA.resolve("provisioning/dashboards/fabric-emu.yaml").toFile());
        assertEquals("file", dash.path("providers").path(0).path("type").asText());
        assertEquals("$FABRIC_EMU_DASHBOARDS", dash.path("providers").path(0).path("options").path("path").asText());
    }

    @Test
    void prometheusConfig_scrapesTheDefaultEndpointEverySecond() throws IOException {
        JsonNode p = new YAMLMapper().readTree(Path.of("prometheus", "prometheus.yml").toFile());
        JsonNode job = p.path("scrape_configs").path(0);
        assertEquals("1s", job.path("scrape_interval").asText());
        assertEquals("/metrics", job.path("metrics_path").asText());
        assertEquals("targets/*.yml", job.path("file_sd_configs").path(0).path("files").path(0).asText(),
                "the endpoints are in target files, so another port needs no edit of the configuration");
        JsonNode targets = new YAMLMapper().readTree(Path.of("prometheus", "targets", "fabric-emu.yml").toFile());
        assertEquals("127.0.0.1:9095", targets.path(0).path("targets").path(0).asText());
    }

    @Test
    void everyDashboard_hasARunVariableThatEveryQueryFilters() throws IOException {
        for (Path file : dashboards()) {
            JsonNode d = JSON.readTree(file.toFile());
            assertEquals("label_values(fabric_run_flows, run)", variable(d, "run").path("definition").asText(),
                    file + ": the run variable");
            for (JsonNode p : panels(d)) {
                for (JsonNode t : p.path("targets")) {
                    String expr = t.path("expr").asText();
                    java.util.regex.Matcher m = java.util.regex.Pattern.compile("fabric_\\w+(\\{[^}]*})?")
                            .matcher(expr);
                    while (m.find()) {
                        assertTrue(m.group().contains("run=~\"$run\""), file + ": " + expr + " reads every run");
                    }
                }
            }
        }
    }

    private static JsonNode variable(JsonNode dashboard, String name) {
        for (JsonNode v : dashboard.path("templating").path("list")) {
            if (v.path("name").asText().equals(name)) {
                return v;
            }
        }
        throw new AssertionError("no template variable named " + name);
    }

    /** Every panel, those nested in collapsed rows included. */
    private static List<JsonNode> panels(JsonNode dashboard) {
        List<JsonNode> all = new ArrayList<>();
        for (JsonNode p : dashboard.path("panels")) {
            all.add(p);
            for (JsonNode nested : p.path("panels")) {
                all.add(nested);
            }
        }
        return all;
    }
}
