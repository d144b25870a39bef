package io.fabricemu.scenario;

/**
 * One flow of a workload: {@code bytes} of payload from host {@code src} to host {@code dst}, starting at
 * virtual time {@code startPs}. Hosts are numbered 0..hostCount-1 as the topology numbers them. {@code group}
 * names the part of a {@link Mix} the flow comes from (results are summarised per group), "" outside a mix.
 */
public record FlowSpec(int src, int dst, long bytes, long startPs, String group) {
    /** A flow in no group. */
    public FlowSpec(int src, int dst, long bytes, long startPs) {
        this(src, dst, bytes, startPs, "");
    }

    public FlowSpec {
        if (group == null) {
            throw new IllegalArgumentException("group must not be null; use \"\" for none");
        }
        if (src < 0 || dst < 0) {
            throw new IllegalArgumentException("hosts must be >= 0, were src " + src + " and dst " + dst);
        }
        if (src == dst) {
            throw new IllegalArgumentException("a flow needs two different hosts, src and dst are both " + src);
        }
        WorkloadChecks.bytesAndStart(bytes, startPs);
    }

    /** This flow in {@code newGroup}. */
    public FlowSpec inGroup(String newGroup) {
        return new FlowSpec(src, dst, bytes, startPs, newGroup);
    }
}
