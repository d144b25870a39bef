package io.fabricemu.scenario.bind;

import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import java.math.BigDecimal;

/**
 * The reading of a probability field: a number 0..1 ({@code 0.2}) or a percentage ({@code 20%}), exact to a
 * millionth, kept as parts per million so that no rounding depends on how it was written.
 */
final class Probabilities {
    /** A probability of one, in parts per million. */
    static final int ONE_PPM = 1_000_000;

    private Probabilities() {
    }

    /**
     * {@code key} (a probability) as parts per million: "0.2" or "20%", exactly, within 0..1; the % follows the number
     * directly, as a unit does ({@link io.fabricemu.scenario.yaml.Units}). {@code otherForms} is added to the list of
     * what the field allows, e.g. {@code ", or none"}; "" when a probability is all it takes.
     */
    static int ppm(Section r, String key, String otherForms) throws ScenarioException {
        String text = r.required(key, "a probability such as 0.2 or 20%" + otherForms).text();
        try {
            return ppmOf(text, otherForms);
        } catch (IllegalArgumentException e) {
            throw r.error(key, e.getMessage());
        }
    }

    /**
     * {@code text} (a probability) as parts per million, read as {@link #ppm} reads a field, for a file that is not
     * YAML; a text that is not one throws an exception whose message says why, quoting the text.
     */
    static int ppmOf(String text, String otherForms) {
        boolean percent = text.endsWith("%");
        String number = percent ? text.substring(0, text.length() - 1) : text;
        if (percent && !number.equals(number.stripTrailing())) {
            throw new IllegalArgumentException("'" + text + "' has a space before its % (write " + number.strip()
                    + "%)");
        }
        BigDecimal ppm;
        try {
            ppm = new BigDecimal(number).movePointRight(percent ? 4 : 6);
        } catch (NumberFormatException e) {
            throw notOne(text, otherForms);
        }
        if (ppm.signum() < 0 || ppm.compareTo(BigDecimal.valueOf(ONE_PPM)) > 0) {
            throw new IllegalArgumentException("'" + text + "' is out of range; it must be 0..1 (or 0%..100%)");
        }
        try {
            return ppm.intValueExact();
        } catch (ArithmeticException e) {
            throw notOne(text, otherForms);
        }
    }

    private static IllegalArgumentException notOne(String text, String otherForms) {
        return new IllegalArgumentException("'" + text + "' is not a probability; use a number 0..1 such as 0.2, or a"
                + " percentage such as 20%, exact to a millionth" + otherForms);
    }

    /** Parts per million as a percentage, exactly: {@code 0.1%}, {@code 100%}, {@code 0%}. */
    static String percent(long ppm) {
        return BigDecimal.valueOf(ppm, 4).stripTrailingZeros().toPlainString() + "%";
    }
}
