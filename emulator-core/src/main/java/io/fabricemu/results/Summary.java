package io.fabricemu.results;

import io.fabricemu.stats.PortStats;
import java.util.Comparator;

/**
 * The headline numbers of a run. FCT percentiles use the nearest-rank method over finished flows. Goodput is
 * given twice: {@code goodputBps}, the payload of finished flows over the span from their first start to their
 * last finish (what a completed workload achieved), and {@code deliveredGoodputBps}, every payload byte
 * delivered, finished flow or not, over the span from the first start to the run's last event (what the fabric
 * carried, also when the stop time or a halt ends the run first).
 *
 * @param flows              flows in the workload
 * @param flowsFinished      flows whose last byte arrived
 * @param fctMinPs           smallest FCT, or -1 when no flow finished (likewise the others)
 * @param fctMedianPs        median FCT
 * @param fctP99Ps           99th percentile FCT
 * @param fctMaxPs           largest FCT
 * @param goodputBps         goodput of finished flows in bits per second, 0 when no flow finished
 * @param deliveredBytes     payload bytes delivered to receivers, all flows, each byte once
 * @param deliveredGoodputBps {@code deliveredBytes} over the run, in bits per second, 0 when nothing arrived
 * @param hottestPort        the port with the largest peak queue, or "" when there are no ports
 * @param hottestPortBytes   its peak queue in bytes
 * @param drops              packets dropped at all ports
 * @param trims              data packets trimmed to their header at all ports
 * @param ecnMarks           packets marked CE at all ports
 * @param retransmittedBytes payload bytes sent more than once, all flows
 * @param pfcPausesSent      PFC pause frames sent by all ports (first pauses and refreshes)
 * @param pfcResumesSent     PFC resume frames sent by all ports
 * @param pfcHeadroomDrops   packets dropped at ingress because xOFF + headroom was full (misconfiguration)
 * @param mostPausedPort     the port whose egress was paused longest, or "" when none was paused
 * @param mostPausedPs       how long it was paused
 * @param rnrNaksSent        RNR NAKs switches forged for incast, all ports
 * @param rnrUnresolved      packets a switch would have turned into an RNR NAK but lacked snooped state for
 * @param rnrNackedDrops     packets dropped because their QP had been sent an RNR NAK (also in drops)
 * @param btsSent            back-to-sender notices sent by all switch ports (WREB), early and drop
 * @param btsBytes           their bytes on the wire: the notices' overhead
 * @param btsPpmOfDelivered  {@code btsBytes} per delivered payload byte ({@code deliveredBytes}), in parts per
 *                           million (0 when nothing was delivered)
 * @param groups             per group of flows (the parts of a {@code mix} workload), empty without groups
 * @param faultDropPackets   packets the run's faults lost, all faults and kinds added (0 without faults; results.json
 *                           has it only when the run has faults)
 */
