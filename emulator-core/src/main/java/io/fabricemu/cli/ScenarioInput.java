package io.fabricemu.cli;

import io.fabricemu.run.PreparedRun;
import io.fabricemu.scenario.ScenarioLoader;
import io.fabricemu.scenario.sizing.HeapBudget;
import io.fabricemu.scenario.yaml.ScenarioException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** Loads and prepares a scenario for a subcommand, turning every kind of bad input into one clear message. */
final class ScenarioInput {
    private ScenarioInput() {
    }

    /**
     * The prepared run, or null after printing why the input is bad (every error found); for a run in this JVM;
     * the scenario may read files in its own folder and in {@code allowedFolders} ({@code --allow-files}).
     */
    static PreparedRun prepare(Path file, List<String> overrides, List<Path> allowedFolders, PrintWriter err) {
        return prepare(file, overrides, allowedFolders, HeapBudget.wholeRun(), err);
    }

    /**
     * The prepared run, or null after printing why the input is bad; a fabric that cannot be built within
     * {@code budget} is refused before anything is built.
     */
    static PreparedRun prepare(Path file, List<String> overrides, List<Path> allowedFolders, HeapBudget budget,
                               PrintWriter err) {
        return prepare(file, overrides, allowedFolders, budget, err, null);
    }

    /** As above, marking in {@code timings} (null: none) the scenario's reading and the fabric's building. */
    static PreparedRun prepare(Path file, List<String> overrides, List<Path> allowedFolders, HeapBudget budget,
                               PrintWriter err, CommandTimings timings) {
        try {
            var scenario = ScenarioLoader.load(file, overrides, allowedFolders, budget);
            if (timings != null) {
                timings.mark("scenario");
            }
            PreparedRun prepared = PreparedRun.of(scenario);
            if (timings != null) {
                timings.mark("fabric");
            }
            return prepared;
        } catch (ScenarioException e) {
            for (ScenarioException each : e.errors()) {
                err.println("error: " + each.getMessage());
            }
        } catch (IllegalArgumentException e) {
            err.println("error: " + file + ": " + e.getMessage());
        }
        err.flush();
        return null;
    }
}
