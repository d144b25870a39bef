package io.fabricemu.results.ensemble;

import io.fabricemu.results.CellTable;
import io.fabricemu.results.Comparison;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One scenario run once per seed: every headline figure of the runs ({@link Comparison#metrics()}) with its mean
 * and 95% confidence interval ({@link Spread}), each run's digest and one digest for the whole ensemble (SHA-256 of
 * the seeds and their digests, in seed order), so that an ensemble repeats exactly as a single run does.
 *
 * <p>A figure a run does not have (a fault that touched no flow there, a group with nothing finished: -1 in the
 * run's table) is left out of that figure's spread, whose {@code n} then says how many runs it rests on.
 */
public final class Ensemble {
    /** A figure's spread over the runs that have it, and each run's raw value (-1 where a run lacks it). */
    public record Figure(Comparison.Metric metric, Spread spread, long[] values) {
    }

    private final String label;
    private final List<Comparison.Column> runs;
    private final List<Figure> figures;

    /** The ensemble of {@code runs}, one per seed in the order given; at least two. */
    public Ensemble(String label, List<Comparison.Column> runs) {
        if (runs.size() < 2) {
            throw new IllegalArgumentException("an ensemble needs at least two runs, had " + runs.size());
        }
        this.label = label;
        this.runs = List.copyOf(runs);
        List<Figure> figures = new ArrayList<>();
        for (Comparison.Metric m : new Comparison(runs).metrics()) {
            long[] values = new long[runs.size()];
            int present = 0;
            for (int i = 0; i < values.length; i++) {
                values[i] = m.raw().applyAsLong(runs.get(i));
                if (values[i] >= 0) {
                    present++;
                }
            }
            if (present == 0) {
                continue;
            }
            long[] kept = new long[present];
            int k = 0;
            for (long v : values) {
                if (v >= 0) {
                    kept[k++] = v;
                }
            }
            figures.add(new Figure(m, Spread.of(kept), values));
        }
        this.figures = List.copyOf(figures);
    }

    public String label() {
        return label;
    }

    /** One column per seed, labelled by it. */
    public List<Comparison.Column> runs() {
        return runs;
    }

    public List<Figure> figures() {
        return figures;
    }

    /** The figure named {@code name}, or null. */
    public Figure figure(String name) {
        for (Figure f : figures) {
            if (f.metric().name().equals(name)) {
                return f;
            }
        }
        return null;
    }

    /** SHA-256 over each run's seed and digest, one line each in seed order. */
    public String digest() {
        StringBuilder lines = new StringBuilder();
        for (Comparison.Column c : runs) {
            lines.append(c.run().seed()).append(' ').append(c.run().digest()).append('\n');
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(lines.toString().getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }

    /** {@code mean ± half-width}, each written as the figure's unit is. */
    public static String meanAndInterval(Figure f) {
        String mean = f.metric().format().apply(Math.round(f.spread().mean()));
        if (f.spread().n() < 2) {
            return mean + " (one run)";
        }
        return mean + " ± " + f.metric().format().apply(Math.round(f.spread().halfWidth()));
    }

    /** The interval's ends, written as the figure's unit is. */
    public static String interval(Figure f) {
        return f.metric().format().apply(Math.round(f.spread().low())) + " to "
                + f.metric().format().apply(Math.round(f.spread().high()));
    }

    /** What ensemble.json holds: the seeds, their digests, the ensemble's digest, every figure's spread. */
    public Map<String, Object> document(String source, List<String> overrides) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("scenario", label);
        doc.put("source", source);
        doc.put("overrides", overrides);
        List<Map<String, Object>> seeds = new ArrayList<>();
        for (Comparison.Column c : runs) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("seed", c.run().seed());
            s.put("folder", c.label());
            s.put("digest", c.run().digest());
            seeds.add(s);
        }
        doc.put("seeds", seeds);
        doc.put("digest", digest());
        doc.put("confidence", 0.95);
        doc.put("interval", "Student's t on the runs' sample standard deviation: mean +/- t(0.975, n-1) sd / sqrt(n)");
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Figure f : figures) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("metric", key(f.metric().name()));
            r.put("name", f.metric().name());
            r.put("n", f.spread().n());
            r.put("mean", f.spread().mean());
            r.put("ci95Low", f.spread().low());
            r.put("ci95High", f.spread().high());
            r.put("sd", f.spread().sd());
            r.put("shown", meanAndInterval(f));
            r.put("values", f.values());
            rows.add(r);
        }
        doc.put("figures", rows);
        return doc;
    }

    /** CSV: one line per figure with its spread, then each seed's raw value. */
    public String csv() {
        StringBuilder out = new StringBuilder("metric,n,mean,ci95_low,ci95_high,sd");
        for (Comparison.Column c : runs) {
            out.append(',').append(c.label());
        }
        out.append('\n');
        for (Figure f : figures) {
            Spread s = f.spread();
            out.append(key(f.metric().name())).append(',').append(s.n()).append(',')
                    .append(decimal(s.mean())).append(',').append(decimal(s.low())).append(',')
                    .append(decimal(s.high())).append(',').append(decimal(s.sd()));
            for (long v : f.values()) {
                out.append(',').append(v);
            }
            out.append('\n');
        }
        return out.toString();
    }

    /** The table in Markdown: figure, mean ± half-width, interval, runs. */
    public String markdown() {
        StringBuilder out = new StringBuilder("| " + label + " (" + runs.size()
                + " seeds) | mean ± 95% CI | interval | runs |\n|---|---:|---:|---:|\n");
        for (Figure f : figures) {
            out.append("| ").append(f.metric().name()).append(" | ").append(meanAndInterval(f)).append(" | ")
                    .append(interval(f)).append(" | ").append(f.spread().n()).append(" |\n");
        }
        return out.toString();
    }

    /** The table as cells (figures zero in every run left out but drops): a header, then a row per figure. */
    public List<String[]> cells() {
        List<String[]> cells = new ArrayList<>();
        cells.add(new String[] {label + " over " + runs.size() + " seeds", "mean ± 95% CI", "interval"});
        for (Figure f : figures) {
            if (allZero(f) && !f.metric().name().equals("drops")) {
                continue;
            }
            String runsNote = f.spread().n() < runs.size() ? " (" + f.spread().n() + " runs)" : "";
            cells.add(new String[] {f.metric().name(), meanAndInterval(f), interval(f) + runsNote});
        }
        return cells;
    }

    /**
     * An aligned text table for the terminal, then the ensemble's digest. Figures that are zero in every run (no
     * PFC, no notices...) are left out but drops; ensemble.csv and ensemble.json have them all.
     */
    public String render() {
        return CellTable.text(cells()) + "  ensemble digest " + digest() + System.lineSeparator();
    }

    static boolean allZero(Figure f) {
        for (long v : f.values()) {
            if (v != 0) {
                return false;
            }
        }
        return true;
    }

    /** A figure's name as a key: {@code FCT p99} is {@code FCT_p99}, as comparison.csv writes it. */
    static String key(String name) {
        return name.replace(' ', '_');
    }

    static String decimal(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }
}