public record Summary(int flows, long flowsFinished, long fctMinPs, long fctMedianPs, long fctP99Ps, long fctMaxPs,
                      long goodputBps, long deliveredBytes, long deliveredGoodputBps, String hottestPort, long hottestPortBytes, long drops, long trims,
                      long ecnMarks, long retransmittedBytes, long pfcPausesSent, long pfcResumesSent,
                      long pfcHeadroomDrops, String mostPausedPort, long mostPausedPs, long rnrNaksSent,
                      long rnrUnresolved, long rnrNackedDrops, long btsSent, long btsBytes, long btsPpmOfDelivered,
                      java.util.List<GroupSummary> groups,
                      @com.fasterxml.jackson.annotation.JsonIgnore long faultDropPackets) {

    public static Summary of(RunResult r) {
        long[] fcts = r.flows().stream().filter(FlowResult::finished).mapToLong(FlowResult::fctPs).sorted().toArray();
        long firstStart = Long.MAX_VALUE;
        long lastFinish = Long.MIN_VALUE;
        long finishedBytes = 0;
        long delivered = 0;
        long firstDeliveringStart = Long.MAX_VALUE;
        long retransmitted = 0;
        for (FlowResult f : r.flows()) {
            retransmitted += f.retransmittedBytes();
            delivered += f.deliveredBytes();
            if (f.deliveredBytes() > 0) {
                firstDeliveringStart = Math.min(firstDeliveringStart, f.startPs());
            }
            if (f.finished()) {
                firstStart = Math.min(firstStart, f.startPs());
                lastFinish = Math.max(lastFinish, f.finishPs());
                finishedBytes += f.bytes();
            }
        }
        long goodput = fcts.length == 0 ? 0 : bitsPerSecond(finishedBytes, lastFinish - firstStart);
        long deliveredGoodput = delivered == 0 ? 0 : bitsPerSecond(delivered, r.virtualEndPs() - firstDeliveringStart);
        PortStats hottest = r.ports().stream()
                .max(Comparator.comparingLong(PortStats::maxQueueBytes).thenComparing(PortStats::id,
                        Comparator.reverseOrder()))
                .orElse(null);
        long drops = r.ports().stream().mapToLong(PortStats::drops).sum();
        long trims = r.ports().stream().mapToLong(PortStats::trims).sum();
        long marks = r.ports().stream().mapToLong(PortStats::ecnMarks).sum();
        long pauses = r.ports().stream().mapToLong(p -> p.pfc().pausesSent()).sum();
        long resumes = r.ports().stream().mapToLong(p -> p.pfc().resumesSent()).sum();
        long headroomDrops = r.ports().stream().mapToLong(p -> p.pfc().headroomDrops()).sum();
        PortStats mostPaused = r.ports().stream().filter(p -> p.pfc().pausedPs() > 0)
                .max(Comparator.comparingLong((PortStats p) -> p.pfc().pausedPs()).thenComparing(PortStats::id,
                        Comparator.reverseOrder()))
                .orElse(null);
        long btsSent = r.ports().stream().mapToLong(p -> p.bts().sent()).sum();
        long btsBytes = r.ports().stream().mapToLong(p -> p.bts().bytesSent()).sum();
        long btsPpm = delivered == 0 ? 0 : java.math.BigInteger.valueOf(btsBytes)
                .multiply(java.math.BigInteger.valueOf(1_000_000)).divide(java.math.BigInteger.valueOf(delivered))
                .longValueExact();
        return new Summary(r.flows().size(), fcts.length, rank(fcts, 0), rank(fcts, 50), rank(fcts, 99),
                rank(fcts, 100), goodput, delivered, deliveredGoodput, hottest == null ? "" : hottest.id(),
                hottest == null ? 0 : hottest.maxQueueBytes(), drops, trims, marks, retransmitted, pauses, resumes,
                headroomDrops, mostPaused == null ? "" : mostPaused.id(),
                mostPaused == null ? 0 : mostPaused.pfc().pausedPs(),
                r.ports().stream().mapToLong(p -> p.rnr().naksSent()).sum(),
                r.ports().stream().mapToLong(p -> p.rnr().unresolved()).sum(),
                r.ports().stream().mapToLong(p -> p.rnr().nackedDrops()).sum(), btsSent, btsBytes, btsPpm,
                GroupSummary.of(r.flows()), faultDropPackets(r.faults()));
    }

    /** Packets lost to every fault, all kinds and places. */
    static long faultDropPackets(FaultOutcome faults) {
        long sum = 0;
        for (io.fabricemu.stats.FaultCounts c : faults.counts()) {
            for (long p : c.packets()) {
                sum += p;
            }
        }
        return sum;
    }

    /** {@code bytes} over {@code spanPs} in bits per second, rounded down; 0 for an empty span. */
    static long bitsPerSecond(long bytes, long spanPs) {
        return spanPs <= 0 ? 0 : java.math.BigInteger.valueOf(bytes)
                .multiply(java.math.BigInteger.valueOf(8_000_000_000_000L))
                .divide(java.math.BigInteger.valueOf(spanPs)).longValueExact();
    }

    /** Nearest-rank percentile of sorted values (0 gives the minimum), or -1 when there are none. */
    static long rank(long[] sorted, int percentile) {
        if (sorted.length == 0) {
            return -1;
        }
        if (percentile == 0) {
            return sorted[0];
        }
        int rank = (int) Math.ceil(percentile / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length, rank) - 1)];
    }
}
