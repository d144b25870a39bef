package io.fabricemu.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --allow-files DIR}: lets a scenario read the files it names (a {@code workload.schedule}) in {@code DIR}
 * and below, besides its own folder and below, which is all it may read otherwise
 * ({@link io.fabricemu.scenario.yaml.ScenarioFiles}). Only the person running fabric-emu can widen this; nothing in
 * a scenario can.
 */
final class AllowFilesOption {
    @Option(names = "--allow-files", paramLabel = "DIR",
            description = "Let the scenario read the files it names (workload.schedule) in DIR and below too; "
                    + "without it a scenario reads files only in its own folder and below. Repeatable.")
    List<Path> folders = new ArrayList<>();

    /** Whether every {@code DIR} is a folder; false after printing why one is not (the command then exits 2). */
    boolean check(PrintWriter err) {
        for (Path folder : folders) {
            String problem = folder.toString().isEmpty() ? "the folder name is empty"
                    : !Files.exists(folder) ? "no such folder"
                    : !Files.isDirectory(folder) ? "is a file, not a folder" : null;
            if (problem != null) {
                err.println("error: --allow-files " + (folder.toString().isEmpty() ? "''" : folder) + ": " + problem);
                err.flush();
                return false;
            }
        }
        return true;
    }
}
