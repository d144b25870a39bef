package io.fabricemu.report;

/**
 * A shaded band on a line chart: from {@code low[i]} to {@code high[i]} at {@code x[i]}, in {@code colour} made
 * translucent; NaN at a point leaves a gap. It has no legend entry of its own: the line it surrounds names it.
 *
 * @param name   what it is, in {@code data-band}, e.g. "goodput 95% interval"
 * @param colour the colour of the line it belongs to
 */
public record Band(String name, String colour, double[] x, double[] low, double[] high) {
    public Band {
        if (low.length != x.length || high.length != x.length) {
            throw new IllegalArgumentException("a band needs as many lows and highs as points: " + x.length + ", "
                    + low.length + ", " + high.length);
        }
    }
}
