package io.fabricemu.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * An output folder fabric-emu will not write, or could not: {@link #getMessage()} is the whole text to show a
 * person, naming the folder, why, and what to do instead, e.g.
 * <pre>
 *   output folder 'notes' (/home/me/notes) is a folder fabric-emu did not write: it holds todo.txt that
 *   fabric-emu did not write; fabric-emu replaces its output folder whole, so it writes only into a new folder,
 *   an empty one or one holding its own results; choose another folder with --out
 * </pre>
 */
public final class OutputFolderException extends Exception {
    /** What every refusal made before the run ends with. */
    static final String CHOOSE_ANOTHER = "; choose another folder with --out";
    /** Names longer than this are shortened in messages. */
    private static final int LONGEST_SHOWN = 100;

    OutputFolderException(String message) {
        super(message);
    }

    /** How a message names the folder: the path as given and, when that is not plain, where it leads. */
    static String shown(Path given, Path resolved) {
        String text = "'" + abbreviate(given.toString()) + "'";
        boolean plain = given.isAbsolute() && given.equals(resolved);
        return plain ? text : text + " (" + abbreviate(resolved.toString()) + ")";
    }

    /** A long name or path cut in the middle, with its length in bytes, so that a message stays readable. */
    static String abbreviate(String text) {
        if (text.length() <= LONGEST_SHOWN) {
            return text;
        }
        return text.substring(0, LONGEST_SHOWN / 2) + "..." + text.substring(text.length() - LONGEST_SHOWN / 4)
                + " [" + text.getBytes(StandardCharsets.UTF_8).length + " bytes]";
    }

    /** What the operating system said went wrong, in words, without the exception's name. */
    static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "it does not exist";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return e.getMessage() == null ? "an input/output error" : e.getMessage();
    }
}
