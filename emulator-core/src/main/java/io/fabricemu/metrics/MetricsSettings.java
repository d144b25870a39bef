package io.fabricemu.metrics;

import java.time.Duration;
import java.util.Objects;

/**
 * How the live metrics are exported.
 *
 * @param host         the address the Prometheus endpoint binds to (a loopback address unless the user says so)
 * @param port         its TCP port, 1..65535
 * @param level        how finely port metrics are tagged
 * @param trackedFlows how many flows (ids 0..n-1) get series of their own, 0..{@value #MAX_TRACKED_FLOWS}
 * @param hold         how long the endpoint stays up after the last run, so a scrape can catch the final values
 */
public record MetricsSettings(String host, int port, MetricsLevel level, int trackedFlows, Duration hold) {
    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 9095;
    public static final int DEFAULT_TRACKED_FLOWS = 8;
    public static final int MAX_TRACKED_FLOWS = 1000;

    public MetricsSettings {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(hold, "hold");
        if (host.isBlank()) {
            throw new IllegalArgumentException("the metrics host is empty");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("the metrics port must be 1..65535, was " + port);
        }
        if (trackedFlows < 0 || trackedFlows > MAX_TRACKED_FLOWS) {
            throw new IllegalArgumentException("the tracked flows must be 0.." + MAX_TRACKED_FLOWS + ", was "
                    + trackedFlows);
        }
        if (hold.isNegative()) {
            throw new IllegalArgumentException("the metrics hold must not be negative, was " + hold);
        }
    }

    /**
     * Reads a duration such as {@code 30s}, {@code 2m}, {@code 500ms} or {@code 0}.
     *
     * @throws IllegalArgumentException naming the accepted forms
     */
    public static Duration parseDuration(String text) {
        String t = text.trim();
        int digits = 0;
        while (digits < t.length() && Character.isDigit(t.charAt(digits))) {
            digits++;
        }
        if (digits == 0 || digits > 9) {
            throw new IllegalArgumentException("expected a duration such as 30s, 2m or 500ms, was '" + text + "'");
        }
        long n = Long.parseLong(t.substring(0, digits));
        switch (t.substring(digits)) {
            case "ms":
                return Duration.ofMillis(n);
            case "s":
                return Duration.ofSeconds(n);
            case "m":
                return Duration.ofMinutes(n);
            case "":
                if (n == 0) {
                    return Duration.ZERO;
                }
                break;
            default:
                break;
        }
        throw new IllegalArgumentException("expected a duration such as 30s, 2m or 500ms, was '" + text + "'");
    }
}
