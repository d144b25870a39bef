package io.fabricemu.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Tells an existing folder that fabric-emu may replace from one it must not touch. Ours is a folder that holds
 * the {@link #MARKER} file fabric-emu writes into every output folder, an empty folder (nothing is lost), or a
 * folder written before the marker existed, recognised by its entries alone: a run's folder holds
 * {@code results.json} and nothing but the files a run writes; a comparison's holds {@code comparison.md} or
 * {@code comparison.csv} and nothing but the files a comparison writes and run folders. Symbolic links are
 * never followed and never count as ours.
 */
final class OwnResults {
    /** The marker file's name. */
    static final String MARKER = ".fabric-emu-output";
    /** What the marker says to a person who finds it. */
    static final String MARKER_TEXT = "This folder was written by fabric-emu. fabric-emu replaces the whole folder,"
            + " and anything put in it, when it next writes its output here; keep your own files elsewhere.\n";

    private static final String RESULTS = "results.json";
    /** The packet trace {@code run --trace} writes ({@link io.fabricemu.trace.PacketTrace#FILE}). */
    private static final String TRACE_FILE = "trace.pcapng";
    private static final Set<String> RUN_FILES = Set.of(RESULTS, "flows.csv", "ports.csv", "collectives.csv",
            FaultsCsv.FILE, PfcTimeline.FILE, ChakraTimelineCsv.FILE, SlowdownReport.CSV, SeriesCsv.PORTS_FILE,
            SeriesCsv.FLOWS_FILE, RunReport.FILE, TRACE_FILE);
    private static final Set<String> COMPARE_TABLES = Set.of("comparison.md", "comparison.csv");
    private static final Set<String> COMPARE_FILES = Set.of("comparison.md", "comparison.csv", ComparisonReport.FILE);
    private static final int NAMES_SHOWN = 3;

    private OwnResults() {
    }

    /** Whether {@code name} is a file fabric-emu writes into an output folder, the marker included. */
    static boolean isOwnFileName(String name) {
        return name.equals(MARKER) || RUN_FILES.contains(name) || COMPARE_FILES.contains(name);
    }

    /**
     * Null if the existing folder {@code dir} is ours; otherwise what makes it someone else's, for a message
     * (e.g. {@code "it holds notes.txt, data/ and 2 more entries that fabric-emu did not write"}).
     */
    static String foreignContent(Path dir) throws IOException {
        List<Path> entries = entries(dir);
        if (entries.isEmpty() || Files.isRegularFile(dir.resolve(MARKER), LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        if (isRunFolder(entries) || isComparisonFolder(entries)) {
            return null;
        }
        List<String> strangers = new ArrayList<>();
        for (Path e : entries) {
            boolean directory = Files.isDirectory(e, LinkOption.NOFOLLOW_LINKS);
            if (!(isFile(e, RUN_FILES) || isFile(e, COMPARE_FILES) || directory && isRunFolder(entries(e)))) {
                strangers.add(e.getFileName() + (directory ? "/" : ""));
            }
        }
        if (strangers.isEmpty()) {
            return "fabric-emu cannot tell that it wrote it (it holds neither its " + MARKER + " marker, nor a "
                    + RESULTS + " or comparison.md with only the files it writes)";
        }
        String shown = String.join(", ", strangers.subList(0, Math.min(NAMES_SHOWN, strangers.size())));
        int more = strangers.size() - NAMES_SHOWN;
        return "it holds " + shown + (more > 0 ? " and " + more + " more " + (more == 1 ? "entry" : "entries") : "")
                + " that fabric-emu did not write";
    }

    /** The folders inside {@code dir}, itself included, that fabric-emu would remove on replacing it. */
    static List<Path> folders(Path dir) throws IOException {
        List<Path> folders = new ArrayList<>(List.of(dir));
        for (Path e : entries(dir)) {
            if (Files.isDirectory(e, LinkOption.NOFOLLOW_LINKS)) {
                folders.add(e);
            }
        }
        return folders;
    }

    /** A run's folder: results.json and only files a run writes. */
    private static boolean isRunFolder(List<Path> entries) {
        return entries.stream().allMatch(e -> isFile(e, RUN_FILES))
                && entries.stream().anyMatch(e -> e.getFileName().toString().equals(RESULTS));
    }

    /** A comparison's folder: its table and only files a comparison writes, and run folders (or empty ones). */
    private static boolean isComparisonFolder(List<Path> entries) throws IOException {
        boolean table = false;
        for (Path e : entries) {
            if (isFile(e, COMPARE_FILES)) {
                table |= COMPARE_TABLES.contains(e.getFileName().toString());
            } else if (!Files.isDirectory(e, LinkOption.NOFOLLOW_LINKS)) {
                return false;
            } else {
                List<Path> inside = entries(e);
                if (!inside.isEmpty() && !isRunFolder(inside)) {
                    return false;
                }
            }
        }
        return table;
    }

    private static boolean isFile(Path entry, Set<String> names) {
        return names.contains(entry.getFileName().toString()) && Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS);
    }

    /** The entries of a folder, sorted by name so that messages do not depend on the directory's order. */
    private static List<Path> entries(Path dir) throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.sorted().toList();
        }
    }
}
