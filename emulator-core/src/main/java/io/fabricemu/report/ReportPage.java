package io.fabricemu.report;

import java.util.List;

/**
 * A self-contained HTML report: headings, paragraphs, tables and {@link LineChart}s in the order added, with
 * its style and one small script inline, and nothing loaded from anywhere, so it opens offline and can be
 * mailed as one file. The page holds no clock reading: the same content gives the same bytes.
 *
 * <p>The script runs on load and writes onto each {@code svg.plot} what the browser drew: {@code data-paths}
 * (data paths), {@code data-points} (their points), {@code data-drawn} (paths with at least two points and a
 * bounding box of non-zero width), {@code data-box} (the widest path's box, "width height") and
 * {@code data-rect} (the plot's place on the page, "left top width height" in CSS pixels),
 * {@code data-lines} (the same for its lines alone, legend excluded); then
 * {@code data-plots} on the body. A reader sees nothing of it; a headless browser's {@code --dump-dom} shows
 * whether every plot was really drawn.
 */
public final class ReportPage {
    private static final String STYLE = String.join("\n",
            "body { font-family: sans-serif; margin: 24px; color: #222222; max-width: 900px; }",
            "h1 { font-size: 22px; } h2 { font-size: 17px; margin-top: 28px; }",
            "table { border-collapse: collapse; font-size: 13px; }",
            "td, th { padding: 3px 10px; border-bottom: 1px solid #e3e3e3; text-align: right; }",
            "td:first-child, th:first-child { text-align: left; }",
            "table.summary td { text-align: left; }",
            "p.note { color: #555555; font-size: 13px; }",
            "svg.plot { display: block; margin: 8px 0 18px 0; }",
            "svg.plot text.title { font-size: 14px; font-weight: bold; }",
            "svg.plot text.axis-title { font-size: 12px; }");
    private static final String SCRIPT = String.join("\n",
            "window.addEventListener('load', function () {",
            "  var plots = document.querySelectorAll('svg.plot');",
            "  plots.forEach(function (svg) {",
            "    var paths = svg.querySelectorAll('path.data');",
            "    var points = 0, drawn = 0, bw = 0, bh = 0;",
            "    paths.forEach(function (p) {",
            "      var n = (p.getAttribute('d').match(/[ML]/g) || []).length;",
            "      var b = p.getBBox();",
            "      points += n;",
            "      if (n >= 2 && b.width > 0) { drawn++; }",
            "      if (b.width > bw) { bw = b.width; bh = b.height; }",
            "    });",
            "    var r = svg.getBoundingClientRect();",
            "    var g = svg.querySelector('g.lines');",
            "    var l = g ? g.getBoundingClientRect() : {left: 0, top: 0, width: 0, height: 0};",
            "    svg.setAttribute('data-paths', paths.length);",
            "    svg.setAttribute('data-points', points);",
            "    svg.setAttribute('data-drawn', drawn);",
            "    svg.setAttribute('data-box', Math.round(bw) + ' ' + Math.round(bh));",
            "    svg.setAttribute('data-rect', Math.round(r.left + window.scrollX) + ' ' + Math.round(r.top + window.scrollY)"
                    + " + ' ' + Math.round(r.width) + ' ' + Math.round(r.height));",
            "    svg.setAttribute('data-lines', Math.round(l.left + window.scrollX) + ' ' + Math.round(l.top + window.scrollY)"
                    + " + ' ' + Math.round(l.width) + ' ' + Math.round(l.height));",
            "  });",
            "  document.body.setAttribute('data-plots', plots.length);",
            "});");

    private final StringBuilder body = new StringBuilder();
    private final String title;

    public ReportPage(String title) {
        this.title = title;
        body.append("<h1>").append(Html.escape(title)).append("</h1>\n");
    }

    public ReportPage heading(String text) {
        body.append("<h2>").append(Html.escape(text)).append("</h2>\n");
        return this;
    }

    public ReportPage paragraph(String text) {
        body.append("<p class=\"note\">").append(Html.escape(text)).append("</p>\n");
        return this;
    }

    /**
     * A table; {@code cssClass} is its class ("" for none), the first row is the header unless
     * {@code header} is false.
     */
    public ReportPage table(String cssClass, boolean header, List<String[]> rows) {
        body.append("<table").append(cssClass.isEmpty() ? "" : " class=\"" + Html.escape(cssClass) + "\"").append(">\n");
        for (int r = 0; r < rows.size(); r++) {
            String cell = header && r == 0 ? "th" : "td";
            body.append("<tr>");
            for (String text : rows.get(r)) {
                body.append('<').append(cell).append('>').append(Html.escape(text)).append("</").append(cell).append('>');
            }
            body.append("</tr>\n");
        }
        body.append("</table>\n");
        return this;
    }

    public ReportPage chart(Figure figure) {
        body.append(figure.svg());
        return this;
    }

    public String html() {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + Html.escape(title)
                + "</title>\n<style>\n" + STYLE + "\n</style>\n</head>\n<body>\n" + body + "<script>\n" + SCRIPT
                + "\n</script>\n</body>\n</html>\n";
    }
}
