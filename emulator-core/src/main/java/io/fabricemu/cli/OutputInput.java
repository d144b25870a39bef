package io.fabricemu.cli;

import io.fabricemu.results.OutputFolder;
import io.fabricemu.results.OutputFolderException;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * Claims a subcommand's output folder before its run ({@link OutputFolder}), turning a folder fabric-emu may
 * not write into one clear message.
 */
final class OutputInput {
    private OutputInput() {
    }

    /** The claimed folder, relative paths from the working directory, or null after printing why not. */
    static OutputFolder claim(Path out, PrintWriter err) {
        try {
            return OutputFolder.claim(out, Path.of("").toAbsolutePath());
        } catch (OutputFolderException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return null;
        }
    }
}
