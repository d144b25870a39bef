package io.fabricemu.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigValue;
import io.fabricemu.cluster.wire.WireConfig;
import io.fabricemu.run.ClusterConfigException;
import io.fabricemu.scenario.yaml.InputFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * Reads a cluster file: HOCON with one section, {@code fabric-emu.cluster}. Every member and the driver read the
 * same file; {@code hostname} is the one line that differs between machines. Every bad field is reported by its
 * full path with what is allowed, and unknown fields are refused, since a misspelt one would be silently ignored.
 *
 * <pre>
 * fabric-emu.cluster {
 *   seed-nodes = ["10.0.0.1:2551"]  # host:port of the members the others join through (required)
 *   hostname = "127.0.0.1"           # this machine's address as the others reach it
 *   port = 2551                      # this member's port; the driver of a run always takes a free one
 *   workers = 2                      # worker members a run waits for and shards across (required)
 *   form-timeout = 60s               # how long a run waits for them
 *   batch-serializer = compact       # compact | cbor
 *   tls { key-store = "member.p12", trust-store = "trust.p12", password = "..." }  # optional
 * }
 * </pre>
 */
final class ClusterFile {
    static final String SECTION = "fabric-emu.cluster";
    private static final Set<String> FIELDS = Set.of("seed-nodes", "hostname", "port", "workers", "form-timeout",
            "batch-serializer", "tls");
    private static final Set<String> TLS_FIELDS = Set.of("key-store", "trust-store", "password");

    private final Path file;
    private final Config section;

    private ClusterFile(Path file, Config section) {
        this.file = file;
        this.section = section;
    }

    static ClusterSettings read(Path file) throws ClusterConfigException {
        String problem = InputFile.problem(file, "cluster file");
        if (problem != null) {
            throw new ClusterConfigException(InputFile.display(file) + ": " + problem);
        }
        Config all;
        try {
            all = ConfigFactory.parseFile(file.toFile(), ConfigParseOptions.defaults().setAllowMissing(false))
                    .resolve();
        } catch (ConfigException e) {
            throw new ClusterConfigException(notHocon(file, e));
        }
        if (!all.hasPath(SECTION)) {
            throw new ClusterConfigException(file + ": no " + SECTION + " section; it needs at least seed-nodes "
                    + "and workers");
        }
        return new ClusterFile(file, all.getConfig(SECTION)).settings();
    }

    /**
     * {@code file:line: not valid HOCON: what}: the parser's message starts with where it is, in its own form
     * ({@code file: 3: }), which would otherwise follow the file's name a second time.
     */
    private static String notHocon(Path file, ConfigException e) {
        String message = e.getMessage();
        int line = -1;
        if (e.origin() != null) {
            line = e.origin().lineNumber();
            String where = e.origin().description() + ": ";
            if (message.startsWith(where)) {
                message = message.substring(where.length());
            }
        }
        return InputFile.display(file) + (line > 0 ? ":" + line : "") + ": not valid HOCON: " + message;
    }

    private ClusterSettings settings() throws ClusterConfigException {
        refuseUnknown(section, SECTION, FIELDS);
        List<String> seeds = seedNodes();
        String hostname = section.hasPath("hostname") ? string("hostname") : ClusterSettings.LOOPBACK;
        int port = section.hasPath("port") ? intIn("port", 0, 65535) : 2551;
        int workers = intIn("workers", 1, 4096);
        long timeoutMs = section.hasPath("form-timeout") ? durationMs("form-timeout")
                : ClusterSettings.DEFAULT_FORM_TIMEOUT_MS;
        String serializer = section.hasPath("batch-serializer") ? string("batch-serializer") : "compact";
        if (!WireConfig.BATCH_SERIALIZERS.contains(serializer)) {
            throw error("batch-serializer", "\"" + serializer + "\" is not one of " + WireConfig.BATCH_SERIALIZERS);
        }
        return new ClusterSettings(hostname, port, seeds, workers, timeoutMs, tls(), serializer);
    }

