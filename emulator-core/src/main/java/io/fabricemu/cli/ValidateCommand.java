package io.fabricemu.cli;

import io.fabricemu.engine.WindowSpan;
import io.fabricemu.run.PreparedRun;
import io.fabricemu.scenario.sizing.RecordingEstimate;
import io.fabricemu.scenario.yaml.Units;
import io.fabricemu.trace.PacketTrace;
import io.fabricemu.time.Ps;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code fabric-emu validate}: checks scenario files without running them. Every file is checked, and every error
 * of each is printed ({@link ScenarioInput}), before it exits 2 if any was bad; a good file among bad ones still
 * gets its ok line.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Checks scenario files without running them: syntax, fields, units, ranges, hosts, "
                + "and that the fabric and its flows can be built, in this JVM's heap too. Reports every error of every "
                + "file, as a compiler does (at least the first of each section), then exits 2 if a file was bad.")
final class ValidateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "SCENARIO", description = "Scenario files (YAML).")
    List<Path> scenarios;

    @Option(names = "--set", paramLabel = "FIELD=VALUE", description = "Override a field, as for run. Repeatable.")
    List<String> overrides = new ArrayList<>();

    @Mixin
    AllowFilesOption allowFiles = new AllowFilesOption();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!allowFiles.check(err)) {
            return Main.BAD_INPUT;
        }
        int bad = 0;
        for (Path file : scenarios) {
            PreparedRun p = ScenarioInput.prepare(file, overrides, allowFiles.folders, err);
            if (p == null) {
                bad++;
                continue;
            }
            RecordingEstimate recording = RecordingEstimate.of(p.scenario().sampling(),
                    p.scenario().topology().counts(), p.flows().size(), p.scenario().switchConfig().trafficClasses());
            long traceBytes = PacketTrace.bytesAtLeast(p.scenario().runEstimate().dataPackets());
            out.printf("ok: %s: %s; %,d flows; %,d actors; window %s; heap at the start about %s of the %s this JVM"
                    + " may use; %s; %s; a trace of every frame (run --trace) at least %s; %s%n", file,
                    p.fabric().topology().describe(), p.flows().size(), p.fabric().elementCount(),
                    Ps.format(p.fabric().lookaheadPs() * WindowSpan.cells(p.fabric(),
                            new int[p.fabric().elementCount()])), Units.formatBytes(p.scenario().estimate().heapBytes()),
                    Units.formatBytes(Runtime.getRuntime().maxMemory()), p.scenario().runEstimate().describe(),
                    recording.describe(), Units.formatBytes(traceBytes), p.width().describe());
            out.flush();
        }
        out.flush();
        if (bad > 0 && scenarios.size() > 1) {
            err.printf("%d of %d scenario files are bad%n", bad, scenarios.size());
            err.flush();
        }
        return bad > 0 ? Main.BAD_INPUT : 0;
    }
}
