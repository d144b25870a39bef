package io.fabricemu.topology;

/** Argument checks shared by the spec records' compact constructors. */
final class Checks {
    private Checks() {
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