    private List<String> seedNodes() throws ClusterConfigException {
        List<String> seeds;
        try {
            seeds = section.getStringList("seed-nodes");
        } catch (ConfigException.Missing e) {
            throw error("seed-nodes", "missing; list the host:port of at least one member, e.g. [\"10.0.0.1:2551\"]");
        } catch (ConfigException.WrongType e) {
            throw error("seed-nodes", "must be a list of \"host:port\" strings");
        }
        if (seeds.isEmpty()) {
            throw error("seed-nodes", "is empty; list the host:port of at least one member");
        }
        List<String> out = new ArrayList<>();
        for (String seed : seeds) {
            int colon = seed.lastIndexOf(':');
            int port = -1;
            if (colon > 0) {
                try {
                    port = Integer.parseInt(seed.substring(colon + 1));
                } catch (NumberFormatException e) {
                    port = -1;
                }
            }
            if (port < 1 || port > 65535) {
                throw error("seed-nodes", "\"" + seed + "\" is not host:port with a port in 1..65535");
            }
            out.add(seed);
        }
        return out;
    }

    private TlsSettings tls() throws ClusterConfigException {
        if (!section.hasPath("tls")) {
            return TlsSettings.OFF;
        }
        Config tls;
        try {
            tls = section.getConfig("tls");
        } catch (ConfigException.WrongType e) {
            throw error("tls", "must be a section with key-store, trust-store and password");
        }
        refuseUnknown(tls, SECTION + ".tls", TLS_FIELDS);
        Path base = file.toAbsolutePath().getParent();
        Path keyStore = store(tls, "key-store", base);
        Path trustStore = store(tls, "trust-store", base);
        if (!tls.hasPath("password")) {
            throw error("tls.password", "missing; the password of both stores");
        }
        return new TlsSettings(keyStore, trustStore, tls.getString("password"));
    }

    private Path store(Config tls, String field, Path base) throws ClusterConfigException {
        if (!tls.hasPath(field)) {
            throw error("tls." + field, "missing; a PKCS12 or JKS file (relative to this file's folder)");
        }
        Path p = base.resolve(tls.getString(field));
        if (!Files.isReadable(p)) {
            throw error("tls." + field, "cannot read " + p);
        }
        return p;
    }

    private void refuseUnknown(Config c, String path, Set<String> allowed) throws ClusterConfigException {
        for (Map.Entry<String, ConfigValue> e : c.root().entrySet()) {
            if (!allowed.contains(e.getKey())) {
                throw new ClusterConfigException(file + ": " + path + "." + e.getKey() + ": unknown field; allowed: "
                        + String.join(", ", new TreeSet<>(allowed)));
            }
        }
    }

    private String string(String field) throws ClusterConfigException {
        try {
            return section.getString(field);
        } catch (ConfigException.WrongType e) {
            throw error(field, "must be a string");
        }
    }

    private int intIn(String field, int min, int max) throws ClusterConfigException {
        if (!section.hasPath(field)) {
            throw error(field, "missing; a whole number in " + min + ".." + max);
        }
        int v;
        try {
            v = section.getInt(field);
        } catch (ConfigException.WrongType e) {
            throw error(field, "\"" + section.getValue(field).unwrapped() + "\" is not a whole number in " + min
                    + ".." + max);
        }
        if (v < min || v > max) {
            throw error(field, v + " is out of range; use " + min + ".." + max);
        }
        return v;
    }

    private long durationMs(String field) throws ClusterConfigException {
        try {
            long ms = section.getDuration(field, TimeUnit.MILLISECONDS);
            if (ms < 1000) {
                throw error(field, ms + " ms is too short; at least 1s");
            }
            return ms;
        } catch (ConfigException.BadValue | ConfigException.WrongType e) {
            throw error(field, "\"" + section.getValue(field).unwrapped() + "\" is not a duration such as 60s or 2m");
        }
    }

    private ClusterConfigException error(String field, String message) {
        return new ClusterConfigException(file + ": " + SECTION + "." + field + ": " + message);
    }
}
