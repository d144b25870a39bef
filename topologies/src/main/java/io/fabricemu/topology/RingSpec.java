package io.fabricemu.topology;

/**
 * A ring of {@code switches} switches, each with {@code hostsPerSwitch} hosts and one cable to each of its
 * two neighbours, routed as {@code routing} says. At least three switches, so that the two neighbours of a
 * switch are different switches and no pair is joined twice. Example: four switches of two hosts each,
 * routed clockwise, is {@code new RingSpec(4, 2, hostLink, ringLink, RingRouting.CLOCKWISE)}.
 */
public record RingSpec(int switches, int hostsPerSwitch, LinkSpec hostLink, LinkSpec ringLink, RingRouting routing)
        implements TopologySpec {
    /** Fewest switches a ring can have without two cables between one pair of switches. */
    public static final int MIN_SWITCHES = 3;

    public RingSpec {
        if (switches < MIN_SWITCHES) {
            throw new IllegalArgumentException("switches must be >= " + MIN_SWITCHES + ", was " + switches
                    + " (with fewer, a switch's two neighbours would be one switch)");
        }
        Checks.positive("hostsPerSwitch", hostsPerSwitch);
        Checks.nodesFit("switches x hostsPerSwitch", FabricCounts.times(switches, hostsPerSwitch), switches);
        Checks.present("hostLink", hostLink);
        Checks.present("ringLink", ringLink);
        Checks.present("routing", routing);
    }

    @Override
    public String kind() {
        return "ring";
    }

    /** A cable per host and one per switch to its clockwise neighbour; every switch has hosts. */
    @Override
    public FabricCounts counts() {
        long hosts = FabricCounts.times(switches, hostsPerSwitch);
        return new FabricCounts(hosts, switches, FabricCounts.plus(hosts, switches), switches);
    }

    @Override
    public int hostCount() {
        return Math.multiplyExact(switches, hostsPerSwitch);
    }
}
