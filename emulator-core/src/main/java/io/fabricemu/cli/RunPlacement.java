package io.fabricemu.cli;

import io.fabricemu.report.ReportPage;
import io.fabricemu.results.Comparison;
import io.fabricemu.run.FarmedRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * Which member of the cluster ran each run, and on which members it was in flight when they were lost: written as
 * {@code placement.csv} beside the comparison or ensemble, as a table in its {@code report.html}, and counted per
 * member in a line at the end of the command's output.
 */
final class RunPlacement {
    static final String FILE = "placement.csv";
    /** Runs in this JVM: nothing to say of where they ran, no file, no table. */
    static final RunPlacement HERE = new RunPlacement(List.of(), List.of());

    private final List<String> names;
    private final List<String> members = new ArrayList<>();
    private final List<List<String>> lostOn = new ArrayList<>();

    RunPlacement(List<String> names, List<FarmedRun> runs) {
        this.names = List.copyOf(names);
        for (FarmedRun r : runs) {
            members.add(r.member());
            lostOn.add(r.lostOn());
        }
    }

    /** {@code run,member,attempts,lost_on}: one line per run, in the command's order; lost_on separated by spaces. */
    String csv() {
        StringBuilder sb = new StringBuilder("run,member,attempts,lost_on\n");
        for (int i = 0; i < names.size(); i++) {
            sb.append(names.get(i)).append(',').append(members.get(i)).append(',').append(lostOn.get(i).size() + 1)
                    .append(',').append(String.join(" ", lostOn.get(i))).append('\n');
        }
        return sb.toString();
    }

    /** The runs each member ran, in address order, and how many ran again: one line. */
    String describe() {
        TreeMap<String, Integer> perMember = new TreeMap<>();
        int again = 0;
        for (int i = 0; i < names.size(); i++) {
            perMember.merge(members.get(i), 1, Integer::sum);
            again += lostOn.get(i).isEmpty() ? 0 : 1;
        }
        List<String> parts = new ArrayList<>();
        perMember.forEach((member, count) -> parts.add(member + " " + count));
        return "runs per member: " + String.join(", ", parts) + (again == 0 ? ""
                : "; " + again + " ran again after a member was lost") + " (" + FILE + ")";
    }

    /** Writes {@link #FILE} into {@code folder}; nothing for runs in this JVM. */
    void writeInto(Path folder) throws IOException {
        if (this != HERE) {
            Files.writeString(folder.resolve(FILE), csv(), StandardCharsets.UTF_8);
        }
    }

    /** Prints {@link #describe()} on {@code out}, indented; nothing for runs in this JVM. */
    void say(PrintWriter out) {
        if (this != HERE) {
            out.println("  " + describe());
        }
    }

    /**
     * The report's table of where each run ran, after whatever {@code before} puts after the table of runs; for runs
     * in this JVM, {@code before} alone.
     */
    BiConsumer<ReportPage, List<Comparison.Column>> after(BiConsumer<ReportPage, List<Comparison.Column>> before) {
        if (this == HERE) {
            return before;
        }
        return before.andThen((page, columns) -> {
            page.heading("Where the runs ran");
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] {"run", "member", "attempts", "lost with it in flight"});
            for (int i = 0; i < names.size(); i++) {
                rows.add(new String[] {names.get(i), members.get(i), Integer.toString(lostOn.get(i).size() + 1),
                    lostOn.get(i).isEmpty() ? "" : String.join(", ", lostOn.get(i))});
            }
            page.table("", true, rows);
        });
    }
}
