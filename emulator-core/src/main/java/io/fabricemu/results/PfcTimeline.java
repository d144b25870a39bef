package io.fabricemu.results;

import io.fabricemu.report.HeatMap;
import io.fabricemu.report.Quantity;
import io.fabricemu.stats.PauseEpisode;
import io.fabricemu.stats.PortStats;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * When each port's egress was paused by PFC, class by class, and by whom: {@value #FILE} (a row per pause: the
 * paused port, the port at the other end of its cable that sent the pause, the class, when it began and ended) and
 * the report's heat map of paused time over virtual time, a row per paused port and class, longest paused first.
 * Written only for a run in which some port was paused.
 */
final class PfcTimeline {
    static final String FILE = "pfc-timeline.csv";
    /** The most rows of the heat map. */
    static final int MAX_ROWS = 24;

    private PfcTimeline() {
    }

    /** Whether any port of the run was paused. */
    static boolean any(RunResult r) {
        for (PortStats p : r.ports()) {
            if (!p.pfc().episodes().isEmpty()) {
                return true;
            }
        }
        return false;
    }

    static void write(RunResult r, Path file) throws IOException {
        Map<String, String> peers = r.fabricMap().portPeers();
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("port,paused_by,class,paused_ps,resumed_ps\n");
            for (PortStats p : r.ports()) {
                for (PauseEpisode e : p.pfc().episodes()) {
                    w.write(p.id() + "," + peers.getOrDefault(p.id(), "") + "," + e.trafficClass() + "," + e.fromPs()
                            + "," + e.toPs() + "\n");
                }
            }
        }
    }

    /** The heat map over {@code points} ticks of {@code intervalPs}: ps paused in each tick's interval. */
    static HeatMap heat(RunResult r, long intervalPs, int points) {
        record Row(String name, long[] pausedPs, long totalPs) {
        }
        List<Row> rows = new ArrayList<>();
        for (PortStats p : r.ports()) {
            Map<Integer, long[]> byClass = new java.util.TreeMap<>();
            for (PauseEpisode e : p.pfc().episodes()) {
                add(byClass.computeIfAbsent(e.trafficClass(), c -> new long[points]), e, intervalPs);
            }
            byClass.forEach((c, values) -> {
                long total = 0;
                for (long v : values) {
                    total += v;
                }
                rows.add(new Row(p.id() + " c" + c, values, total));
            });
        }
        rows.sort(Comparator.comparingLong(Row::totalPs).reversed());
        HeatMap map = new HeatMap("pfc-timeline", "PFC: time paused per interval, by port and class", Quantity.TIME,
                intervalPs).legend("paused, of the longest on the map");
        map.band(rows.size() <= MAX_ROWS ? "the " + rows.size() + " paused ports and classes"
                : "the " + MAX_ROWS + " longest paused of " + rows.size() + " ports and classes");
        for (Row row : rows.subList(0, Math.min(MAX_ROWS, rows.size()))) {
            map.row(row.name(), row.pausedPs());
        }
        return map;
    }

    /** Adds the part of pause {@code e} in each tick's interval {@code [i x interval, (i + 1) x interval)}. */
    static void add(long[] perTick, PauseEpisode e, long intervalPs) {
        if (perTick.length == 0) {
            return;
        }
        long last = perTick.length - 1;
        for (long i = Math.min(e.fromPs() / intervalPs, last); i <= Math.min(e.toPs() / intervalPs, last); i++) {
            long from = Math.max(e.fromPs(), i * intervalPs);
            long to = i == last ? e.toPs() : Math.min(e.toPs(), (i + 1) * intervalPs);
            if (to > from) {
                perTick[(int) i] += to - from;
            }
        }
    }
}
