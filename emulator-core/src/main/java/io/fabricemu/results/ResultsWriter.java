package io.fabricemu.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.fabricemu.stats.MessageWaits;
import io.fabricemu.stats.PfcCounters;
import io.fabricemu.stats.PortStats;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Writes a run's files into a folder ({@link OutputFolder} stages it and puts it in place).
 *
 * <p>Contents: {@code results.json} (run facts, summary, flows, ports, collectives when the workload has
 * any, {@code faults} when the scenario has faults: {@link FaultsJson}, and {@code fctSlowdown} when the workload
 * has an open-loop load: {@link FctSlowdown}), {@code flows.csv}, {@code collectives.csv}, {@code faults.csv}
 * ({@link FaultsCsv}) and {@code slowdown.csv} ({@link SlowdownReport}) only then,
 * {@code ports.csv}, the time series {@code series-ports.csv} and {@code series-flows.csv} ({@link SeriesCsv})
 * and {@code report.html} ({@link RunReport}); {@code receiverNotReady} in results.json only when a flow met a receive
 * posted late ({@link NotReadyTotals}). A Chakra trace's run adds {@code chakra} to results.json and
 * {@code chakra-timeline.csv} ({@link ChakraTimeline}, {@link ChakraTimelineCsv}). A port's RNR NAKs (switch
 * {@code rnrNack}) are listed one by one in results.json only.
 */
public final class ResultsWriter {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .addMixIn(FlowResult.class, FlowResultJson.class);

    /** A flow's waits go to {@code receiverNotReady} ({@link NotReadyTotals}), not to every flow's object. */
    private abstract static class FlowResultJson {
        @JsonIgnore
        abstract MessageWaits waits();
    }

    private ResultsWriter() {
    }

    /**
     * Writes the run's files into {@code folder}, which exists.
     *
     * @param source    the scenario file the run came from
     * @param overrides the {@code --set} overrides applied to it
     */
    public static void writeInto(RunResult r, Summary s, String source, List<String> overrides, Path folder)
            throws IOException {
        writeInto(r, s, SeriesSelection.of(r.series()), source, overrides, folder);
    }

    /**
     * As above, with the run's series already selected. The report page, the slowest part, is drawn on a thread of its
     * own while the other files are written: it only reads the results.
     */
    public static void writeInto(RunResult r, Summary s, SeriesSelection series, String source, List<String> overrides,
                                 Path folder) throws IOException {
        FutureTask<String> report = new FutureTask<>(() -> RunReport.html(r, s, series));
        Thread drawing = new Thread(report, "fabric-emu-report");
        drawing.setDaemon(true);
        drawing.start();
        JSON.writeValue(folder.resolve("results.json").toFile(), document(r, s, source, overrides));
        writeFlowsCsv(r, folder.resolve("flows.csv"));
        writePortsCsv(r, folder.resolve("ports.csv"));
        if (!r.collectives().isEmpty()) {
            writeCollectivesCsv(r, folder.resolve("collectives.csv"));
        }
        if (!r.slowdown().absent()) {
            SlowdownReport.writeCsv(r.slowdown(), folder.resolve(SlowdownReport.CSV));
        }
        if (!r.faults().isEmpty()) {
            FaultsCsv.write(FaultCost.of(r), folder.resolve(FaultsCsv.FILE));
        }
        if (PfcTimeline.any(r)) {
            PfcTimeline.write(r, folder.resolve(PfcTimeline.FILE));
        }
        if (!r.chakra().absent()) {
            ChakraTimelineCsv.write(r.chakra(), folder.resolve(ChakraTimelineCsv.FILE));
        }
        SeriesCsv.write(series, folder);
        Files.writeString(folder.resolve(RunReport.FILE), drawn(report), StandardCharsets.UTF_8);
    }

