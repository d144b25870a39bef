package io.fabricemu.report;

/** The opening every figure of a report shares: its {@code svg.plot} element, a white ground and its title. */
final class SvgFrame {
    private SvgFrame() {
    }

    /** Opens an {@code <svg>} of class {@code plot} named {@code id}, {@link LineChart#WIDTH} wide, with its title. */
    static void open(StringBuilder out, String id, int height, String title) {
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" data-plot=\"").append(Html.escape(id))
                .append("\" width=\"").append(LineChart.WIDTH).append("\" height=\"").append(height)
                .append("\" viewBox=\"0 0 ").append(LineChart.WIDTH).append(' ').append(height).append("\">\n");
        out.append("<rect x=\"0\" y=\"0\" width=\"").append(LineChart.WIDTH).append("\" height=\"").append(height)
                .append("\" fill=\"#ffffff\"/>\n");
        out.append("<text class=\"title\" x=\"").append(LineChart.LEFT).append("\" y=\"20\">")
                .append(Html.escape(title)).append("</text>\n");
    }
}
