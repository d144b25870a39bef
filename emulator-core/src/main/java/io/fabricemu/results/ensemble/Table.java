package io.fabricemu.results.ensemble;

import java.util.List;
import java.util.Locale;

/** Rows of cells as an aligned text table: the first column left-aligned, the others right-aligned. */
final class Table {
    private Table() {
    }

    static String render(List<String[]> cells) {
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
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-" + widths[0] + "s", row[0]));
            for (int i = 1; i < row.length; i++) {
                line.append(String.format(Locale.ROOT, "  %" + widths[i] + "s", row[i]));
            }
            out.append(line.toString().stripTrailing()).append(System.lineSeparator());
        }
        return out.toString();
    }
}
