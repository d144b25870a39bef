package io.fabricemu.metrics;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.fabricemu.engine.Progress;
import io.fabricemu.fault.FaultPlan;
import io.fabricemu.fault.LinksDown;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import kamon.Kamon;
import scala.jdk.javaapi.FutureConverters;

/**
 * Kamon with its Prometheus reporter, for the life of one command: {@link #start} checks the address, starts
 * Kamon (a one-second metric tick, the endpoint on the given host and port) and waits until the endpoint answers;
 * {@link #beginRun} gives each run its sample listener; {@link #close} keeps the endpoint up for the hold time,
 * then stops Kamon and waits for it. Kamon is process-wide, so one instance at a time.
 *
 * <p>Kamon runs without its instrumentation agent: nothing of the JVM or of Akka is measured, only what the
 * emulator reports (see kamon.io, "Kamon Prometheus" and "Manual instrumentation").
 */
public final class LiveMetrics implements AutoCloseable {
    private static final long STOP_TIMEOUT_SECONDS = 10;
    private static final long START_TIMEOUT_MILLIS = 5000;
    private final MetricsSettings settings;
    private boolean closed;

    private LiveMetrics(MetricsSettings settings) {
        this.settings = settings;
    }

    /** Whether {@code host} names a loopback address (an unknown host is reported by {@link #start}). */
    public static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /**
     * Starts Kamon and its Prometheus endpoint.
     *
     * @throws MetricsException when the host is unknown, the port is taken or the endpoint does not come up
     */
    public static LiveMetrics start(MetricsSettings settings) throws MetricsException {
        InetAddress address;
        try {
            address = InetAddress.getByName(settings.host());
        } catch (UnknownHostException e) {
            throw new MetricsException("unknown metrics host '" + settings.host() + "'");
        }
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(address, settings.port()));
        } catch (IOException e) {
            throw new MetricsException("cannot serve metrics on " + settings.host() + ":" + settings.port() + ": "
                    + e.getMessage() + " (is the port in use? choose another with --metrics=PORT)");
        }
        Kamon.initWithoutAttaching(config(settings));
        LiveMetrics live = new LiveMetrics(settings);
        if (!live.awaitEndpoint()) {
            live.stopKamon();
            throw new MetricsException("the metrics endpoint " + live.url() + " did not come up");
        }
        return live;
    }

    /**
     * Bucket bounds from {@code from} to {@code to} (powers of two), eight per doubling, each rounded to a byte: a
     * quantile read from the buckets ({@code histogram_quantile}, which interpolates within one) is then at most
     * about 4% from the value, where buckets a doubling or more wide put the median of windows that were all
     * 262,144 B at 196,608 B.
     */
    static List<Long> eighthOctaves(long from, long to) {
        List<Long> bounds = new java.util.ArrayList<>();
        for (long octave = from; octave < to; octave *= 2) {
            for (int i = 0; i < 8; i++) {
                bounds.add(Math.round(octave * Math.pow(2, i / 8.0)));
            }
        }
        bounds.add(to);
        return bounds;
    }

    /** Kamon's configuration: the reporter's address, a one-second tick and the buckets of the distributions. */
    static Config config(MetricsSettings s) {
        Map<String, Object> c = new HashMap<>();
        c.put("kamon.init.hide-banner", true);
        c.put("kamon.environment.service", "fabric-emu");
        c.put("kamon.metric.tick-interval", "1 second");
        c.put("kamon.metric.optimistic-tick-alignment", false);
        c.put("kamon.prometheus.embedded-server.hostname", s.host());
        c.put("kamon.prometheus.embedded-server.port", s.port());
        c.put("kamon.prometheus.include-environment-tags", false);
        List<Long> bytes = eighthOctaves(4_096L, 16_777_216L);
        c.put("kamon.prometheus.buckets.custom.\"" + Names.CC_WINDOW_NAME + "\"", bytes);
        c.put("kamon.prometheus.buckets.custom.\"" + Names.CC_CREDIT_NAME + "\"", bytes);
        c.put("kamon.prometheus.buckets.custom.\"" + Names.CC_RATE_NAME + "\"", List.of(1_000_000_000L,
                5_000_000_000L, 10_000_000_000L, 25_000_000_000L, 50_000_000_000L, 100_000_000_000L,
                200_000_000_000L, 400_000_000_000L, 800_000_000_000L));
        return ConfigFactory.parseMap(c).withFallback(ConfigFactory.load());
    }

    /** The scrape URL. */
    public String url() {
        String host = settings.host().contains(":") ? "[" + settings.host() + "]" : settings.host();
        return "http://" + host + ":" + settings.port() + "/metrics";
    }

    /**
     * The listener for one run; close it when the run ends.
     *
     * @param progress  the run's live progress
     * @param flowCount the flows in its workload
     * @param labels    the labels of its every series
     */
    public RunMetrics beginRun(Progress progress, int flowCount, RunLabels labels) {
        return beginRun(progress, flowCount, FaultPlan.NONE, labels);
    }

    /**
     * The listener for one run of a fabric with faults; close it when the run ends.
     *
     * @param progress  the run's live progress
     * @param flowCount the flows in its workload
     * @param faults    its faults, whose timelines say how many link directions are down
     * @param labels    the labels of its every series
     */
    public RunMetrics beginRun(Progress progress, int flowCount, FaultPlan faults, RunLabels labels) {
        return new RunMetrics(settings.level(), settings.trackedFlows(), progress, flowCount, LinksDown.of(faults),
                labels);
    }

    private boolean awaitEndpoint() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MILLIS);
        while (System.nanoTime() < deadline) {
            try {
                HttpURLConnection http = (HttpURLConnection) URI.create(url()).toURL().openConnection();
                http.setConnectTimeout(500);
                http.setReadTimeout(2000);
                try (InputStream in = http.getInputStream()) {
                    in.readAllBytes();
                }
                if (http.getResponseCode() == 200) {
                    return true;
                }
            } catch (IOException e) {
                // not up yet
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    /**
     * Keeps the endpoint up for the hold time (at least two ticks, so the last values are published), then stops
     * Kamon; an interrupt cuts the hold short but still stops Kamon.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        boolean interrupted = false;
        try {
            Thread.sleep(Math.max(settings.hold().toMillis(), 2 * 1000L));
        } catch (InterruptedException e) {
            interrupted = true;
        }
        try {
            stopKamon();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void stopKamon() {
        try {
            FutureConverters.asJava(Kamon.stop()).toCompletableFuture().get(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("Kamon did not stop: " + e, e);
        }
    }
}
