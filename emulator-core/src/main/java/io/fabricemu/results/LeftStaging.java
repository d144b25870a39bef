package io.fabricemu.results;

import java.io.IOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Removes the staging folders that killed runs left beside an output folder, when a new run claims it. A process
 * stopped by SIGKILL (or a crash, or a power cut) runs no shutdown hook, so its {@code .fabric-emu-tmp-<uuid>}
 * folder stays; the next run into the same output folder removes it, and only it: a folder of exactly that name
 * (not a link) whose {@link StagingMarker} names that output folder and a process that has provably ended. A
 * folder without a readable marker (one made by an earlier version, or by a run killed in the instant between
 * creating it and writing the marker), or whose process may still run, stays.
 *
 * <p>A run killed between moving the old output folder aside into its staging folder and moving the new one in
 * left the previous results there ({@code old}) and none in place: they are put back before the folder is
 * removed, so a killed run never costs the results that were there before it.
 */
final class LeftStaging {
    /** The staging folders' names, and those being deleted ({@link Trees#delete} renames before it deletes). */
    private static final Pattern NAME = Pattern.compile(
            "\\.fabric-emu-tmp-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\\.removing)?");

    private LeftStaging() {
    }

    /** The staging folder name for a new claim. */
    static String newName(UUID uuid) {
        return ".fabric-emu-tmp-" + uuid;
    }

    /**
     * Removes the left staging folders of the output folder {@code place} (absolute, its parent a real path) and
     * puts back the previous results one of them holds if there are none in place; returns how many it removed.
     */
    static int removeBeside(Path place) {
        Path parent = place.getParent();
        if (!Files.isDirectory(parent, LinkOption.NOFOLLOW_LINKS)) {
            return 0;
        }
        String target = place.getFileName().toString();
        List<Path> left = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(parent, ".fabric-emu-tmp-*")) {
            for (Path entry : entries) {
                if (NAME.matcher(entry.getFileName().toString()).matches()
                        && Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS) && isLeft(entry, target)) {
                    left.add(entry);
                }
            }
        } catch (IOException | DirectoryIteratorException e) {
            return 0; // a folder that cannot be listed is one that cannot be cleaned either
        }
        int removed = 0;
        for (Path staging : left) {
            if (putBack(staging.resolve(OutputFolder.OLD), place) && Trees.delete(staging)) {
                removed++;
            }
        }
        return removed;
    }

    private static boolean isLeft(Path staging, String target) {
        StagingMarker marker = StagingMarker.readFrom(staging);
        return marker != null && marker.target().equals(target) && marker.writerIsGone();
    }

    /**
     * Moves the previous results back into place if they are in the staging folder and nothing is in place; false
     * if they are there and could not be moved, and so must stay.
     */
    private static boolean putBack(Path old, Path place) {
        if (!Files.isDirectory(old, LinkOption.NOFOLLOW_LINKS) || Files.exists(place, LinkOption.NOFOLLOW_LINKS)) {
            return true;
        }
        try {
            Files.move(old, place, StandardCopyOption.ATOMIC_MOVE);
            return true;
        } catch (IOException e) {
            // another run may have put its own folder in place meanwhile; otherwise they stay where they are
            return Files.exists(place, LinkOption.NOFOLLOW_LINKS);
        }
    }
}
