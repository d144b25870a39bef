package io.fabricemu.results.ensemble;

import io.fabricemu.results.CellTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Several ensembles side by side (each scheme of a {@code compare}, each run under the same seeds): every figure's
 * mean and 95% interval per scheme and, for each scheme after the first, whether its difference from the first is
 * significant at 5% by Welch's unequal-variances t-test ({@link Welch}), with the p-value.
 */
public final class EnsembleComparison {
    private final List<Ensemble> ensembles;

    public EnsembleComparison(List<Ensemble> ensembles) {
        if (ensembles.size() < 2) {
            throw new IllegalArgumentException("a comparison needs two ensembles or more, had " + ensembles.size());
        }
        this.ensembles = List.copyOf(ensembles);
    }

    public List<Ensemble> ensembles() {
        return ensembles;
    }

    /** The figure names in table order: the first ensemble's, then any only later ones have. */
    List<String> names() {
        List<String> names = new ArrayList<>();
        for (Ensemble e : ensembles) {
            for (Ensemble.Figure f : e.figures()) {
                if (!names.contains(f.metric().name())) {
                    names.add(f.metric().name());
                }
            }
        }
        return names;
    }

    /** Welch's test of {@code b}'s figure against {@code a}'s, or null when either lacks it in two runs. */
    static Welch test(Ensemble a, Ensemble b, String name) {
        Ensemble.Figure fa = a.figure(name);
        Ensemble.Figure fb = b.figure(name);
        if (fa == null || fb == null || fa.spread().n() < 2 || fb.spread().n() < 2) {
            return null;
        }
        return Welch.test(fa.spread(), fb.spread());
    }

    /** A test's verdict as a cell: {@code p 0.003, significant}, {@code p 0.41, not significant}, or {@code -}. */
    static String verdict(Welch w) {
        if (w == null) {
            return "-";
        }
        String p = w.p() < 0.001 ? "p < 0.001" : String.format(Locale.ROOT, "p %.3f", w.p());
        return p + (w.significant() ? ", significant" : ", not significant");
    }

    /** The table as cells: a header, then per figure each scheme's mean ± interval and each later one's verdict. */
    public List<String[]> cells() {
        Ensemble first = ensembles.get(0);
        List<String[]> cells = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("mean ± 95% CI (" + first.runs().size() + " seeds)"));
        for (int i = 0; i < ensembles.size(); i++) {
            header.add(ensembles.get(i).label());
            if (i > 0) {
                header.add(ensembles.get(i).label() + " vs " + first.label());
            }
        }
        cells.add(header.toArray(new String[0]));
        for (String name : names()) {
            if (zeroEverywhere(name) && !name.equals("drops")) {
                continue;
            }
            List<String> row = new ArrayList<>(List.of(name));
            for (int i = 0; i < ensembles.size(); i++) {
                Ensemble.Figure f = ensembles.get(i).figure(name);
                row.add(f == null ? "-" : Ensemble.meanAndInterval(f));
                if (i > 0) {
                    row.add(verdict(test(first, ensembles.get(i), name)));
                }
            }
            cells.add(row.toArray(new String[0]));
        }
        return cells;
    }

    private boolean zeroEverywhere(String name) {
        for (Ensemble e : ensembles) {
            Ensemble.Figure f = e.figure(name);
            if (f != null && !Ensemble.allZero(f)) {
                return false;
            }
        }
        return true;
    }

    /** The terminal table, the test named under it, then each scheme's ensemble digest. */
    public String render() {
        StringBuilder out = new StringBuilder(CellTable.text(cells()));
        out.append("  ").append(TEST_NOTE).append(System.lineSeparator());
        for (Ensemble e : ensembles) {
            out.append("  ensemble digest ").append(e.label()).append(' ').append(e.digest())
                    .append(System.lineSeparator());
        }
        return out.toString();
    }

    /** What the verdict columns mean. */
    public static final String TEST_NOTE = "significant: Welch's unequal-variances t-test, two-sided, at 5% "
            + "(p below 0.05), against the first column";

    /** The same table in Markdown, the test named under it. */
    public String markdown() {
        return CellTable.markdown(cells()) + '\n' + TEST_NOTE + ".\n";
    }

    /** CSV: per figure and scheme, n, mean, the interval and, after the first, Welch's t, df and p against it. */
    public String csv() {
        StringBuilder out = new StringBuilder("metric,scheme,n,mean,ci95_low,ci95_high,sd,welch_t,welch_df,welch_p\n");
        Ensemble first = ensembles.get(0);
        for (String name : names()) {
            for (int i = 0; i < ensembles.size(); i++) {
                Ensemble e = ensembles.get(i);
                Ensemble.Figure f = e.figure(name);
                if (f == null) {
                    continue;
                }
                Spread s = f.spread();
                out.append(Ensemble.key(name)).append(',').append(e.label()).append(',').append(s.n()).append(',')
                        .append(Ensemble.decimal(s.mean())).append(',').append(Ensemble.decimal(s.low())).append(',')
                        .append(Ensemble.decimal(s.high())).append(',').append(Ensemble.decimal(s.sd()));
                Welch w = i == 0 ? null : test(first, e, name);
                if (w == null) {
                    out.append(",,,");
                } else {
                    out.append(',').append(Ensemble.decimal(w.t())).append(',').append(Ensemble.decimal(w.df()))
                            .append(',').append(Ensemble.decimal(w.p()));
                }
                out.append('\n');
            }
        }
        return out.toString();
    }
}
