package io.fabricemu.cli;

import io.fabricemu.results.Comparison;
import io.fabricemu.results.ResultsWriter;
import io.fabricemu.results.SeriesSelection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The results folder of every run of a comparison or an ensemble, each under its label in the output folder. */
final class RunFolders {
    private RunFolders() {
    }

    /**
     * Writes run {@code i} ({@code columns[i]}, its series {@code selections[i]}, read from {@code sources[i]} with
     * {@code overrides[i]}) into {@code folder/LABEL}, made if missing ({@code nscc/seed-3}).
     */
    static void write(Path folder, List<Comparison.Column> columns, List<SeriesSelection> selections,
                      List<String> sources, List<List<String>> overrides) throws IOException {
        for (int i = 0; i < columns.size(); i++) {
            Comparison.Column c = columns.get(i);
            Path runFolder = Files.createDirectories(folder.resolve(c.label()));
            ResultsWriter.writeInto(c.run(), c.summary(), selections.get(i), sources.get(i), overrides.get(i),
                    runFolder);
        }
    }
}
