package io.fabricemu.results;

import java.util.List;
import java.util.Locale;

/**
 * A table given as rows of cells (the first row its header), written for the terminal or as Markdown: the first
 * column on the left, the others, figures, on the right.
 */
public final class CellTable {
    private CellTable() {
    }

    /** Aligned text, each line indented by two spaces and columns two apart. */
    public static String text(List<String[]> cells) {
        int columns = 0;
        for (String[] row : cells) {
            columns = Math.max(columns, row.length);
        }
        int[] widths = new int[columns];
        for (String[] row : cells) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] row : cells) {
            out.append(String.format(Locale.ROOT, "  %-" + widths[0] + "s", row[0]));
            for (int i = 1; i < row.length; i++) {
                out.append(String.format(Locale.ROOT, "  %" + widths[i] + "s", row[i]));
            }
            out.append(System.lineSeparator());
        }
        return out.toString();
    }

    /** Markdown: the header row, a rule (figures right-aligned), then the rows. */
    public static String markdown(List<String[]> cells) {
        StringBuilder out = new StringBuilder();
        for (int r = 0; r < cells.size(); r++) {
            out.append("| ").append(String.join(" | ", cells.get(r))).append(" |\n");
            if (r == 0) {
                out.append("|---").append("|---:".repeat(cells.get(0).length - 1)).append("|\n");
            }
        }
        return out.toString();
    }
}
