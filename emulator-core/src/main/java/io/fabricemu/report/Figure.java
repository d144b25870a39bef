package io.fabricemu.report;

/** Something a {@link ReportPage} draws as one {@code svg.plot}: a line chart, a heat map, a picture of the fabric. */
public interface Figure {
    /** The figure as an {@code <svg>} element of class {@code plot}. */
    String svg();
}
