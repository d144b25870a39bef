package io.fabricemu.scenario.yaml;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A file a person names on the command line (a scenario file, a cluster file), and why it cannot be read, in
 * the words a person uses: "no such file", "is a folder, not a scenario file", "permission denied". The Java
 * exception that reported the failure is never part of the text.
 */
public final class InputFile {
    private InputFile() {
    }

    /** How messages name {@code file}: its name as given, or {@code ''} when that is empty. */
    public static String display(Path file) {
        String name = file.toString();
        return name.isEmpty() ? "''" : name;
    }

    /**
     * Why {@code file} cannot be read as a {@code kind} (e.g. "scenario file"), or null when it looks readable.
     * Only looks at the file system; a read can still fail, see {@link #describe}.
     */
    public static String problem(Path file, String kind) {
        if (file.toString().isEmpty()) {
            return "the file name is empty; name a " + kind;
        }
        if (Files.isDirectory(file)) {
            return "is a folder, not a " + kind;
        }
        if (!Files.exists(file)) {
            Path parent = file.toAbsolutePath().getParent();
            return parent != null && !Files.isDirectory(parent)
                    ? "no such file (there is no folder " + parent + " either)" : "no such file";
        }
        if (!Files.isReadable(file)) {
            return "permission denied: this user may not read the file";
        }
        return null;
    }

    /** What went wrong when reading a {@code kind} failed with {@code e}, without the exception's class name. */
    public static String describe(IOException e, String kind, Path file) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied: this user may not read the file";
        }
        if (Files.isDirectory(file)) {
            return "is a folder, not a " + kind;
        }
        String reason = e instanceof FileSystemException fs ? fs.getReason() : e.getMessage();
        return "cannot read the file" + (reason == null || reason.isBlank() ? "" : ": " + reason);
    }
}
