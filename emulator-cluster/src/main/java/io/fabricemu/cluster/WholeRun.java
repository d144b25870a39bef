package io.fabricemu.cluster;

import io.fabricemu.cluster.wire.RunResultCodec;
import io.fabricemu.engine.Progress;
import io.fabricemu.run.PreparedRun;
import io.fabricemu.scenario.ScenarioLoader;
import io.fabricemu.scenario.sizing.HeapBudget;
import io.fabricemu.scenario.yaml.ScenarioException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A whole run a driver handed to this member ({@link NodeAgent.RunWhole}): the scenario rebuilt from its text, as the
 * driver read it, run to its end on this member's own shards, its result encoded in parts for the way back. It is
 * seconds to minutes of CPU work, so the agent runs it on a thread of its own.
 */
final class WholeRun {
    private WholeRun() {
    }

    /** The result's parts; a {@link Refusal} when the scenario does not load here, or whatever the emulation threw. */
    static List<byte[]> of(NodeAgent.RunWhole r) {
        List<Path> allowedFolders = new ArrayList<>();
        for (String folder : r.allowedFolders()) {
            allowedFolders.add(Path.of(folder));
        }
        PreparedRun prepared;
        try {
            prepared = PreparedRun.of(ScenarioLoader.parse(r.scenarioText(), r.scenarioSource(), r.overrides(),
                    allowedFolders, HeapBudget.wholeRun()));
        } catch (ScenarioException | IllegalArgumentException e) {
            throw new Refusal("the scenario does not load here: " + e.getMessage());
        }
        return RunResultCodec.encode(prepared.run(r.shards(), new Progress()));
    }

    /** The run cannot be made on this member. */
    static final class Refusal extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Refusal(String message) {
            super(message);
        }
    }
}
