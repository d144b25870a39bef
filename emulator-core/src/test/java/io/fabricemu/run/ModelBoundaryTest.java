package io.fabricemu.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Model packages stay plain Java: no Akka import, so a move to Pekko touches the actor package only, and no Kamon
 * import, so metrics stay in the metrics package and a run without them loads none of Kamon.
 */
class ModelBoundaryTest {
    private static final Path SOURCES = Path.of("src", "main", "java", "io", "fabricemu");
    private static final List<String> MODEL_PACKAGES =
            List.of("time", "engine", "fabric", "transport", "cc", "policy", "scenario", "results", "report", "uet",
                    "roce", "incast", "wreb");

    @Test
    void modelPackages_importNoAkkaNorKamon() throws IOException {
        List<String> offenders = new ArrayList<>();
        int checked = 0;
        for (String pkg : MODEL_PACKAGES) {
            Path dir = SOURCES.resolve(pkg);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    checked++;
                    for (String line : Files.readAllLines(f)) {
                        String t = line.trim();
                        if (t.startsWith("import akka.") || t.startsWith("import static akka.") || t.contains(" akka.actor.")
                                || t.startsWith("import kamon.") || t.startsWith("import static kamon.")
                                || t.contains(" kamon.")) {
                            offenders.add(f + ": " + t);
                        }
                    }
                }
            }
        }
        assertTrue(checked > 20, "the model sources were found (" + checked + " files)");
        assertEquals(List.of(), offenders);
    }
}
