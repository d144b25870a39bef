package io.fabricemu.report;

/**
 * How a {@link TierPicture} draws a link that faults touched: in the load ramp's colour when none did, dashed red
 * when it was down at some point of the run, dashed orange when it only ran degraded (a lower rate, or losing or
 * corrupting packets).
 */
public enum LinkMark {
    NONE(""),
    DEGRADED("#ff7f0e"),
    DOWN("#d62728");

    private final String colour;

    LinkMark(String colour) {
        this.colour = colour;
    }

    /** Its stroke colour ("" for {@link #NONE}: the load's). */
    public String colour() {
        return colour;
    }
}
