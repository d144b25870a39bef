package io.fabricemu.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Writes a run's output folder atomically: everything goes into a hidden sibling folder first, which is
 * then renamed into place (replacing an older folder of the same name), so a reader never sees a folder
 * half written and a failed run leaves nothing behind.
 *
 * <p>Contents: {@code results.json} (run facts, summary, flows, ports), {@code flows.csv},
 * {@code ports.csv}.
 */
public final class ResultsWriter {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultsWriter() {
    }

    /**
     * @param source    the scenario file the run came from
     * @param overrides the {@code --set} overrides applied to it
     */
    public static void write(RunResult r, Summary s, String source, List<String> overrides, Path outDir)
            throws IOException {
        Path target = outDir.toAbsolutePath().normalize();
        Path parent = target.getParent();
        Files.createDirectories(parent);
        Path staging = parent.resolve("." + target.getFileName() + ".tmp-" + UUID.randomUUID());
        Files.createDirectory(staging);
        try {
            JSON.writeValue(staging.resolve("results.json").toFile(), document(r, s, source, overrides));
            writeFlowsCsv(r, staging.resolve("flows.csv"));
            writePortsCsv(r, staging.resolve("ports.csv"));
            replace(staging, target);
        } catch (IOException | RuntimeException e) {
            deleteTree(staging);
            throw e;
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
        doc.put("events", r.events());
        doc.put("windows", r.windows());
        doc.put("activations", r.activations());
        doc.put("lookaheadPs", r.lookaheadPs());
        doc.put("elements", r.elements());
        doc.put("shards", r.shards());
        doc.put("wallMillis", r.wallMillis());
        doc.put("coordinationMillis", r.coordinationMillis());
        doc.put("summary", s);
        doc.put("flows", r.flows());
        doc.put("ports", r.ports());
        return doc;
    }

    private static void writeFlowsCsv(RunResult r, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("id,src,dst,bytes,startPs,finishPs,fctPs,retransmittedBytes,outOfOrderPackets\n");
            for (FlowResult f : r.flows()) {
                w.write(f.id() + "," + f.src() + "," + f.dst() + "," + f.bytes() + "," + f.startPs() + ","
                        + f.finishPs() + "," + f.fctPs() + "," + f.retransmittedBytes() + ","
                        + f.outOfOrderPackets() + "\n");
            }
        }
    }

    private static void writePortsCsv(RunResult r, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("id,tier,maxQueueBytes,drops,trims,ecnMarks,txBytes\n");
            for (PortStats p : r.ports()) {
                w.write(p.id() + "," + p.tier() + "," + p.maxQueueBytes() + "," + p.drops() + "," + p.trims() + ","
                        + p.ecnMarks() + "," + p.txBytes() + "\n");
            }
        }
    }

    private static void replace(Path staging, Path target) throws IOException {
        Path old = null;
        if (Files.exists(target)) {
            old = target.resolveSibling("." + target.getFileName() + ".old-" + UUID.randomUUID());
            move(target, old);
        }
        try {
            move(staging, target);
        } catch (IOException e) {
            if (old != null) {
                move(old, target);
            }
            throw e;
        }
        if (old != null) {
            deleteTree(old);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to);
        }
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
