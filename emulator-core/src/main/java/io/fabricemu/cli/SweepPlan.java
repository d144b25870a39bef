package io.fabricemu.cli;

import io.fabricemu.results.Sweep;
import io.fabricemu.results.SweepGrid;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code compare SCENARIO --sweep A=...} makes of one scenario: one run per value, or, with a second field
 * ({@code --sweep B=...} again, or {@code --cc} as {@code transport.cc}), one run per pair of values, B outer and A
 * inner. Each run sets its values last, after the common {@code --set}s, and is labelled by them
 * ({@code switch.queue=64KiB}, {@code switch.queue=64KiB_transport.cc=nscc}).
 */
final class SweepPlan {
    /** How the runs lie: along one field, or over a grid of two. */
    sealed interface Layout permits Line, Grid {
    }

    /** One field. */
    record Line(Sweep sweep) implements Layout {
    }

    /** Two fields. */
    record Grid(SweepGrid grid) implements Layout {
    }

    private final Layout layout;
    private final List<List<String>> sets = new ArrayList<>();
    private final List<String> labels = new ArrayList<>();

    private SweepPlan(Layout layout) {
        this.layout = layout;
    }

    /**
     * The plan of {@code sweepTexts} (one or two {@code FIELD=V1,V2,...}) and {@code ccs} (checked already; empty for
     * none); an exception whose message says what is wrong with them.
     */
    static SweepPlan of(List<String> sweepTexts, List<String> ccs) {
        List<Sweep> sweeps = new ArrayList<>();
        for (String text : sweepTexts) {
            sweeps.add(SweepValues.parse(text));
        }
        if (!ccs.isEmpty()) {
            sweeps.add(new Sweep("transport.cc", ccs, new double[0], null));
        }
        if (sweeps.size() > 2) {
            throw new IllegalArgumentException(ccs.isEmpty() ? "--sweep: give it once, or twice for a grid of two"
                    + " fields, not " + sweeps.size() + " times" : "--sweep with --cc: give --sweep once; --cc is the"
                    + " grid's second field");
        }
        if (sweeps.size() == 2 && sweeps.get(0).field().equals(sweeps.get(1).field())) {
            throw new IllegalArgumentException("--sweep: " + sweeps.get(0).field() + " is swept twice"
                    + (ccs.isEmpty() ? "" : " (--cc sweeps transport.cc)") + "; a grid needs two different fields");
        }
        Sweep across = sweeps.get(0);
        if (sweeps.size() == 1) {
            SweepPlan plan = new SweepPlan(new Line(across));
            for (String value : across.values()) {
                plan.sets.add(List.of(across.field() + "=" + value));
                plan.labels.add(SweepValues.label(across.field(), value));
            }
            return plan;
        }
        Sweep lines = sweeps.get(1);
        SweepPlan plan = new SweepPlan(new Grid(new SweepGrid(across, lines)));
        for (String b : lines.values()) {
            for (String a : across.values()) {
                plan.sets.add(List.of(across.field() + "=" + a, lines.field() + "=" + b));
                plan.labels.add(SweepValues.label(across.field(), a) + "_" + SweepValues.label(lines.field(), b));
            }
        }
        return plan;
    }

    Layout layout() {
        return layout;
    }

    /** Per run, the fields it sets after the common ones. */
    List<List<String>> sets() {
        return sets;
    }

    List<String> labels() {
        return labels;
    }
}
