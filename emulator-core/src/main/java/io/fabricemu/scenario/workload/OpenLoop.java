package io.fabricemu.scenario.workload;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.time.Ps;
import io.fabricemu.topology.FabricCounts;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Open-loop background load, as datacenter transport studies offer it (DCTCP, Alizadeh et al., SIGCOMM 2010;
 * pFabric, SIGCOMM 2013; HPCC, Li et al., SIGCOMM 2019): every chosen host starts flows at random times, whatever
 * became of its earlier flows, their sizes drawn from a measured CDF ({@link FlowSizeCdf}), each to a host drawn
 * uniformly among the other chosen hosts, so that each host offers {@code load} of its link's rate.
 *
 * <p>Arrivals are a Poisson process per source host of rate {@code lambda = load x rate / (8 x mean size)} flows a
 * second, e.g. 30% of 100 Gb/s with WebSearch's mean of 1,711,250 B is 2,191.5 flows a second (one every 456 us).
 * Over the window {@code [start, start + duration)} the host gets {@code n = round(lambda x duration)} flows, its
 * mean count, and the n start times are drawn uniformly in the window, in whole picoseconds
 * ({@code nextLong(durationPs)}), then sorted: a Poisson process conditioned on its count has exactly these
 * arrival times (independent uniform points, in order), so the gaps between flows are the exponential gaps of
 * the process, with no floating-point time. Fixing the count at its mean, rather than drawing it, keeps the flow
 * count a property of the scenario alone ({@link #flowCount} is known before the seed is), and the offered load
 * exact up to the sizes drawn; a Poisson count would vary by about sqrt(n) around it.
 *
 * <p>Each host draws from its own generator, split in host order from {@code new SplittableRandom(seed ^ SALT)}:
 * first its n start times, then per flow in time order its destination ({@code nextInt}) and size
 * ({@link FlowSizeCdf#sample}). The flows are listed by start time, then by source host in the order of
 * {@code hosts}.
 *
 * @param loadPpm     the offered load, a fraction of each host's link rate in parts per million, 1 to 1,000,000
 * @param sizes       the flow-size distribution
 * @param hosts       the hosts that send and receive, at least 2, none twice
 * @param rateBps     each host's link rate, in the order of {@code hosts}
 * @param startPs     the window's start
 * @param durationPs  the window's length, &gt; 0
 */
public record OpenLoop(long loadPpm, FlowSizeCdf sizes, List<Integer> hosts, List<Long> rateBps, long startPs,
                       long durationPs) implements WorkloadSpec {
    /** Mixed into the seed so that this kind draws apart from a permutation given the same seed. */
    static final long SALT = 0x6F70656E4C6F6F70L;

    public OpenLoop {
        hosts = List.copyOf(hosts);
        rateBps = List.copyOf(rateBps);
        if (loadPpm < 1 || loadPpm > 1_000_000) {
            throw new IllegalArgumentException("load must be above 0 and at most 1, was " + loadPpm + " ppm");
        }
        if (hosts.size() < 2 || rateBps.size() != hosts.size()) {
            throw new IllegalArgumentException("an open-loop load needs at least 2 hosts and one rate per host, had "
                    + hosts.size() + " hosts and " + rateBps.size() + " rates");
        }
        if (hosts.stream().distinct().count() != hosts.size() || hosts.stream().anyMatch(h -> h < 0)) {
            throw new IllegalArgumentException("hosts must be >= 0 and distinct, were " + hosts);
        }
        if (rateBps.stream().anyMatch(r -> r <= 0)) {
            throw new IllegalArgumentException("rates must be > 0, were " + rateBps);
        }
        if (startPs < 0 || durationPs <= 0) {
            throw new IllegalArgumentException("start must be >= 0 and duration > 0, were " + startPs + " and "
                    + durationPs);
        }
    }

    @Override
    public String kind() {
        return "open-loop";
    }

    /** The flows host {@code hosts.get(index)} starts: {@code round(lambda x duration)}, as the class says. */
    public long flowsOf(int index) {
        double bytesOffered = loadPpm / 1e6 * rateBps.get(index) / 8.0 * ((double) durationPs / Ps.PER_S);
        double flows = Math.rint(bytesOffered / sizes.meanBytes());
        return flows >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) flows;
    }

    @Override
    public long flowCount(int hostCount) {
        long flows = 0;
        for (int i = 0; i < hosts.size(); i++) {
            flows = FabricCounts.plus(flows, flowsOf(i));
        }
        return flows;
    }

    /**
     * An upper estimate, the sizes not being drawn yet: each flow is taken as the mean size's packets plus one
     * (its last, partly filled), which a flow's packets are on average at most.
     */
    @Override
    public long packetCount(int hostCount, int payloadBytes) {
        double mean = Math.ceil(sizes.meanBytes() / payloadBytes);
        long perFlow = mean >= Long.MAX_VALUE - 1 ? Long.MAX_VALUE : (long) mean + 1;
        return FabricCounts.times(flowCount(hostCount), perFlow);
    }

    @Override
    public List<FlowSpec> flows(int hostCount, long seed) {
        for (int host : hosts) {
            HostRange.require("host", host, hostCount);
        }
        List<FlowSpec> flows = new ArrayList<>(FlowCounts.listable("the open-loop load", flowCount(hostCount)));
        SplittableRandom root = new SplittableRandom(seed ^ SALT);
        for (int k = 0; k < hosts.size(); k++) {
            SplittableRandom random = root.split();
            long[] offsetsPs = new long[FlowCounts.listable("a host's open-loop flows", flowsOf(k))];
            for (int j = 0; j < offsetsPs.length; j++) {
                offsetsPs[j] = random.nextLong(durationPs);
            }
            Arrays.sort(offsetsPs);
            for (long offsetPs : offsetsPs) {
                int other = random.nextInt(hosts.size() - 1);
                int dst = hosts.get(other >= k ? other + 1 : other);
                flows.add(new FlowSpec(hosts.get(k), dst, sizes.sample(random), startPs + offsetPs));
            }
        }
        flows.sort(Comparator.comparingLong(FlowSpec::startPs));
        return List.copyOf(flows);
    }
}
