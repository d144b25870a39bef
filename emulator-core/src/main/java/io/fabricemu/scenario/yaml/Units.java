package io.fabricemu.scenario.yaml;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Exact conversion between the unit-suffixed quantities people write in scenario files and the integer
 * units the emulator counts in: bytes, bits per second and picoseconds.
 *
 * <p>Parsing is exact: the number is read as a {@link BigDecimal}, multiplied by the unit and must come out
 * as a whole number that fits a {@code long} ({@code 1.5us} is 1,500,000 ps; {@code 0.5B} is an error).
 * A unit is always required, so {@code 0} alone is rejected while {@code 0ns} is fine, and it follows the number
 * directly: {@code 100 Gbps} is refused, saying to write {@code 100Gbps}, so that a value reads the same in a
 * scenario, in {@code --set} and in {@code --sweep} lists. Units are case-sensitive because {@code b} and {@code B}
 * differ. Byte units {@code KB, MB, GB} are 1000-based and
 * {@code KiB, MiB, GiB} 1024-based; rates are 1000-based. Every parse error is an
 * {@link IllegalArgumentException} whose message names the accepted units and gives an example.
 *
 * <p>The format methods are for people (reports, logs): they round to three decimals, so they are not
 * the inverse of the parse methods.
 */
public final class Units {
    private static final Pattern QUANTITY = Pattern.compile("([+-]?)([0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)(\\s*)(\\S*)");

    private static final Kind BYTES = new Kind("size", "bytes", "B, KB, MB, GB, KiB, MiB or GiB", "4150B, 2MiB",
            List.of(new Unit("B", 1), new Unit("KB", 1_000), new Unit("MB", 1_000_000),
                    new Unit("GB", 1_000_000_000), new Unit("KiB", 1L << 10), new Unit("MiB", 1L << 20),
                    new Unit("GiB", 1L << 30)));
    private static final Kind RATE = new Kind("rate", "bits per second", "bps, Kbps, Mbps, Gbps or Tbps",
            "100Gbps, 25.5Gbps",
            List.of(new Unit("bps", 1), new Unit("Kbps", 1_000), new Unit("Mbps", 1_000_000),
                    new Unit("Gbps", 1_000_000_000), new Unit("Tbps", 1_000_000_000_000L)));
    private static final Kind TIME = new Kind("time", "picoseconds", "ps, ns, us, ms or s", "500ns, 1.5us",
            List.of(new Unit("ps", 1), new Unit("ns", 1_000), new Unit("us", 1_000_000),
                    new Unit("ms", 1_000_000_000), new Unit("s", 1_000_000_000_000L)));

    private static final List<Unit> BYTES_DISPLAY = List.of(new Unit("GiB", 1L << 30), new Unit("MiB", 1L << 20),
            new Unit("KiB", 1L << 10), new Unit("B", 1));
    private static final List<Unit> RATE_DISPLAY = List.of(new Unit("Tb/s", 1_000_000_000_000L),
            new Unit("Gb/s", 1_000_000_000), new Unit("Mb/s", 1_000_000), new Unit("Kb/s", 1_000), new Unit("b/s", 1));
    private static final List<Unit> TIME_DISPLAY = List.of(new Unit("s", 1_000_000_000_000L),
            new Unit("ms", 1_000_000_000), new Unit("us", 1_000_000), new Unit("ns", 1_000), new Unit("ps", 1));

    private Units() {
    }

    /** Parses a size such as {@code 4150B}, {@code 2MiB} or {@code 1.5KB}; returns bytes, never negative. */
    public static long parseBytes(String text) {
        return parse(text, BYTES);
    }

    /** Parses a rate such as {@code 100Gbps} or {@code 9600bps}; returns bits per second, never negative. */
    public static long parseRateBps(String text) {
        return parse(text, RATE);
    }

    /** Parses a time such as {@code 500ns}, {@code 1.5us} or {@code 2s}; returns picoseconds, never negative. */
    public static long parseTimePs(String text) {
        return parse(text, TIME);
    }

    /** A size for people, in the largest binary unit it reaches: {@code 2 MiB}, {@code 174.268 KiB}, {@code 64 B}. */
    public static String formatBytes(long bytes) {
        return format(bytes, BYTES_DISPLAY);
    }

