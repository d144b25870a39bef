package io.fabricemu.cli;

import io.fabricemu.report.Quantity;
import io.fabricemu.results.Sweep;
import io.fabricemu.scenario.yaml.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The {@code compare --sweep FIELD=V1,V2,...} argument: the field, its values, each run's label (a folder name,
 * so characters other than letters, digits and {@code . _ + = -} become {@code _}) and, when the values are all
 * sizes, all times, all rates or all plain numbers, their positions on that axis.
 */
final class SweepValues {
    private SweepValues() {
    }

    /** The sweep {@code text} names, or an exception whose message says what is wrong with it. */
    static Sweep parse(String text) {
        int eq = text.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("--sweep: '" + text + "' is not FIELD=V1,V2,... (e.g. --sweep "
                    + "switch.queue=64KiB,128KiB,256KiB)");
        }
        String field = text.substring(0, eq).strip();
        List<String> values = new ArrayList<>();
        for (String v : text.substring(eq + 1).split(",", -1)) {
            String value = v.strip();
            if (value.isEmpty()) {
                throw new IllegalArgumentException("--sweep " + field + ": an empty value in '" + text + "'");
            }
            if (values.contains(value)) {
                throw new IllegalArgumentException("--sweep " + field + ": '" + value + "' is given twice");
            }
            values.add(value);
        }
        if (values.size() < 2) {
            throw new IllegalArgumentException("--sweep " + field + ": give two or more values, comma-separated");
        }
        for (Quantity q : List.of(Quantity.BYTES, Quantity.TIME, Quantity.RATE)) {
            double[] x = positions(values, q == Quantity.BYTES ? Units::parseBytes
                    : q == Quantity.TIME ? Units::parseTimePs : Units::parseRateBps);
            if (x != null) {
                return new Sweep(field, values, x, q);
            }
        }
        double[] plain = new double[values.size()];
        for (int i = 0; i < plain.length; i++) {
            try {
                plain[i] = Double.parseDouble(values.get(i).replace("%", ""));
            } catch (NumberFormatException notANumber) {
                return new Sweep(field, values, new double[0], null);
            }
        }
        return new Sweep(field, values, plain, Quantity.COUNT);
    }

    /** Each value parsed by {@code unit}, or null if any is not of that kind (or is a bare number). */
    private static double[] positions(List<String> values, ToLongFunction<String> unit) {
        double[] x = new double[values.size()];
        for (int i = 0; i < x.length; i++) {
            String v = values.get(i);
            if (v.chars().allMatch(c -> Character.isDigit(c) || c == '.')) {
                return null;
            }
            try {
                x[i] = unit.applyAsLong(v);
            } catch (RuntimeException notOfThisKind) {
                return null;
            }
        }
        return x;
    }

    /** The run label of {@code value}: {@code FIELD=VALUE}, safe as a folder name. */
    static String label(String field, String value) {
        return (field + "=" + value).replaceAll("[^A-Za-z0-9._+=-]", "_");
    }
}
