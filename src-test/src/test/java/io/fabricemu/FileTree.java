package io.fabricemu;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * What a folder holds at one moment: every path below it, and for a file its size and modification time (a
 * folder's own time changes with its entries, so only its presence counts). Two snapshots give the paths
 * added, removed or changed in between: what a command touched.
 */
final class FileTree {
    private final Path root;
    private final Map<String, String> entries;

    private FileTree(Path root, Map<String, String> entries) {
        this.root = root;
        this.entries = entries;
    }

    /** The tree below {@code root} now; empty if {@code root} is gone. Links are recorded, not followed. */
    static FileTree of(Path root) {
        Map<String, String> entries = new TreeMap<>();
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return new FileTree(root, entries);
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                try {
                    BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class,
                            LinkOption.NOFOLLOW_LINKS);
                    entries.put(root.relativize(p).toString(), a.isDirectory() ? "folder"
                            : a.size() + " bytes, modified " + a.lastModifiedTime().toMillis());
                } catch (NoSuchFileException gone) {
                    // removed while walking: absent from this snapshot
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (UncheckedIOException e) {
            if (!(e.getCause() instanceof NoSuchFileException)) {
                throw e;
            }
        }
        return new FileTree(root, entries);
    }

    /** The paths (relative to the root, "" for the root itself) that differ in {@code later}, sorted. */
    List<String> changedIn(FileTree later) {
        TreeSet<String> changed = new TreeSet<>();
        TreeSet<String> all = new TreeSet<>(entries.keySet());
        all.addAll(later.entries.keySet());
        for (String path : all) {
            if (!Objects.equals(entries.get(path), later.entries.get(path))) {
                changed.add(path);
            }
        }
        return new ArrayList<>(changed);
    }

    /** A path of this tree, relative to the root, as {@link #changedIn} names it. */
    String relative(Path path) {
        return root.relativize(path).toString();
    }
}
