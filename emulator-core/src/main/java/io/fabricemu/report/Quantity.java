package io.fabricemu.report;

/**
 * What an axis measures, and how its raw values (picoseconds, bytes, bits per second, counts, fractions) are
 * shown: the largest unit in which the axis' largest magnitude is at least 1, so that ticks read 0, 200, 400 us
 * rather than 0, 200000000, 400000000 ps. Sizes use powers of 1000, as the summary table does.
 */
public enum Quantity {
    TIME(new String[] {"ps", "ns", "us", "ms", "s"}, 1000),
    BYTES(new String[] {"B", "KB", "MB", "GB", "TB"}, 1000),
    RATE(new String[] {"b/s", "Kb/s", "Mb/s", "Gb/s", "Tb/s"}, 1000),
    COUNT(new String[] {"", "thousand", "million", "billion"}, 1000),
    FRACTION(new String[] {""}, 1);

    private final String[] units;
    private final double step;

    Quantity(String[] units, double step) {
        this.units = units;
        this.step = step;
    }

    /** How values up to {@code maxMagnitude} (raw units) are shown. */
    public Scale scaleFor(double maxMagnitude) {
        double divisor = 1;
        int unit = 0;
        while (unit + 1 < units.length && maxMagnitude >= divisor * step) {
            divisor *= step;
            unit++;
        }
        return new Scale(divisor, units[unit]);
    }

    /** {@code raw} in the largest unit in which it is at least 1, to three significant digits: "1.05 MB", "400 Gb/s". */
    public String show(double raw) {
        return scaleFor(Math.abs(raw)).show(raw);
    }

    /**
     * A unit for an axis.
     *
     * @param divisor raw units per shown unit
     * @param unit    the shown unit's name, "" for a plain number
     */
    public record Scale(double divisor, String unit) {
        /** {@code raw} in this unit: whole numbers and values of 100 or more without decimals, others to 3 digits. */
        public String show(double raw) {
            double shown = raw / divisor;
            String number = Math.abs(shown) >= 100 || shown == Math.rint(shown)
                    ? String.format(java.util.Locale.ROOT, "%.0f", shown)
                    : String.format(java.util.Locale.ROOT, "%.3g", shown);
            return unit.isEmpty() ? number : number + " " + unit;
        }
    }
}
