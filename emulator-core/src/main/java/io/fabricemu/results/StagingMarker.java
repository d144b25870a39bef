package io.fabricemu.results;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The file fabric-emu writes into every staging folder as soon as it has created it, naming the process that uses
 * the folder, so that a later run can tell a folder left by a process that was killed (SIGKILL, a crash, a power
 * cut during a run) from one still in use, and remove only the former.
 *
 * <h2>What names a process</h2>
 * A process id alone does not: ids are reused. Linux gives every process its start time, in clock ticks after
 * boot (field 22, {@code starttime}, of {@code /proc/PID/stat}, proc(5)), and together with the id that is unique
 * for one boot of one machine. The marker also holds the boot's random id ({@code /proc/sys/kernel/random/boot_id})
 * and the process-id namespace ({@code /proc/self/ns/pid}): a folder on a disk that another machine, another boot
 * or another container also writes names a process that this one cannot look up, so it is never taken for gone.
 * The writer is gone when the marker names this boot and namespace, and the id is either no process now or a
 * process that started at another time. Where {@code /proc} is missing, nothing is known and nothing is removed.
 *
 * <p>The text, one {@code key: value} a line after a first line saying what the file is for:
 * {@code target} (the output folder's name), {@code boot}, {@code pid-namespace}, {@code pid}, {@code start}.
 */
record StagingMarker(String target, String boot, String pidNamespace, long pid, String start) {
    /** The marker's name in its staging folder: not a name the results use. */
    static final String FILE = ".fabric-emu-staging";
    private static final String FIRST_LINE = "fabric-emu writes its output here; a later run into the same folder"
            + " removes this folder once the process below has ended.";
    /** A marker is a few hundred bytes: more is not one. */
    private static final int LONGEST_BYTES = 4096;
    private static final Path PROC = Path.of("/proc");
    /** Index of {@code starttime} among the fields after the command name of {@code /proc/PID/stat}. */
    private static final int START_FIELD_AFTER_NAME = 22 - 3;

    /** The marker of this process for a staging folder of the output folder {@code target}; null without /proc. */
    static StagingMarker ofThisProcess(String target) {
        long pid = ProcessHandle.current().pid();
        try {
            String boot = Files.readString(PROC.resolve("sys/kernel/random/boot_id")).strip();
            String namespace = Files.readSymbolicLink(PROC.resolve("self/ns/pid")).toString();
            String start = startOf(pid);
            return start == null ? null : new StagingMarker(target, boot, namespace, pid, start);
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    /** Writes it into the staging folder {@code staging}. */
    void writeInto(Path staging) throws IOException {
        Files.writeString(staging.resolve(FILE), FIRST_LINE + "\ntarget: " + target + "\nboot: " + boot
                + "\npid-namespace: " + pidNamespace + "\npid: " + pid + "\nstart: " + start + "\n",
                StandardCharsets.UTF_8);
    }

    /** The marker in {@code staging}, or null if there is none, or it is a link, or it does not read as one. */
    static StagingMarker readFrom(Path staging) {
        Path file = staging.resolve(FILE);
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            bytes = in.readNBytes(LONGEST_BYTES + 1);
        } catch (IOException e) {
            return null;
        }
        List<String> lines = List.of(new String(bytes, StandardCharsets.UTF_8).split("\n", -1));
        List<String> keys = List.of("target", "boot", "pid-namespace", "pid", "start");
        if (bytes.length > LONGEST_BYTES || lines.size() != keys.size() + 2 || !lines.get(0).equals(FIRST_LINE)
                || !lines.get(keys.size() + 1).isEmpty()) {
            return null;
        }
        List<String> values = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            String prefix = keys.get(i) + ": ";
            if (!lines.get(i + 1).startsWith(prefix)) {
                return null;
            }
            values.add(lines.get(i + 1).substring(prefix.length()));
        }
        try {
            return new StagingMarker(values.get(0), values.get(1), values.get(2), Long.parseLong(values.get(3)),
                    values.get(4));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * Whether the process it names has provably ended: it ran in this boot and process namespace, and its id now
     * names no process or one that started at another time. False whenever that cannot be told.
     */
    boolean writerIsGone() {
        StagingMarker self = ofThisProcess(target);
        if (self == null || !self.boot.equals(boot) || !self.pidNamespace.equals(pidNamespace) || pid <= 0) {
            return false;
        }
        try {
            String now = startOf(pid);
            return now != null && !now.equals(start);
        } catch (NoSuchFileException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Field 22 of {@code /proc/PID/stat}, the process's start time in clock ticks after boot; null if the line
     * does not read as proc(5) says. The command name (field 2) is in parentheses and may hold spaces and
     * parentheses itself, so the fields are counted after its last closing parenthesis.
     *
     * @throws NoSuchFileException if there is no such process
     */
    private static String startOf(long pid) throws IOException {
        String stat = Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"), StandardCharsets.UTF_8);
        String[] fields = stat.substring(stat.lastIndexOf(')') + 1).strip().split(" ");
        return fields.length > START_FIELD_AFTER_NAME ? fields[START_FIELD_AFTER_NAME] : null;
    }
}
