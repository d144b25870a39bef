package io.fabricemu.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The folder an output path names, worked out and checked against the rules of {@link OutputFolder} before
 * anything is created. Relative paths are taken from the working directory given. Symbolic links above the
 * folder are followed (a {@code results} link to a bigger disk is fine); the folder itself must not be one.
 *
 * @param shown  how messages name it: the path as given and, when that differs, where it leads
 * @param folder the folder, absolute, with every existing folder above it as its real path
 * @param exists whether it exists now (then it is a folder of fabric-emu's own results)
 */
record OutputTarget(String shown, Path folder, boolean exists) {

    /** Resolves {@code out} against {@code workingDir} and checks it; throws saying why it may not be used. */
    static OutputTarget of(Path out, Path workingDir) throws OutputFolderException {
        Path work;
        try {
            work = workingDir.toRealPath();
        } catch (IOException e) {
            throw new OutputFolderException("the working directory " + workingDir + " cannot be read ("
                    + OutputFolderException.reason(e) + ")");
        }
        Path absolute = work.resolve(out);
        int names = absolute.getNameCount();
        Path dir = absolute.getRoot();
        for (int i = 0; i < names - 1; i++) {
            dir = step(dir, absolute.getName(i).toString());
        }
        String last = names == 0 ? "" : absolute.getName(names - 1).toString();
        boolean dots = last.equals(".") || last.equals("..");
        Path folder = names == 0 ? dir : dots ? step(dir, last) : dir.resolve(last);
        String shown = OutputFolderException.shown(out, folder);
        if (folder.getParent() == null) {
            throw refused(shown, "is the root of the file system; fabric-emu replaces its output folder whole");
        }
        if (work.startsWith(folder)) {
            throw refused(shown, (folder.equals(work) ? "is the working directory" : "contains the working directory")
                    + "; fabric-emu replaces its output folder whole, so it never writes into the folder you work in"
                    + " or one that contains it");
        }
        if (dots) {
            throw refused(shown, "ends in '" + last + "'; name the output folder itself");
        }
        if (Files.isSymbolicLink(folder)) {
            throw refused(shown, "is a symbolic link; fabric-emu replaces its output folder whole, and neither"
                    + " replaces a link nor writes through one");
        }
        if (Files.exists(folder, LinkOption.NOFOLLOW_LINKS)) {
            checkReplaceable(shown, folder);
            return new OutputTarget(shown, folder, true);
        }
        Path ancestor = folder.getParent();
        while (!Files.exists(ancestor, LinkOption.NOFOLLOW_LINKS)) {
            ancestor = ancestor.getParent();
        }
        if (!Files.isDirectory(ancestor, LinkOption.NOFOLLOW_LINKS)) {
            throw refused(shown, "cannot be created: " + ancestor + " " + notAFolder(ancestor));
        }
        return new OutputTarget(shown, folder, false);
    }

    /** A refusal before anything was written, ending with what to do. */
    static OutputFolderException refused(String shown, String why) {
        return new OutputFolderException("output folder " + shown + " " + why + OutputFolderException.CHOOSE_ANOTHER);
    }

    /** An existing entry at the folder's place must be a folder of our own results that we may replace. */
    private static void checkReplaceable(String shown, Path folder) throws OutputFolderException {
        if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
            throw refused(shown, (Files.isRegularFile(folder, LinkOption.NOFOLLOW_LINKS) ? "is a file" : "exists")
                    + ", not a folder; fabric-emu will not replace it");
        }
        try {
            String foreign = OwnResults.foreignContent(folder);
            if (foreign != null) {
                throw refused(shown, "is a folder fabric-emu did not write: " + foreign + "; fabric-emu replaces its"
                        + " output folder whole, so it writes only into a new folder, an empty one or one holding its"
                        + " own results");
            }
            // replacing moves the folder into the staging folder and deletes it, folders inside it too
            List<Path> folders = OwnResults.folders(folder);
            for (Path f : folders) {
                if (!Files.isWritable(f)) {
                    throw refused(shown, isEmpty(folder) ? "is not writable: it is an empty folder you may not change,"
                            + " so fabric-emu cannot replace it" : "holds fabric-emu's results, but you may not change "
                            + f + ", so they cannot be replaced");
                }
            }
        } catch (IOException e) {
            throw refused(shown, "cannot be read to check that it holds fabric-emu's results ("
                    + OutputFolderException.reason(e) + ")");
        }
    }

    private static boolean isEmpty(Path folder) throws IOException {
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.findAny().isEmpty();
        }
    }

    /**
     * Why an entry above the output folder, which is not a folder itself, cannot hold one. Links above the folder
     * that lead to a folder were followed already ({@link #step}), so a link here leads nowhere.
     */
    private static String notAFolder(Path entry) {
        if (!Files.isSymbolicLink(entry)) {
            return "is a file, not a folder";
        }
        try {
            Path target = entry.toRealPath();
            return Files.isDirectory(target) ? "is a symbolic link to a folder that cannot be entered"
                    : "is a symbolic link to a file, not to a folder";
        } catch (NoSuchFileException e) {
            return "is a symbolic link to nothing";
        } catch (IOException e) {
            String reason = OutputFolderException.reason(e);
            // the operating system's words for ELOOP: the link leads back to itself, directly or not
            return reason.startsWith("Too many levels of symbolic links") ? "is a symbolic-link loop"
                    : "is a symbolic link that cannot be followed (" + reason + ")";
        }
    }

    /**
     * {@code dir} (a real path, or a path below the last existing folder) followed by one name: {@code ..} is
     * the parent; an existing entry is followed to its real path, so links above the folder count as what they
     * point to.
     */
    private static Path step(Path dir, String name) {
        if (name.equals(".")) {
            return dir;
        }
        if (name.equals("..")) {
            return dir.getParent() == null ? dir : dir.getParent();
        }
        Path next = dir.resolve(name);
        if (Files.exists(next)) {
            try {
                return next.toRealPath();
            } catch (IOException e) {
                return next;
            }
        }
        return next;
    }
}
