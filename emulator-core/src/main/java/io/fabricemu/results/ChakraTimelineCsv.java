package io.fabricemu.results;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code chakra-timeline.csv}: one row per node per rank of a Chakra trace ({@link ChakraTimeline}), ranks in
 * order, each rank's nodes by start time. The node is its id in the rank's file (unsigned, as Chakra's ids are);
 * a name holding a comma, a quote or a line break is quoted as RFC 4180 says.
 */
final class ChakraTimelineCsv {
    static final String FILE = "chakra-timeline.csv";
    static final String HEADER = "rank,host,node,name,kind,startPs,endPs";

    private ChakraTimelineCsv() {
    }

    static void write(ChakraTimeline t, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(HEADER + "\n");
            for (ChakraRank r : t.ranks()) {
                for (ChakraNodeTime n : r.nodes()) {
                    w.write(r.rank() + "," + r.host() + "," + Long.toUnsignedString(n.id()) + "," + cell(n.name())
                            + "," + n.kind() + "," + n.startPs() + "," + n.endPs() + "\n");
                }
            }
        }
    }

    /** {@code text} as a CSV cell. */
    static String cell(String text) {
        if (text.indexOf(',') < 0 && text.indexOf('"') < 0 && text.indexOf('\n') < 0 && text.indexOf('\r') < 0) {
            return text;
        }
        return "\"" + text.replace("\"", "\"\"") + "\"";
    }
}
