package io.fabricemu.scenario;

/**
 * One flow of a workload: {@code bytes} of payload from host {@code src} to host {@code dst}, starting at
 * virtual time {@code startPs}. Hosts are numbered 0..hostCount-1 as the topology numbers them.
 */
public record FlowSpec(int src, int dst, long bytes, long startPs) {
    public FlowSpec {
        if (src < 0 || dst < 0) {
            throw new IllegalArgumentException("hosts must be >= 0, were src " + src + " and dst " + dst);
        }
        if (src == dst) {
            throw new IllegalArgumentException("a flow needs two different hosts, src and dst are both " + src);
        }
        WorkloadChecks.bytesAndStart(bytes, startPs);
    }
}
