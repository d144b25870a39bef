package io.fabricemu.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * An output folder claimed for one command, from before its run to the end: the one place that decides where
 * fabric-emu may write and writes there.
 *
 * <h2>The rule</h2>
 * fabric-emu replaces its output folder whole, so it writes only into a folder it creates or one that already
 * holds its own results ({@link OwnResults}: the {@code .fabric-emu-output} marker it writes into every output
 * folder, the files of an earlier version, or nothing at all). It refuses everything else ({@link OutputTarget}):
 * an empty path, {@code .} and {@code ..}, the working directory and the folders containing it, the root, a
 * file, a symbolic link, a folder of other content, a folder below a file or below a link that leads nowhere (a
 * loop, a link to nothing); and whatever the file system itself refuses when the staging folder is created (a
 * folder it may not write, a name too long).
 *
 * <h2>How</h2>
 * {@link #claim} checks the path, creates the missing folders above it and a hidden staging folder beside it,
 * {@code .fabric-emu-tmp-<uuid>} with its {@link StagingMarker} naming this process, and in that
 * {@code new/<name>}: so every check, the name's length included, is a real operation on the file system before the
 * run starts, and the run's contents go to {@code new/<name>}. Before that it removes the staging folders that
 * killed runs left beside the folder ({@link LeftStaging}). {@link #commit} writes them there, moves the old folder (if any) into the staging folder,
 * renames the new one into place and deletes the staging folder: a reader never sees a folder half written.
 * {@link #close} removes the staging folder, and the folders above it that the claim created if nothing was
 * committed, on every exit path; a JVM shutdown hook does the same on SIGINT or SIGTERM (the JVM runs shutdown
 * hooks, Akka's among them, concurrently, while the other threads go on). The hook and the replacement take one
 * lock, so the hook sees the old folder either still in place or replaced, never moved aside; and a signal that
 * comes between moving the old folder aside and moving the new one in puts the old one back.
 */
public final class OutputFolder implements AutoCloseable {
    private static final String NEW = "new";
    /** Where the old folder goes while the new one moves in. */
    static final String OLD = "old";

    /** Fills a folder that exists and that nobody else sees yet. */
    @FunctionalInterface
    public interface Contents {
        void writeTo(Path folder) throws IOException;
    }

    private final OutputTarget target;
    private final Path staging;
    private final Path folder;
    /** Folders above the target that the claim created, outermost first. */
    private final List<Path> created = new ArrayList<>();
    private final Object lock = new Object();
    private final Thread hook = new Thread(this::abandon, "fabric-emu output cleanup");
    private volatile boolean stopped;
    private boolean committed;
    /** The old folder could not be put back after a failed replacement: the staging folder holds it and stays. */
    private boolean keepStaging;
    /** Runs after the old folder is moved aside and before the new one moves in; tests stop there. */
    Runnable betweenMoves = () -> {
    };

    private OutputFolder(OutputTarget target) {
        this.target = target;
        Path place = target.folder();
        this.staging = place.resolveSibling(LeftStaging.newName(UUID.randomUUID()));
        this.folder = staging.resolve(NEW).resolve(place.getFileName());
    }

    /**
     * Claims the output folder {@code out} (relative paths from {@code workingDir}) for a command that is about to
     * run: checks it and creates its staging folder. The caller must {@link #close} it.
     *
     * @throws OutputFolderException if fabric-emu may not write there, saying why and what to do
     */
    public static OutputFolder claim(Path out, Path workingDir) throws OutputFolderException {
        OutputTarget target = OutputTarget.of(out, workingDir);
        if (LeftStaging.removeBeside(target.folder()) > 0) {
            target = OutputTarget.of(out, workingDir); // the previous results may be back in place
        }
        OutputFolder claimed = new OutputFolder(target);
        try {
            Runtime.getRuntime().addShutdownHook(claimed.hook);
        } catch (IllegalStateException e) {
            throw claimed.notWritten();
        }
        try {
            claimed.stage();
        } catch (OutputFolderException e) {
            claimed.close();
            throw e;
        }
        return claimed;
    }

    /**
     * Creates the subfolder {@code name} of the output folder now, before the run, so that a name the file
     * system refuses (or one that clashes with another on a file system that ignores case) is known before the
     * run rather than after it.
     *
     * @param what how a message names what the subfolder is for, e.g. {@code "the run 'nscc'"}
     */
    public void reserve(String name, String what) throws OutputFolderException {
        boolean plain = !name.isEmpty() && !name.equals(".") && !name.equals("..") && !name.contains("/")
                && !name.contains("\0");
        // lower case too: on a file system that ignores case, Report.html would be report.html
        String why = !plain ? "that is not a folder name"
                : OwnResults.isOwnFileName(name.toLowerCase(Locale.ROOT)) ? "fabric-emu writes a file of that name there"
                : null;
        if (why == null) {
            try {
                Files.createDirectory(folder.resolve(name));
                return;
            } catch (FileAlreadyExistsException e) {
                why = "this file system takes it for the folder of another run (it ignores case)";
            } catch (IOException e) {
                why = OutputFolderException.reason(e);
            }
        }
        throw new OutputFolderException("output folder " + target.shown() + " cannot hold the results of " + what
                + " in a subfolder '" + OutputFolderException.abbreviate(name) + "': " + why + "; rename it");
    }

    /**
     * Writes the contents and the marker into the staging folder, then puts the result in place of the output
     * folder, replacing the old one if any.
     *
     * @throws OutputFolderException if writing or renaming failed, the folder changed meanwhile into one
     *                               fabric-emu may not replace, or fabric-emu is being stopped; the old folder,
     *                               if any, is still in place then
     */
    public void commit(Contents contents) throws OutputFolderException {
        try {
            contents.writeTo(folder);
            Files.writeString(folder.resolve(OwnResults.MARKER), OwnResults.MARKER_TEXT, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw stopped ? notWritten() : failed(e);
        }
        // the folder may have changed while the run went on: the rule must hold when it is replaced
        boolean replacing;
        try {
            replacing = OutputTarget.of(target.folder(), target.folder().getRoot()).exists();
        } catch (OutputFolderException e) {
            throw new OutputFolderException("the results were not written, as the folder changed during the run: "
                    + e.getMessage());
        }
        synchronized (lock) {
            if (stopped) {
                throw notWritten();
            }
            try {
                replace(replacing);
            } catch (IOException e) {
                throw failed(e);
            }
            committed = true;
            // under the lock: a signal now waits for the old folder to go, rather than leave it half deleted
            Trees.delete(staging);
        }
    }

    /**
     * Moves the old folder (if any) aside into the staging folder and the new one in; puts the old one back if
     * that fails or a signal came in between.
     */
    private void replace(boolean replacing) throws IOException, OutputFolderException {
        Path old = staging.resolve(OLD);
        if (replacing) {
            move(target.folder(), old);
        }
        try {
            betweenMoves.run();
            if (stopped) {
                throw notWritten();
            }
            move(folder, target.folder());
        } catch (IOException | OutputFolderException | RuntimeException e) {
            if (replacing) {
                putBack(old);
            }
            throw e;
        }
    }

    private void putBack(Path old) throws OutputFolderException {
        try {
            move(old, target.folder());
        } catch (IOException e) {
            keepStaging = true;
            try {
                // it holds the previous results now: no later run may take it for a left staging folder
                Files.deleteIfExists(staging.resolve(StagingMarker.FILE));
            } catch (IOException ignored) {
                // then its marker names this process, which a later run sees has ended: it puts them back then
            }
            throw new OutputFolderException("output folder " + target.shown() + " could not be replaced, and the"
                    + " previous one could not be put back (" + OutputFolderException.reason(e) + "): it is in " + old);
        }
    }

    /** Removes the staging folder, and the folders the claim created if nothing was committed. */
    @Override
    public void close() {
        synchronized (lock) {
            cleanUp();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook is running and does the same
        }
    }

    /**
     * What the shutdown hook does on a signal: no commit from now on, then what {@link #close} does, once any
     * replacement under way has ended (with the new folder in place, or the old one put back).
     */
    void abandon() {
        stop();
        synchronized (lock) {
            cleanUp();
        }
    }

    /** The first half of {@link #abandon}: from now on nothing is committed. */
    void stop() {
        stopped = true;
    }

    private void cleanUp() {
        if (keepStaging) {
            return;
        }
        Trees.delete(staging);
        if (!committed) {
            for (int i = created.size() - 1; i >= 0; i--) {
                try {
                    Files.deleteIfExists(created.get(i));
                } catch (IOException e) {
                    return; // something else was put there meanwhile: it stays, and so do the folders above it
                }
            }
        }
    }

    /** Creates the missing folders above the target, the staging folder and the folder the contents go to. */
    private void stage() throws OutputFolderException {
        Path place = target.folder();
        StagingMarker marker = StagingMarker.ofThisProcess(place.getFileName().toString());
        List<Path> missing = new ArrayList<>();
        for (Path p = place.getParent(); !Files.exists(p, LinkOption.NOFOLLOW_LINKS); p = p.getParent()) {
            missing.add(0, p);
        }
        List<Path> toCreate = new ArrayList<>(missing);
        toCreate.addAll(List.of(staging, staging.resolve(NEW), folder));
        for (Path p : toCreate) {
            synchronized (lock) {
                if (stopped) {
                    throw notWritten();
                }
                try {
                    Files.createDirectory(p);
                    if (p.equals(staging) && marker != null) {
                        marker.writeInto(staging);
                    }
                } catch (IOException e) {
                    String where = missing.contains(p) ? ": folder " + p
                            : " in " + place.getParent() + (p.equals(folder) ? " with that name" : "");
                    throw OutputTarget.refused(target.shown(), "cannot be created" + where + ": "
                            + OutputFolderException.reason(e));
                }
                if (missing.contains(p)) {
                    created.add(p);
                }
            }
        }
    }

    private OutputFolderException failed(IOException e) {
        String file = e instanceof FileSystemException fs && fs.getFile() != null ? " (" + fs.getFile() + ")" : "";
        return new OutputFolderException("output folder " + target.shown() + " could not be written: "
                + OutputFolderException.reason(e) + file);
    }

    private OutputFolderException notWritten() {
        return new OutputFolderException("output folder " + target.shown()
                + " was not written: fabric-emu was stopped while writing it");
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to);
        }
    }
}
