package io.fabricemu.results;

import io.fabricemu.stats.FaultDrop;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code faults.csv}: one line per fault and place it cost something at (a fault that cost nothing anywhere has
 * none), faults in list order, places most packets first: the fault's index, label, kind and time, the place, its
 * packets and bytes per kind of loss and in all, and how many flows the fault touched there. A label holding a
 * comma or a quote is quoted (RFC 4180).
 */
final class FaultsCsv {
    static final String FILE = "faults.csv";

    private FaultsCsv() {
    }

    static void write(List<FaultCost> costs, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(header());
            for (FaultCost c : costs) {
                for (FaultPlace p : c.places()) {
                    w.write(line(c, p));
                }
            }
        }
    }

    static String header() {
        StringBuilder h = new StringBuilder("fault,label,kind,atPs,where");
        for (FaultDrop kind : FaultDrop.values()) {
            h.append(',').append(kind.key()).append("Packets,").append(kind.key()).append("Bytes");
        }
        return h.append(",totalPackets,totalBytes,touchedFlows\n").toString();
    }

    static String line(FaultCost c, FaultPlace p) {
        StringBuilder l = new StringBuilder();
        l.append(c.fault().index()).append(',').append(quoted(c.fault().label())).append(',').append(c.kind())
                .append(',').append(c.fault().atPs()).append(',').append(quoted(p.where()));
        for (FaultDrop kind : FaultDrop.values()) {
            l.append(',').append(p.drops().packets(kind)).append(',').append(p.drops().bytes(kind));
        }
        return l.append(',').append(p.drops().totalPackets()).append(',').append(p.drops().totalBytes()).append(',')
                .append(p.touchedFlows()).append('\n').toString();
    }

    static String quoted(String field) {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0) {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }
}
