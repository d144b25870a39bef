package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs tshark (Wireshark's command line) on a capture file and returns what it printed, one line per packet. */
final class Tshark {
    private Tshark() {
    }

    /**
     * {@code tshark -r file args...}; fails unless tshark exits 0 and prints nothing on stderr but its warning about
     * running as root.
     */
    static List<String> read(Path file, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Programs.TSHARK.find().toString(), "-r", file.toString()));
        command.addAll(List.of(args));
        Path err = Files.createTempFile("tshark", ".err");
        Path out = Files.createTempFile("tshark", ".out");
        try {
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            int code = p.waitFor();
            List<String> complaints = new ArrayList<>();
            for (String line : Files.readAllLines(err)) {
                if (!line.isBlank() && !line.startsWith("Running as user")) {
                    complaints.add(line);
                }
            }
            assertEquals(0, code, "tshark " + String.join(" ", args) + " failed: " + complaints);
            assertEquals(List.of(), complaints, "tshark complained reading " + file);
            return Files.readAllLines(out);
        } finally {
            Files.delete(err);
            Files.delete(out);
        }
    }
}
