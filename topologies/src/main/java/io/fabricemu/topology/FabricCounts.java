package io.fabricemu.topology;

/**
 * How big a fabric is, computed from its {@link TopologySpec} by arithmetic alone, before anything is built: so
 * that a fabric too large to build can be refused at once instead of running out of memory while it is built.
 * The counts are exactly those of the {@link Topology} the spec builds.
 *
 * <p>Every count and every figure derived with {@link #times} and {@link #plus} saturates at
 * {@link Long#MAX_VALUE} instead of overflowing: a spec's counts are ints, and the product of three or four of
 * them need not fit a long, but anything that large is far beyond every limit it is compared with.
 *
 * @param hosts        hosts (NICs), node ids {@code 0 .. hosts - 1}
 * @param switches     switches of every tier
 * @param cables       cables; every cable has a port at each end, so there are {@code 2 x cables} ports
 * @param edgeSwitches switches with hosts on them: the routes keep one row per switch and edge switch
 */
public record FabricCounts(long hosts, long switches, long cables, long edgeSwitches) {
    public FabricCounts {
        if (hosts < 0 || switches < 0 || cables < 0 || edgeSwitches < 0) {
            throw new IllegalArgumentException("counts must be >= 0, were " + hosts + " hosts, " + switches
                    + " switches, " + cables + " cables, " + edgeSwitches + " edge switches");
        }
    }

    /** Ports of switches: every cable's two ends, less the hosts' own ports. */
    public long switchPorts() {
        return plus(times(2, cables), -hosts);
    }

    /** Entries of the route tables: a next-hop row reference per switch and edge switch. */
    public long routeEntries() {
        return times(switches, edgeSwitches);
    }

    /** {@code a x b} for counts ({@code a, b >= 0}), or {@link Long#MAX_VALUE} if that does not fit a long. */
    public static long times(long a, long b) {
        if (a < 0 || b < 0) {
            throw new IllegalArgumentException("counts must be >= 0, were " + a + " and " + b);
        }
        return Math.multiplyHigh(a, b) != 0 || a * b < 0 ? Long.MAX_VALUE : a * b;
    }

    /**
     * {@code a + b} for a count {@code a} and a change {@code b}, or {@link Long#MAX_VALUE} if {@code a} already
     * saturated or the sum does not fit a long.
     */
    public static long plus(long a, long b) {
        if (a == Long.MAX_VALUE || b == Long.MAX_VALUE) {
            return Long.MAX_VALUE;
        }
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
