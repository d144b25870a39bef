package io.fabricemu.cluster;

import java.util.List;

/**
 * How a member joins and what a run waits for.
 *
 * @param hostname       the address this member binds to and others reach it at
 * @param port           its port (0: any free one)
 * @param seedNodes      {@code host:port} of the seed members every member joins through
 * @param workers        how many worker members a run waits for (and shards across)
 * @param formTimeoutMs  how long a run waits for them, in wall-clock ms
 * @param tls            Artery over TLS, or null for plain TCP
 * @param batchSerializer {@code compact} or {@code cbor}: how packet batches cross JVMs
 */
record ClusterSettings(String hostname, int port, List<String> seedNodes, int workers, long formTimeoutMs,
                       TlsSettings tls, String batchSerializer) {
    static final String LOOPBACK = "127.0.0.1";
    static final long DEFAULT_FORM_TIMEOUT_MS = 60_000;

    ClusterSettings {
        seedNodes = List.copyOf(seedNodes);
    }

    /** A worker forked by a driver on this machine: loopback, any port, joining the driver. */
    static ClusterSettings forked(String seed, TlsSettings tls, String batchSerializer) {
        return new ClusterSettings(LOOPBACK, 0, List.of(seed), 0, DEFAULT_FORM_TIMEOUT_MS, tls, batchSerializer);
    }

    ClusterSettings withPort(int newPort) {
        return new ClusterSettings(hostname, newPort, seedNodes, workers, formTimeoutMs, tls, batchSerializer);
    }

    ClusterSettings withHostname(String newHostname) {
        return new ClusterSettings(newHostname, port, seedNodes, workers, formTimeoutMs, tls, batchSerializer);
    }
}
