package io.fabricemu.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Writes an output folder atomically: its contents go into a hidden sibling folder first, which is then
 * renamed into place (replacing an older folder of the same name), so a reader never sees a folder half
 * written and a failure leaves nothing behind.
 */
public final class OutputFolder {

    /** Fills a folder that does not exist yet for anyone else. */
    @FunctionalInterface
    public interface Contents {
        void writeTo(Path folder) throws IOException;
    }

    private OutputFolder() {
    }

    /** Creates {@code outDir} with {@code contents}, replacing any folder of that name only on success. */
    public static void write(Path outDir, Contents contents) throws IOException {
        Path target = outDir.toAbsolutePath().normalize();
        Path parent = target.getParent();
        Files.createDirectories(parent);
        Path staging = parent.resolve("." + target.getFileName() + ".tmp-" + UUID.randomUUID());
        Files.createDirectory(staging);
        try {
            contents.writeTo(staging);
            replace(staging, target);
        } catch (IOException | RuntimeException e) {
            deleteTree(staging);
            throw e;
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
