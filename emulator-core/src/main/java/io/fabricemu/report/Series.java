package io.fabricemu.report;

/**
 * One line of a chart: points {@code (x[i], y[i])} in raw units (picoseconds, bytes, ...), in increasing x.
 * A NaN y is a gap: the line stops before it and starts again after it.
 *
 * @param name    the legend's text (escaped when rendered)
 * @param colour  a CSS colour
 * @param widthPx the line's width in pixels
 * @param x       x values
 * @param y       y values, NaN where there is none
 */
public record Series(String name, String colour, double widthPx, double[] x, double[] y) {
    public Series {
        if (x.length != y.length) {
            throw new IllegalArgumentException("x has " + x.length + " values but y has " + y.length);
        }
    }

    /** Values {@code values[i]} at ticks {@code i x intervalPs}; a negative value is a gap. */
    public static Series ofTicks(String name, String colour, double widthPx, long intervalPs, long[] values) {
        double[] x = new double[values.length];
        double[] y = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            x[i] = (double) i * intervalPs;
            y[i] = values[i] < 0 ? Double.NaN : values[i];
        }
        return new Series(name, colour, widthPx, x, y);
    }

    /** Whether any point has a y value. */
    public boolean hasData() {
        for (double v : y) {
            if (!Double.isNaN(v)) {
                return true;
            }
        }
        return false;
    }
}
