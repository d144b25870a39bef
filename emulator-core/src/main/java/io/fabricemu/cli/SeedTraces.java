package io.fabricemu.cli;

import io.fabricemu.results.RunResult;
import io.fabricemu.run.PreparedRun;
import io.fabricemu.scenario.yaml.Units;
import io.fabricemu.trace.PacketTrace;
import io.fabricemu.trace.TraceSelection;
import io.fabricemu.trace.TraceSelectionException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code run --seeds N --trace}: a packet trace per seed, of the same selection, each written as {@code trace.pcapng}
 * in its seed's results folder ({@code seed-7/trace.pcapng}), its section header naming the scenario and the seed:
 * the bytes {@code run --set seed=7 --trace} writes. The seeds' runs go at once in this JVM, so their traces are
 * in its heap together until the last run ends.
 */
final class SeedTraces {
    private final List<PacketTrace> traces;

    private SeedTraces(List<PacketTrace> traces) {
        this.traces = traces;
    }

    /**
     * The traces of {@code selection} on every run of {@code runs}, or null after printing why not on {@code err};
     * warns there when a trace of every frame of them all is {@link RunCommand#LARGE_TRACE_BYTES} or more.
     */
    static SeedTraces of(TraceSelection selection, List<PreparedRun> runs, PrintWriter err) {
        List<PacketTrace> traces = new ArrayList<>();
        long bytes = 0;
        for (PreparedRun p : runs) {
            try {
                traces.add(PacketTrace.of(selection, p.fabric()));
            } catch (TraceSelectionException e) {
                err.println("error: " + e.getMessage());
                err.flush();
                return null;
            }
            long each = PacketTrace.bytesAtLeast(p.scenario().runEstimate().dataPackets());
            bytes = each > Long.MAX_VALUE - bytes ? Long.MAX_VALUE : bytes + each;
        }
        if (selection.everything() && bytes >= RunCommand.LARGE_TRACE_BYTES) {
            err.println("warning: a trace of every frame of these " + runs.size() + " runs takes at least "
                    + Units.formatBytes(bytes) + " of heap and of file (" + PacketTrace.FILE + " in each seed's "
                    + "folder); narrow it with --trace-ports, --trace-flows, --trace-src, --trace-dst, --trace-from "
                    + "or --trace-to");
            err.flush();
        }
        return new SeedTraces(List.copyOf(traces));
    }

    /** The traces, in the order of the runs. */
    List<PacketTrace> traces() {
        return traces;
    }

    /** Writes run {@code i}'s trace into its seed's folder in {@code folder}; {@code results[i]} is its result. */
    void writeInto(Path folder, List<RunResult> results) throws IOException {
        for (int i = 0; i < traces.size(); i++) {
            RunResult r = results.get(i);
            traces.get(i).write(folder.resolve(EnsembleRun.folder(r.seed())).resolve(PacketTrace.FILE),
                    "fabric-emu run of " + r.scenario() + ", seed " + r.seed());
        }
    }

    /** The line the summary ends with: frames and ports of every trace and where they are. */
    String describe() {
        long frames = 0;
        for (PacketTrace t : traces) {
            frames += t.frames();
        }
        return String.format("  traces: %,d frames in all, of %,d ports each, in seed-*/%s", frames,
                traces.get(0).portCount(), PacketTrace.FILE);
    }
}