    /** A rate for people, in the largest decimal unit it reaches: {@code 100 Gb/s}, {@code 25.5 Gb/s}. */
    public static String formatRate(long bps) {
        return format(bps, RATE_DISPLAY);
    }

    /** A time for people, in the largest unit it reaches: {@code 1.234 us}, {@code 500 ns}, {@code 0 ps}. */
    public static String formatTimePs(long ps) {
        return format(ps, TIME_DISPLAY);
    }

    /** A count for people, with thousands separated: {@code 2,147,483,646}. */
    public static String formatCount(long count) {
        return String.format(java.util.Locale.ROOT, "%,d", count);
    }

    /** A size exactly, in the input syntax and the largest unit that divides it: {@code 2MiB}, {@code 65535B}. */
    public static String exactBytes(long bytes) {
        return exact(bytes, BYTES);
    }

    /** A rate exactly, in the input syntax: {@code 100Gbps}, {@code 1bps}. */
    public static String exactRate(long bps) {
        return exact(bps, RATE);
    }

    /** A time exactly, in the input syntax: {@code 500ns}, {@code 1ps}. */
    public static String exactTime(long ps) {
        return exact(ps, TIME);
    }

    private static String exact(long value, Kind kind) {
        Unit best = kind.units.get(0);
        if (value == 0) {
            return "0" + best.name;
        }
        for (Unit unit : kind.units) {
            if (value % unit.scale == 0 && unit.scale > best.scale) {
                best = unit;
            }
        }
        return value / best.scale + best.name;
    }

    private static long parse(String text, Kind kind) {
        if (text == null) {
            throw kind.error("null", "is not a " + kind.noun);
        }
        String trimmed = text.strip();
        Matcher m = QUANTITY.matcher(trimmed);
        if (!m.matches()) {
            throw kind.error(text, "is not a " + kind.noun);
        }
        String unitName = m.group(4);
        if (unitName.isEmpty()) {
            throw kind.error(text, "has no unit");
        }
        Unit unit = kind.unit(unitName);
        if (unit == null) {
            throw kind.error(text, "is not a " + kind.noun);
        }
        if (!m.group(3).isEmpty()) {
            throw kind.error(text, "has a space between the number and its unit (write " + m.group(1) + m.group(2)
                    + unitName + ")");
        }
        BigDecimal value = new BigDecimal(m.group(2)).multiply(BigDecimal.valueOf(unit.scale));
        if (m.group(1).equals("-") && value.signum() != 0) {
            throw kind.error(text, "is negative");
        }
        BigDecimal whole = value.stripTrailingZeros();
        if (whole.scale() > 0) {
            throw kind.error(text, "is not a whole number of " + kind.base + " (" + whole.toPlainString() + ")");
        }
        try {
            return whole.longValueExact();
        } catch (ArithmeticException tooLarge) {
            throw kind.error(text, "is too large (more than " + Long.MAX_VALUE + " " + kind.base + ")");
        }
    }

    private static String format(long value, List<Unit> units) {
        String sign = value < 0 ? "-" : "";
        BigDecimal magnitude = BigDecimal.valueOf(value).abs();
        for (Unit unit : units) {
            BigDecimal scale = BigDecimal.valueOf(unit.scale);
            if (magnitude.compareTo(scale) >= 0 || unit.scale == 1) {
                BigDecimal shown = magnitude.divide(scale, 3, RoundingMode.HALF_EVEN).stripTrailingZeros();
                return sign + shown.toPlainString() + " " + unit.name;
            }
        }
        throw new AssertionError("the unit tables end with a scale of 1");
    }

    private record Unit(String name, long scale) {
    }

    private record Kind(String noun, String base, String unitList, String examples, List<Unit> units) {
        Unit unit(String name) {
            for (Unit u : units) {
                if (u.name.equals(name)) {
                    return u;
                }
            }
            return null;
        }

        String hint() {
            return "use a number with " + unitList + " (e.g. " + examples + ")";
        }

        IllegalArgumentException error(String text, String problem) {
            return new IllegalArgumentException("'" + text + "' " + problem + "; " + hint());
        }
    }
}
