package io.fabricemu.results;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a run's {@link SeriesSelection} as two CSV files of raw integers, one row per (series, tick), series
 * after series, ticks ascending:
 * <ul>
 *   <li>{@code series-ports.csv}: {@code tick_ps,port,tier,queue_bytes,drops,trims,ecn_marks,pause_frames,
 *       bts_notices,rnr_naks,tx_bytes}: the hottest ports, each tier's hottest (the heat map's), the ports
 *       {@code sampling.ports} chose, each once, then one {@code tier<N>} row set per tier (sums over the tier's
 *       ports). {@code queue_bytes} is the depth at the tick; the other columns count what happened
 *       in the interval that ends at the tick (at tick 0: since the start).</li>
 *   <li>{@code series-flows.csv}: {@code tick_ps,flow,delivered_bytes,goodput_bps,window_bytes,credit_bytes,
 *       rate_bps,rtt_ps,queueing_delay_ps}: the sampled flows, then {@code all} (every flow's delivered bytes added up).
 *       {@code delivered_bytes} is cumulative; {@code goodput_bps} is the payload delivered in the interval
 *       ending at the tick, over that interval (0 at tick 0); window, credit and rate are the sender's values at
 *       the tick, -1 where its transport has none; {@code rtt_ps} the sender's latest round-trip sample, -1 before
 *       its first; {@code queueing_delay_ps} that sample less the flow's round trip on the idle fabric
 *       ({@link TimeSeries#withUnloadedRtt}), -1 with no sample or no single idle round trip.</li>
 * </ul>
 * A run that recorded nothing ({@code sampling: {interval: off}}) gets the header lines only.
 */
public final class SeriesCsv {
    public static final String PORTS_FILE = "series-ports.csv";
    public static final String FLOWS_FILE = "series-flows.csv";

    private SeriesCsv() {
    }

    public static void write(SeriesSelection sel, Path folder) throws IOException {
        long interval = sel.intervalPs();
        try (Writer w = Files.newBufferedWriter(folder.resolve(PORTS_FILE), StandardCharsets.UTF_8)) {
            w.write("tick_ps,port,tier,queue_bytes,drops,trims,ecn_marks,pause_frames,bts_notices,rnr_naks,tx_bytes\n");
            for (PortSeries p : sel.writtenPorts()) {
                writePort(w, p, interval);
            }
            for (PortSeries p : sel.tiers()) {
                writePort(w, p, interval);
            }
        }
        try (Writer w = Files.newBufferedWriter(folder.resolve(FLOWS_FILE), StandardCharsets.UTF_8)) {
            w.write("tick_ps,flow,delivered_bytes,goodput_bps,window_bytes,credit_bytes,rate_bps,rtt_ps,queueing_delay_ps\n");
            for (FlowSeries f : sel.flows()) {
                writeFlow(w, Integer.toString(f.flowId()), f, interval);
            }
            if (sel.points() > 0) {
                writeFlow(w, "all", sel.aggregate(), interval);
            }
        }
    }

    private static void writePort(Writer w, PortSeries p, long interval) throws IOException {
        long[][] counters = {SeriesSelection.perTick(p.drops()), SeriesSelection.perTick(p.trims()),
            SeriesSelection.perTick(p.ecnMarks()), SeriesSelection.perTick(p.pauseFrames()),
            SeriesSelection.perTick(p.btsNotices()), SeriesSelection.perTick(p.rnrNaks()),
            SeriesSelection.perTick(p.txBytes())};
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < p.queueBytes().length; i++) {
            line.setLength(0);
            line.append(i * interval).append(',').append(p.id()).append(',').append(p.tier()).append(',')
                    .append(p.queueBytes()[i]);
            for (long[] c : counters) {
                line.append(',').append(c[i]);
            }
            w.write(line.append('\n').toString());
        }
    }

    private static void writeFlow(Writer w, String name, FlowSeries f, long interval) throws IOException {
        for (int i = 0; i < f.deliveredBytes().length; i++) {
            w.write(i * interval + "," + name + "," + f.deliveredBytes()[i] + "," + f.goodputBps(i, interval) + ","
                    + f.windowBytes()[i] + "," + f.creditBytes()[i] + "," + f.rateBps()[i] + "," + f.rttPs()[i] + ","
                    + f.queueingDelayPs()[i] + "\n");
        }
    }
}
