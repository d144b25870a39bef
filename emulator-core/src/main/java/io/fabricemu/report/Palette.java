package io.fabricemu.report;

/**
 * Line colours: the ten of Tableau 10 (Stone, "Tableau 10", 2016), distinct from one another, from the black
 * of aggregates and from the greys of axes and grid; a series past the tenth takes the first again.
 */
public final class Palette {
    /** The colour of an aggregate line (a sum over flows or ports). */
    public static final String AGGREGATE = "#222222";
    private static final String[] COLOURS = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
        "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};

    private Palette() {
    }

    /** The colour of the {@code i}-th series (from 0). */
    public static String colour(int i) {
        return COLOURS[Math.floorMod(i, COLOURS.length)];
    }
}