    /** The report page drawn by {@code report}, once it is; what went wrong drawing it, as it was thrown. */
    private static String drawn(FutureTask<String> report) {
        try {
            return report.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the report was drawn", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    static Map<String, Object> document(RunResult r, Summary s, String source, List<String> overrides) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("scenario", r.scenario());
        doc.put("seed", r.seed());
        doc.put("digest", r.digest());
        doc.put("source", source);
        doc.put("overrides", overrides);
        doc.put("topology", r.topology());
        doc.put("virtualEndPs", r.virtualEndPs());
        doc.put("reachedStop", r.reachedStop());
        doc.put("haltReason", r.haltReason());
        doc.put("events", r.events());
        doc.put("windows", r.windows());
        doc.put("activations", r.activations());
        doc.put("lookaheadPs", r.lookaheadPs());
        doc.put("elements", r.elements());
        doc.put("shards", r.shards());
        doc.put("wallMillis", r.wallMillis());
        doc.put("coordinationMillis", r.coordinationMillis());
        doc.put("sampleIntervalPs", r.series().intervalPs());
        doc.put("samplePoints", r.series().points());
        if (r.faults().isEmpty()) {
            doc.put("summary", s);
        } else {
            Map<String, Object> summary = JSON.convertValue(s, new TypeReference<LinkedHashMap<String, Object>>() { });
            summary.put("faultDropPackets", s.faultDropPackets());
            doc.put("summary", summary);
            doc.put("faults", FaultsJson.of(FaultCost.of(r)));
        }
        doc.put("flows", r.flows());
        doc.put("ports", r.ports());
        if (!r.linkLosses().isEmpty()) {
            doc.put("linkLosses", r.linkLosses());
        }
        if (!r.collectives().isEmpty()) {
            doc.put("collectives", r.collectives());
        }
        if (!r.chakra().absent()) {
            doc.put("chakra", r.chakra());
        }
        if (!r.slowdown().absent()) {
            doc.put("fctSlowdown", r.slowdown());
        }
        NotReadyTotals notReady = NotReadyTotals.of(r);
        if (notReady.any()) {
            doc.put("receiverNotReady", notReady.json());
        }
        return doc;
    }

    /** {@code rateBps,utilisation} of port {@code p}, or two empty fields when its rate is not known. */
    static String rateAndUtilisation(PortStats p, Long rateBps, long virtualEndPs) {
        if (rateBps == null || rateBps <= 0) {
            return ",";
        }
        double utilisation = virtualEndPs <= 0 ? 0 : p.txBytes() * 8.0 * 1e12 / ((double) rateBps * virtualEndPs);
        return rateBps + "," + String.format(java.util.Locale.ROOT, "%.4f", utilisation);
    }

    /** One line per collective and iteration; the ranks' hosts joined by ';'. */
    private static void writeCollectivesCsv(RunResult r, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("name,kind,algorithm,ranks,bytes,iteration,startPs,finishPs,jctPs,algBwBps,busBwBps\n");
            for (CollectiveResult c : r.collectives()) {
                StringBuilder ranks = new StringBuilder();
                for (int i = 0; i < c.ranks().size(); i++) {
                    ranks.append(i == 0 ? "" : ";").append(c.ranks().get(i));
                }
                w.write(c.name() + "," + c.kind() + "," + c.algorithm() + "," + ranks + "," + c.bytes() + ","
                        + c.iteration() + "," + c.startPs() + "," + c.finishPs() + "," + c.jctPs() + ","
                        + c.algBwBps() + "," + c.busBwBps() + "\n");
            }
        }
    }

    private static void writeFlowsCsv(RunResult r, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("id,src,dst,bytes,startPs,finishPs,fctPs,retransmittedBytes,deliveredBytes,failed,"
                    + "outOfOrderPackets,group\n");
            for (FlowResult f : r.flows()) {
                w.write(f.id() + "," + f.src() + "," + f.dst() + "," + f.bytes() + "," + f.startPs() + ","
                        + f.finishPs() + "," + f.fctPs() + "," + f.retransmittedBytes() + "," + f.deliveredBytes()
                        + "," + f.failed() + "," + f.outOfOrderPackets() + "," + f.group() + "\n");
            }
        }
    }

    /**
     * ports.csv: a row per port, then {@code peer} the port at the other end of its cable ({@code leaf1:p36} faces
     * {@code spine0:p1}), {@code rateBps} the cable's line rate and {@code utilisation} the bytes sent over what that
     * rate carries in the run's virtual time, to four decimals; the three empty when the run has no map of its
     * fabric.
     */
    private static void writePortsCsv(RunResult r, Path file) throws IOException {
        Map<String, String> peers = r.fabricMap().portPeers();
        Map<String, Long> rates = r.fabricMap().portRates();
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("id,tier,maxQueueBytes,drops,trims,ecnMarks,txBytes,pfcPausesSent,pfcResumesSent,pfcPausedPs,"
                    + "pfcHeadroomDrops,rnrNaksSent,rnrUnresolved,rnrNackedDrops,btsEarlySent,btsDropSent,btsBytesSent,"
                    + "btsReceived,peer,rateBps,utilisation\n");
            for (PortStats p : r.ports()) {
                PfcCounters pfc = p.pfc();
                w.write(p.id() + "," + p.tier() + "," + p.maxQueueBytes() + "," + p.drops() + "," + p.trims() + ","
                        + p.ecnMarks() + "," + p.txBytes() + "," + pfc.pausesSent() + "," + pfc.resumesSent() + ","
                        + pfc.pausedPs() + "," + pfc.headroomDrops() + "," + p.rnr().naksSent() + ","
                        + p.rnr().unresolved() + "," + p.rnr().nackedDrops() + "," + p.bts().earlySent() + ","
                        + p.bts().dropSent() + "," + p.bts().bytesSent() + "," + p.bts().received() + ","
                        + peers.getOrDefault(p.id(), "") + "," + rateAndUtilisation(p, rates.get(p.id()),
                        r.virtualEndPs()) + "\n");
            }
        }
    }
}
