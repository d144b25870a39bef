package io.fabricemu.results;

import io.fabricemu.stats.LinkLoss;
import io.fabricemu.time.Ps;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The table printed at the end of a run. */
public final class SummaryTable {
    /** The name of the one row that depends on the wall clock. */
    public static final String WALL_TIME = "wall time";

    private SummaryTable() {
    }

    public static String render(RunResult r, Summary s) {
        List<String[]> rows = rows(r, s);
        int width = rows.stream().mapToInt(row -> row[0].length()).max().orElse(0);
        StringBuilder out = new StringBuilder();
        for (String[] row : rows) {
            out.append(String.format(Locale.ROOT, "  %-" + width + "s  %s%n", row[0], row[1]));
        }
        return out.toString();
    }

    /** The table's rows, each {name, value}; the wall-time row is named {@link #WALL_TIME}. */
    public static List<String[]> rows(RunResult r, Summary s) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"scenario", r.scenario() + " (seed " + r.seed() + ")"});
        rows.add(new String[] {"fabric", r.topology()});
        rows.add(new String[] {"flows finished", s.flowsFinished() + " / " + s.flows()
                + (r.reachedStop() ? "  (the stop time ended the run)" : "") + (r.halted() ? "  (halted)" : "")});
        if (r.halted()) {
            rows.add(new String[] {"halted", r.haltReason()});
        }
        rows.add(new String[] {"FCT min / median", time(s.fctMinPs()) + " / " + time(s.fctMedianPs())});
        rows.add(new String[] {"FCT p99 / max", time(s.fctP99Ps()) + " / " + time(s.fctMaxPs())});
        rows.add(new String[] {"aggregate goodput", goodput(s)});
        for (GroupSummary g : s.groups()) {
            rows.add(new String[] {"group " + g.name(), String.format(Locale.ROOT,
                    "%d / %d finished, completion %s, FCT p99 %s", g.flowsFinished(), g.flows(),
                    g.completionPs() < 0 ? "-" : time(g.completionPs()), time(g.fctP99Ps()))});
        }
        for (CollectiveSummary c : CollectiveSummary.of(r.collectives())) {
            rows.add(new String[] {"collective " + c.name(), String.format(Locale.ROOT,
                    "%s %s, %d ranks, %d / %d iterations, JCT mean %s (max %s), busbw %s", c.kind(), c.algorithm(),
                    c.ranks(), c.finished(), c.iterations(), time(c.jctMeanPs()), time(c.jctMaxPs()),
                    rate(c.busBwMeanBps()))});
        }
        if (!r.chakra().absent()) {
            rows.add(ChakraReport.row(r.chakra()));
        }
        if (!r.slowdown().absent()) {
            rows.add(SlowdownReport.row(r.slowdown()));
        }
        rows.add(new String[] {"hottest port", s.hottestPort().isEmpty() ? "-"
                : s.hottestPort() + ", peak queue " + String.format(Locale.ROOT, "%,d B", s.hottestPortBytes())});
        rows.add(new String[] {"drops", String.format(Locale.ROOT, "%,d packets, %,d trimmed, %,d B retransmitted",
                s.drops(), s.trims(), s.retransmittedBytes())});
        rows.add(new String[] {"ECN marks", String.format(Locale.ROOT, "%,d packets", s.ecnMarks())});
        if (s.pfcPausesSent() > 0 || s.pfcHeadroomDrops() > 0) {
            rows.add(new String[] {"PFC", String.format(Locale.ROOT,
                    "%,d pause frames, %,d resumes, %,d headroom overflows; most paused %s (%s of class pauses,"
                            + " all classes added)", s.pfcPausesSent(),
                    s.pfcResumesSent(), s.pfcHeadroomDrops(), s.mostPausedPort().isEmpty() ? "-" : s.mostPausedPort(),
                    Ps.format(s.mostPausedPs()))});
        }
        if (s.rnrNaksSent() > 0 || s.rnrUnresolved() > 0) {
            rows.add(new String[] {"RNR NAKs", String.format(Locale.ROOT,
                    "%,d sent by switches, %,d packets of NACKed QPs dropped, %,d unresolved (no snooped state)",
                    s.rnrNaksSent(), s.rnrNackedDrops(), s.rnrUnresolved())});
        }
        NotReadyTotals notReady = NotReadyTotals.of(r);
        int waitedForReceive = notReady.messagesWaitedForReceive();
        if (notReady.any()) {
            String answers = notReady.rnrNaks() == 0 ? String.format(Locale.ROOT,
                    "%,d request-to-wait (RTW), %,d request-to-send (RTS), %,d B discarded", notReady.rtwCount(),
                    notReady.rtsCount(), notReady.discardedBytes())
                    : String.format(Locale.ROOT, "%,d RNR NAKs from responders, %,d B dropped", notReady.rnrNaks(),
                    notReady.discardedBytes());
            // a message held whole in a bounce buffer never stopped its source: nothing to say here but its row below
            boolean stopped = notReady.rtwCount() > 0 || notReady.rnrNaks() > 0 || notReady.waitedPsMax() > 0;
            if (waitedForReceive > 0 && stopped) {
                rows.add(new String[] {"receiver not ready", String.format(Locale.ROOT, "%s; %d message%s waited,"
                        + " longest %s", answers, waitedForReceive, waitedForReceive == 1 ? "" : "s",
                        time(notReady.waitedPsMax()))});
            }
            PdcTotals pdc = notReady.pdc();
            if (pdc.any()) {
                rows.add(new String[] {"PDC not ready", String.format(Locale.ROOT,
                        "%,d receiver-not-ready (RNR) from full PDC tables, %,d retries; %d PDC%s held %s in all,"
                                + " longest %s; at most %d entries in a target", pdc.rnrCount(), pdc.retryCount(),
                        pdc.pdcsWaited(), pdc.pdcsWaited() == 1 ? "" : "s", time(pdc.waitedPs()),
                        time(pdc.waitedPsMax()), pdc.entriesPeakMax())});
            }
            RendezvousTotals rendezvous = notReady.rendezvous();
            if (rendezvous.any()) {
                rows.add(new String[] {"rendezvous", String.format(Locale.ROOT,
                        "%,d fetch requests, %,d B eager data buffered (largest NIC buffer %,d B, all NICs' peaks"
                                + " %,d B); %d message%s waited for a fetch", rendezvous.fetchCount(),
                        rendezvous.bufferedBytes(), rendezvous.bufferedBytesPeakMax(),
                        rendezvous.bufferedBytesPeakSum(), rendezvous.messagesWaited(),
                        rendezvous.messagesWaited() == 1 ? "" : "s")});
            }
            BounceBufferTotals bounce = notReady.bounce();
            if (bounce.any()) {
                rows.add(new String[] {"bounce buffers", String.format(Locale.ROOT,
                        "%,d B of %d message%s held until the receive (largest NIC pool %,d B, all NICs' peaks %,d B);"
                                + " %,d packets found the pool full (RTW)", bounce.bufferedBytes(),
                        bounce.messagesBuffered(), bounce.messagesBuffered() == 1 ? "" : "s", bounce.peakBytesMax(),
                        bounce.peakBytesSum(), bounce.overflowPackets())});
            }
        }
        if (s.btsSent() > 0) {
            rows.add(new String[] {"back-to-sender", String.format(Locale.ROOT,
                    "%,d notices, %,d B overhead (%s per delivered byte)", s.btsSent(), s.btsBytes(),
                    perDelivered(s.btsPpmOfDelivered()))});
        }
        if (!r.linkLosses().isEmpty()) {
            rows.add(new String[] {"link loss", linkLoss(r.linkLosses())});
        }
        if (!r.faults().isEmpty()) {
            rows.add(new String[] {"fault drops", String.format(Locale.ROOT, "%,d packets lost to %d fault%s",
                    s.faultDropPackets(), r.faults().faults().size(), r.faults().faults().size() == 1 ? "" : "s")});
            for (FaultCost c : FaultCost.of(r)) {
                rows.add(new String[] {"fault " + c.fault().index(), FaultSentence.of(c)});
            }
        }
        rows.add(new String[] {"virtual time", Ps.format(r.virtualEndPs()) + (r.reachedStop()
                ? ", the last event handled before the stop time (later ones were pending)" : "")});
        rows.add(new String[] {"engine", String.format(Locale.ROOT,
                "%,d events, %,d windows of %s, %,d actors, %d shard%s", r.events(), r.windows(),
                Ps.format(r.lookaheadPs()), r.elements(), r.shards(), r.shards() == 1 ? "" : "s")});
        double seconds = Math.max(1, r.wallMillis()) / 1000.0;
        rows.add(new String[] {WALL_TIME, String.format(Locale.ROOT,
                "%.2f s, %,.0f events/s, coordination busy %.0f%% of it", seconds, r.events() / seconds,
                100.0 * r.coordinationMillis() / Math.max(1, r.wallMillis()))});
        rows.add(new String[] {"digest", r.digest()});
        return rows;
    }

    /** The packets lossy cables lost of their own, and the direction that lost most (the first of equals). */
    static String linkLoss(List<LinkLoss> losses) {
        long packets = 0;
        long bytes = 0;
        LinkLoss most = losses.get(0);
        for (LinkLoss l : losses) {
            packets += l.packets();
            bytes += l.bytes();
            most = l.packets() > most.packets() ? l : most;
        }
        return String.format(Locale.ROOT, "%,d packets, %,d B lost on %d lossy link direction%s; most on %s (%,d)",
                packets, bytes, losses.size(), losses.size() == 1 ? "" : "s", most.where(), most.packets());
    }

    /**
     * Goodput, saying which: of the finished flows (first start to last finish) and, when that is not the whole
     * story (flows unfinished), of every byte delivered over the run.
     */
    static String goodput(Summary s) {
        String finished = s.flowsFinished() == 0 ? "no flow finished"
                : rate(s.goodputBps()) + " by finished flows";
        if (s.flowsFinished() == s.flows()) {
            return finished;
        }
        return finished + "; " + rate(s.deliveredGoodputBps()) + " delivered over the run ("
                + String.format(Locale.ROOT, "%,d B", s.deliveredBytes()) + ")";
    }

    /** A ratio given in parts per million, shown as a decimal, e.g. 0.001234. */
    static String perDelivered(long ppm) {
        return String.format(Locale.ROOT, "%d.%06d", ppm / 1_000_000, ppm % 1_000_000);
    }

    static String time(long ps) {
        return ps < 0 ? "-" : Ps.format(ps);
    }

    static String rate(long bps) {
        if (bps >= 1_000_000_000_000L) {
            return String.format(Locale.ROOT, "%.2f Tb/s", bps / 1e12);
        }
        if (bps >= 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.2f Gb/s", bps / 1e9);
        }
        return String.format(Locale.ROOT, "%.2f Mb/s", bps / 1e6);
    }
}
