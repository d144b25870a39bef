package io.fabricemu.topology;

import java.util.Locale;

/** Argument checks shared by the spec records' compact constructors. */
final class Checks {
    /** The most nodes (hosts and switches together) a fabric can have: a node is numbered by an int. */
    static final long MAX_NODES = Integer.MAX_VALUE;

    private Checks() {
    }

    /**
     * Refuses counts that make more nodes than a fabric can number, before anything is computed from them in int
     * arithmetic; {@code hostsProduct} names the counts the hosts are the product of, e.g.
     * {@code "leaves x hostsPerLeaf"}, and starts the message, so that a binder can report it at the first of them.
     * {@code hosts} and {@code switches} are computed with {@link FabricCounts#times}, so never overflow.
     */
    static void nodesFit(String hostsProduct, long hosts, long switches) {
        if (FabricCounts.plus(hosts, switches) > MAX_NODES) {
            throw new IllegalArgumentException(hostsProduct + " = " + count(hosts) + " hosts, with " + count(switches)
                    + " switches; a fabric has at most " + count(MAX_NODES) + " hosts and switches together (they"
                    + " are numbered by an int)");
        }
    }

    /** A count for a message, with thousands separated, or "more than ..." once {@link FabricCounts} saturated. */
    private static String count(long n) {
        return n == Long.MAX_VALUE ? String.format(Locale.ROOT, "more than %,d", n - 1)
                : String.format(Locale.ROOT, "%,d", n);
    }

    static void positive(String field, int value) {
        if (value <= 0) {
            throw new IllegalArgumentException(field + " must be > 0, was " + value);
        }
    }

    static void present(String field, Object value) {
        if (value == null) {
            throw new IllegalArgumentException(field + " is required");
        }
    }
}
