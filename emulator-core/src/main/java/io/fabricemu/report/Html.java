package io.fabricemu.report;

/** Escaping for text and attribute values in HTML and inline SVG. */
public final class Html {
    private Html() {
    }

    /** {@code text} with {@code & < > " '} replaced by character references, safe in text and quoted attributes. */
    public static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
