package io.fabricemu.run;

import io.fabricemu.fabric.FabricBuilder;
import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.scenario.Scenario;
import io.fabricemu.topology.Topology;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * How much of a run can go on at once, from its workload and fabric alone, before anything is built: the data
 * packets its receivers can take in one lookahead of the fabric (the engine's window is one or two of them). Each
 * host that receives a flow takes at most its line rate, and no more than the hosts sending to it can send; the sum
 * over receivers, times the lookahead, in packets of the workload's average size.
 *
 * <p>A narrow run ({@link #narrow}) has few events a window, and a window's hand-off between processors then costs
 * more than the processors gain: such a run goes fastest on one shard run by one worker, where every element stays in
 * one processor's cache. It takes both: few packets a lookahead, and few hosts taking part, since every sender's
 * own work (its acknowledgements, credits, timers) and the state of its path add up beside the receivers' packets.
 * Measured on 2 vCPUs (BENCHMARKS.md, round thirteen), one shard on one worker against two shards on two workers, the
 * run part alone (single runs, each twice): the 127:1 incasts (under one packet a lookahead here, 128 hosts) 0.64 to
 * 0.88, the tutorial's incast beside background traffic (5 packets) 0.83, a MoE all-to-all (24) 0.75, a 64-rank rail
 * all-reduce (50) 0.98 to 1.03; wide, the 128-host permutation with adaptive routing (98) 1.22, the 1024-host
 * permutation (784) 1.84, and incasts into one host of a 1024-host fat tree from 256 hosts 0.80 (RCCC) and 1.15
 * (NSCC), from 512 1.04 (RCCC), from 1024 1.13 (RCCC) and 1.40 (NSCC). The estimate counts every receiver as if all
 * flows ran at once, so it errs towards wide, where a run keeps its parallel shards.
 */
public final class RunWidth {
    /** Runs whose receivers take fewer packets than this a lookahead are narrow, ... */
    static final long NARROW_PACKETS = 64;
    /** ... when no more hosts than this send or receive. */
    static final int NARROW_HOSTS = 128;

    private final long packetsPerLookahead;
    private final int hosts;

    private RunWidth(long packetsPerLookahead, int hosts) {
        this.packetsPerLookahead = packetsPerLookahead;
        this.hosts = hosts;
    }

    /** The width of {@code scenario}'s {@code flows} on {@code fabric}, in its lookahead and its average packet. */
    static RunWidth of(Scenario scenario, List<FlowSpec> flows, FabricBuilder fabric) {
        long packets = scenario.runEstimate().dataPackets();
        long packetBytes = packets == 0 ? 1 : Math.max(1, PreparedRun.bytesOf(flows) / packets);
        return of(flows, fabric.topology(), fabric.lookaheadPs(), packetBytes);
    }

    /**
     * The width of {@code flows} on {@code topology}: packets of {@code packetBytes} that their receivers take in
     * {@code lookaheadPs}.
     */
    static RunWidth of(List<FlowSpec> flows, Topology topology, long lookaheadPs, long packetBytes) {
        if (lookaheadPs <= 0 || packetBytes <= 0) {
            throw new IllegalArgumentException("a lookahead of " + lookaheadPs + " ps and packets of " + packetBytes
                    + " B");
        }
        int hosts = topology.hostCount();
        // Each sender counted once per receiver, however many flows the pair has: they share the sender's line.
        long[] pairs = new long[flows.size()];
        int n = 0;
        for (FlowSpec f : flows) {
            pairs[n++] = (long) f.dst() * hosts + f.src();
        }
        Arrays.sort(pairs, 0, n);
        long bitsPerLookahead = 0;
        for (int i = 0; i < n; ) {
            int dst = (int) (pairs[i] / hosts);
            long sendersBps = 0;
            for (long last = -1; i < n && pairs[i] / hosts == dst; i++) {
                if (pairs[i] != last) {
                    sendersBps = saturatingAdd(sendersBps, topology.hostRateBps((int) (pairs[i] % hosts)));
                    last = pairs[i];
                }
            }
            long bps = Math.min(topology.hostRateBps(dst), sendersBps);
            bitsPerLookahead = saturatingAdd(bitsPerLookahead, bitsIn(bps, lookaheadPs));
        }
        return new RunWidth(bitsPerLookahead / (8 * packetBytes), hostsIn(flows, hosts));
    }

    /** The hosts that send or receive a flow of {@code flows}, of {@code hosts}. */
    private static int hostsIn(List<FlowSpec> flows, int hosts) {
        BitSet in = new BitSet(hosts);
        for (FlowSpec f : flows) {
            in.set(f.src());
            in.set(f.dst());
        }
        return in.cardinality();
    }

    private static long bitsIn(long bps, long lookaheadPs) {
        try {
            return Math.multiplyExact(bps, lookaheadPs) / 1_000_000_000_000L;
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    private static long saturatingAdd(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    /** The data packets the run's receivers can take in one lookahead. */
    public long packetsPerLookahead() {
        return packetsPerLookahead;
    }

    /** The hosts that send or receive. */
    public int hosts() {
        return hosts;
    }

    /** Whether the run goes fastest on one shard and one worker. */
    public boolean narrow() {
        return packetsPerLookahead < NARROW_PACKETS && hosts <= NARROW_HOSTS;
    }

    /**
     * The engine's workers for the run on {@code shards} shards: a narrow run's shards each keep one thread (its
     * elements stay in that processor's cache); 0 for a wide one, the engine's default pool (one per processor,
     * which also runs one shard's elements in parallel).
     */
    public int workers(int shards) {
        if (shards < 1) {
            throw new IllegalArgumentException("shards must be >= 1, was " + shards);
        }
        return narrow() ? shards : 0;
    }

    /** For {@code validate}: the width, and the shards and workers it gives a run by default. */
    public String describe() {
        return String.format("%,d packets a lookahead at most, %,d hosts: %s", packetsPerLookahead, hosts, narrow()
                ? "a narrow run, on one shard and one worker by default" : "one shard per processor by default");
    }

    @Override
    public String toString() {
        return describe();
    }
}
