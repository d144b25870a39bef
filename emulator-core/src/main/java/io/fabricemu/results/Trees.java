package io.fabricemu.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Removes a folder with everything in it, even while another thread is still adding files to it. */
final class Trees {
    /** Attempts before giving up, {@link #PAUSE_MILLIS} apart: a writer adds a few files at most meanwhile. */
    private static final int ATTEMPTS = 50;
    private static final long PAUSE_MILLIS = 10;

    private Trees() {
    }

    /**
     * Deletes {@code root} and everything below it without following links; true once it is gone. It is first
     * renamed: a thread still writing into it names its files by the old path, so it can add nothing more, however
     * fast it writes. If the rename fails the folder is deleted where it is, the walk retried while files keep
     * appearing: once the root is gone nothing can appear below it again, as files are only ever created in folders
     * that exist.
     */
    static boolean delete(Path root) {
        Path doomed = root.resolveSibling(root.getFileName() + ".removing");
        try {
            Files.move(root, doomed, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            doomed = root;
        }
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            if (!Files.exists(doomed, LinkOption.NOFOLLOW_LINKS)) {
                return true;
            }
            try {
                List<Path> all;
                try (Stream<Path> walk = Files.walk(doomed)) {
                    all = walk.sorted(Comparator.reverseOrder()).toList();
                }
                for (Path p : all) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException | UncheckedIOException e) {
                pause();
            }
        }
        return !Files.exists(doomed, LinkOption.NOFOLLOW_LINKS);
    }

    private static void pause() {
        try {
            Thread.sleep(PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
