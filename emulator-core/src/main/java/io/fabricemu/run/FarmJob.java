package io.fabricemu.run;

import java.util.List;
import java.util.Objects;

/**
 * One whole run to hand to a member of a cluster: the scenario as the member rebuilds it (its source name, its
 * text, the {@code --set} overrides, the folders {@code --allow-files} lets it read files in), and the name the
 * command gives the run ({@code seed 3}, {@code rccc/seed-3}) in what it prints.
 */
public record FarmJob(String name, String scenarioSource, String scenarioText, List<String> overrides,
                      List<String> allowedFolders) {
    public FarmJob {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(scenarioSource, "scenarioSource");
        Objects.requireNonNull(scenarioText, "scenarioText");
        overrides = List.copyOf(overrides);
        allowedFolders = List.copyOf(allowedFolders);
    }
}
