package io.fabricemu.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A linear axis with "nice" ticks: the step is 1, 2 or 5 times a power of ten (in the axis' shown unit) such
 * that about {@code targetTicks} steps cover the data, and the axis runs from the multiple of the step at or
 * below the smallest value to the one at or above the largest (Heckbert, "Nice numbers for graph labels",
 * Graphics Gems, 1990). An axis over one value, or over nothing, spans that value to one step above it.
 */
public final class Axis {
    private final Quantity quantity;
    private final Quantity.Scale scale;
    private final double lo;
    private final double hi;
    private final double step;

    private Axis(Quantity quantity, Quantity.Scale scale, double lo, double hi, double step) {
        this.quantity = quantity;
        this.scale = scale;
        this.lo = lo;
        this.hi = hi;
        this.step = step;
    }

    /** An axis covering raw values {@code min..max} with about {@code targetTicks} intervals. */
    public static Axis of(Quantity quantity, double min, double max, int targetTicks) {
        if (!(min <= max) || Double.isInfinite(min) || Double.isInfinite(max)) {
            min = 0;
            max = 0;
        }
        Quantity.Scale scale = quantity.scaleFor(Math.max(Math.abs(min), Math.abs(max)));
        double smin = min / scale.divisor();
        double smax = max / scale.divisor();
        double range = smax - smin;
        double step = range > 0 ? nice(range / Math.max(1, targetTicks)) : nice(Math.max(Math.abs(smax), 1) / 10);
        if (quantity == Quantity.COUNT && scale.divisor() == 1 && step < 1) {
            step = 1;
        }
        double lo = Math.floor(smin / step) * step;
        double hi = Math.ceil(smax / step) * step;
        if (hi <= lo) {
            hi = lo + step;
        }
        return new Axis(quantity, scale, lo, hi, step);
    }

    /** The smallest of 1, 2, 5 times a power of ten that is at least {@code rough}. */
    static double nice(double rough) {
        double power = Math.pow(10, Math.floor(Math.log10(rough)));
        for (double f : new double[] {1, 2, 5, 10}) {
            if (f * power >= rough * (1 - 1e-9)) {
                return f * power;
            }
        }
        return 10 * power;
    }

    public Quantity quantity() {
        return quantity;
    }

    /** The shown unit, "" for a plain number. */
    public String unit() {
        return scale.unit();
    }

    /** The lowest and highest value on the axis, in shown units. */
    public double lo() {
        return lo;
    }

    public double hi() {
        return hi;
    }

    /** The distance between ticks, in shown units. */
    public double step() {
        return step;
    }

    /** The ticks, in shown units, from lo to hi. */
    public List<Double> ticks() {
        List<Double> ticks = new ArrayList<>();
        long n = Math.round((hi - lo) / step);
        for (long i = 0; i <= n; i++) {
            ticks.add(lo + i * step);
        }
        return ticks;
    }

    /** A tick's label: the shown value with as many decimals as the step needs. */
    public String label(double shownValue) {
        int decimals = Math.max(0, (int) -Math.floor(Math.log10(step) + 1e-9));
        String text = String.format(Locale.ROOT, "%." + decimals + "f", shownValue);
        return text.equals("-0") || text.matches("-0\\.0+") ? text.substring(1) : text;
    }

    /** Where raw value {@code raw} lies between pixel {@code atLo} (axis lo) and {@code atHi} (axis hi). */
    public double position(double raw, double atLo, double atHi) {
        return atLo + (raw / scale.divisor() - lo) / (hi - lo) * (atHi - atLo);
    }

    /** Where a tick given in shown units lies. */
    public double tickPosition(double shownValue, double atLo, double atHi) {
        return atLo + (shownValue - lo) / (hi - lo) * (atHi - atLo);
    }
}
