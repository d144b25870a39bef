package io.fabricemu.cli;

import io.fabricemu.metrics.MetricsSettings;
import java.math.BigInteger;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads a whole-number option (a count, a port) and checks its range as the command line is parsed, so a bad
 * value of any such option is refused before any work, in one form: {@code --shards: 'lots' is not a whole
 * number; use 1..1024}, {@code --metrics: 70000 is out of range; use 1..65535} ({@link OptionErrors} puts the
 * option's name in front). Each option names its range with a subclass, since picocli makes its converters
 * from their classes.
 */
public abstract class WholeNumber implements ITypeConverter<Integer> {
    private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]+");

    private final String what;
    private final int min;
    private final int max;

    /** {@code what} the value is, with its article, for the message: "a whole number", "a port". */
    protected WholeNumber(String what, int min, int max) {
        this.what = what;
        this.min = min;
        this.max = max;
    }

    @Override
    public Integer convert(String value) {
        String text = value.strip();
        if (!INTEGER.matcher(text).matches()) {
            throw new TypeConversionException("'" + value + "' is not " + what + "; use " + min + ".." + max);
        }
        BigInteger n = new BigInteger(text);
        if (n.compareTo(BigInteger.valueOf(min)) < 0 || n.compareTo(BigInteger.valueOf(max)) > 0) {
            throw new TypeConversionException(text + " is out of range; use " + min + ".." + max);
        }
        return n.intValue();
    }

    /** {@code --shards}: shards per run or per member. */
    static final class ShardCount extends WholeNumber {
        static final int MAX = 1024;

        ShardCount() {
            super("a whole number", 1, MAX);
        }
    }

    /** {@code --jvms}: local JVMs to fork. */
    static final class JvmCount extends WholeNumber {
        JvmCount() {
            super("a whole number", 1, ClusterOptions.MAX_JVMS);
        }
    }

    /** {@code --runs} of bench: measured runs per scenario; a thousand is hours of measuring already. */
    static final class RunCount extends WholeNumber {
        RunCount() {
            super("a whole number", 1, 1000);
        }
    }

    /** {@code --warmup} of bench: unmeasured runs first. */
    static final class WarmupCount extends WholeNumber {
        WarmupCount() {
            super("a whole number", 0, 1000);
        }
    }

    /** {@code --metrics=PORT}: a port to listen on. */
    static final class ListenPort extends WholeNumber {
        ListenPort() {
            super("a port", 1, 65535);
        }
    }

    /** {@code --metrics-flows}: flows with series of their own. */
    static final class TrackedFlows extends WholeNumber {
        TrackedFlows() {
            super("a whole number", 0, MetricsSettings.MAX_TRACKED_FLOWS);
        }
    }
}
