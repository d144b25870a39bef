package io.fabricemu.results;

import io.fabricemu.engine.Sampling;
import io.fabricemu.fabric.PortPick;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The part of a run's {@link TimeSeries} that the report and the {@code series-*.csv} files show, chosen so
 * that a fabric of thousands of ports and flows gives files and plots of a fixed size:
 * <ul>
 *   <li><b>hottest ports</b>: the {@value #HOT_PORTS} ports with the deepest queue at any tick, deepest first;
 *       ties go to the port that comes first in element order (NIC transmitters, then switch ports);</li>
 *   <li><b>tiers</b>: for every tier that has sampled ports (0 hosts' NICs, 1 leaf/ToR, 2 spine/aggregation,
 *       3 core), the sum over all its ports of the queue and of every counter, named {@code tier<N>};</li>
 *   <li><b>flows</b>: the flows the run recorded one by one ({@link Sampling#keepsFlow}): those the scenario's
 *       {@code sampling.flows} chose, or else every flow when there are at most {@value #MAX_FLOWS}, else the
 *       {@value #MAX_FLOWS} at places {@code floor(i x n / MAX_FLOWS)}, i = 0..MAX_FLOWS-1, of the n flow ids in
 *       ascending order;</li>
 *   <li><b>plotted flows</b>: of those, at most {@value #PLOTTED_FLOWS} picked the same way;</li>
 *   <li><b>aggregate</b>: the payload delivered to all flows' receivers added up (flow id -1), from every
 *       element's total, so it counts the flows not recorded one by one too.</li>
 * </ul>
 * Building it replays every port's log and the chosen flows' logs once; only the chosen series are kept.
 */
public final class SeriesSelection {
    public static final int HOT_PORTS = 8;
    public static final int MAX_FLOWS = Sampling.SAMPLED_FLOWS;
    public static final int PLOTTED_FLOWS = 8;
    /** The hottest ports of each tier kept for the report's heat map. */
    static final int HOT_PER_TIER = 12;

    private final TimeSeries series;
    private final List<PortSeries> hottest;
    private final List<PortSeries> tiers;
    private final List<FlowSeries> flows;
    private final FlowSeries aggregate;
    private final NavigableMap<Integer, HottestPorts> hottestByTier;
    private final List<PortSeries> chosenPorts;
    private final List<PortSeries> plottedPorts;

    private SeriesSelection(TimeSeries series, List<PortSeries> hottest, List<PortSeries> tiers,
                            List<FlowSeries> flows, FlowSeries aggregate, NavigableMap<Integer, HottestPorts> hottestByTier,
                            List<PortSeries> chosenPorts, List<PortSeries> plottedPorts) {
        this.series = series;
        this.hottest = hottest;
        this.tiers = tiers;
        this.flows = flows;
        this.aggregate = aggregate;
        this.hottestByTier = hottestByTier;
        this.chosenPorts = chosenPorts;
        this.plottedPorts = plottedPorts;
    }

    public static SeriesSelection of(TimeSeries ts) {
        return of(ts, PortPick.HOTTEST);
    }

    /** The selection, with the ports {@code chosen} takes written and plotted too ({@code sampling.ports}). */
    public static SeriesSelection of(TimeSeries ts, PortPick chosen) {
        int n = ts.points();
        List<PortSeries> picked = new ArrayList<>();
        HottestPorts hotPicked = new HottestPorts(HOT_PORTS);
        HottestPorts hot = new HottestPorts(HOT_PORTS);
        TreeMap<Integer, HottestPorts> hotByTier = new TreeMap<>();
        TreeMap<Integer, long[][]> tierSums = new TreeMap<>();
        for (String id : ts.portIds()) {
            PortSeries p = ts.port(id);
            addInto(tierSums.computeIfAbsent(p.tier(), t -> new long[SUMMED][n]), p);
            hot.offer(p);
            if (chosen.takes(id, p.tier())) {
                picked.add(p);
                hotPicked.offer(p);
            }
            hotByTier.computeIfAbsent(p.tier(), t -> new HottestPorts(HOT_PER_TIER)).offer(p);
        }
        List<PortSeries> tiers = new ArrayList<>();
        tierSums.forEach((tier, sum) -> tiers.add(ofSums("tier" + tier, tier, sum)));
        List<FlowSeries> chosenFlows = new ArrayList<>();
        for (int id : spread(ts.flowIds(), Sampling.MAX_CHOSEN_FLOWS)) {
            chosenFlows.add(ts.flow(id));
        }
        long[] none = new long[n];
        Arrays.fill(none, -1);
        FlowSeries aggregate = new FlowSeries(-1, ts.deliveredBytes(), none, none.clone(), none.clone(),
                none.clone());
        return new SeriesSelection(ts, hot.ports(), List.copyOf(tiers), List.copyOf(chosenFlows), aggregate,
                Collections.unmodifiableNavigableMap(hotByTier), List.copyOf(picked),
                chosen.chosen() ? hotPicked.ports() : hot.ports());
    }

    /** {@code items} if at most {@code most}, else those at places floor(i x size / most). */
    static <T> List<T> spread(List<T> items, int most) {
        if (items.size() <= most) {
            return List.copyOf(items);
        }
        List<T> out = new ArrayList<>();
        for (int i = 0; i < most; i++) {
            out.add(items.get((int) ((long) i * items.size() / most)));
        }
        return out;
    }

    public TimeSeries series() {
        return series;
    }

    public long intervalPs() {
        return series.intervalPs();
    }

    public int points() {
        return series.points();
    }

    /** The hottest ports, deepest peak queue first. */
    public List<PortSeries> hottestPorts() {
        return hottest;
    }

    /** The ports {@code sampling.ports} chose, in element order; empty when it chose none. */
    public List<PortSeries> chosenPorts() {
        return chosenPorts;
    }

    /** The ports the queue plot draws: the hottest of those chosen, else the hottest of all. */
    public List<PortSeries> plottedPorts() {
        return plottedPorts;
    }

    /**
     * Every port series the CSV holds, each once: the hottest, then each tier's hottest the heat map draws, then
     * those chosen; so every port series the report draws is in {@code series-ports.csv}.
     */
    public List<PortSeries> writtenPorts() {
        java.util.LinkedHashMap<String, PortSeries> all = new java.util.LinkedHashMap<>();
        for (PortSeries p : hottest) {
            all.putIfAbsent(p.id(), p);
        }
        for (HottestPorts tier : hottestByTier.values()) {
            for (PortSeries p : tier.ports()) {
                all.putIfAbsent(p.id(), p);
            }
        }
        for (PortSeries p : chosenPorts) {
            all.putIfAbsent(p.id(), p);
        }
        return List.copyOf(all.values());
    }

    /** Each tier's {@value #HOT_PER_TIER} hottest ports and its port counts, ascending tier. */
    NavigableMap<Integer, HottestPorts> hottestByTier() {
        return hottestByTier;
    }

    /** Per-tier sums, ascending tier. */
    public List<PortSeries> tiers() {
        return tiers;
    }

    /** The sampled flows, ascending id. */
    public List<FlowSeries> flows() {
        return flows;
    }

    /** At most {@value #PLOTTED_FLOWS} of {@link #flows()}. */
    public List<FlowSeries> plottedFlows() {
        return spread(flows, PLOTTED_FLOWS);
    }

    /** All flows' delivered payload added up; its window, credit and rate are -1. */
    public FlowSeries aggregate() {
        return aggregate;
    }

    /** The whole fabric: the tiers added up, named "fabric" (tier -1). */
    public PortSeries fabric() {
        long[][] sum = new long[SUMMED][points()];
        for (PortSeries p : tiers) {
            addInto(sum, p);
        }
        return ofSums("fabric", -1, sum);
    }

    /** The series a sum of ports adds up, in this order: queue, drops, trims, marks, pauses, notices, NAKs, tx. */
    private static final int SUMMED = 8;

    /** Adds {@code p}'s summed series ({@link #SUMMED}) to {@code sum}, tick by tick. */
    private static void addInto(long[][] sum, PortSeries p) {
        long[][] parts = {p.queueBytes(), p.drops(), p.trims(), p.ecnMarks(), p.pauseFrames(), p.btsNotices(),
            p.rnrNaks(), p.txBytes()};
        for (int k = 0; k < SUMMED; k++) {
            for (int i = 0; i < sum[k].length; i++) {
                sum[k][i] += parts[k][i];
            }
        }
    }

    /** A port series named {@code id} made of sums built by {@link #addInto}; sums carry no class queues. */
    private static PortSeries ofSums(String id, int tier, long[][] s) {
        return new PortSeries(id, tier, s[0], new long[0][], s[1], s[2], s[3], s[4], s[5], s[6], s[7]);
    }

    /** {@code cumulative} as per-tick increments: element 0 is {@code cumulative[0]}. */
    public static long[] perTick(long[] cumulative) {
        long[] out = new long[cumulative.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = i == 0 ? cumulative[0] : cumulative[i] - cumulative[i - 1];
        }
        return out;
    }
}
