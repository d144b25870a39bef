package io.fabricemu.scenario.yaml;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Suggests the allowed name closest to a misspelt one, by edit distance (Levenshtein, case-insensitive),
 * if it is within one edit or a third of the allowed name's length, whichever is more.
 */
public final class Suggestion {
    private static final int MIN_TOLERANCE = 1;

    private Suggestion() {
    }

    /** E.g. {@code " (did you mean 'leaves'?)"}, or "" when no allowed name is close enough. */
    public static String closest(String given, List<String> allowed) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : allowed) {
            int d = distance(given.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
            if (d <= Math.max(MIN_TOLERANCE, candidate.length() / 3) && d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        return best == null ? "" : " (did you mean '" + best + "'?)";
    }

    /**
     * Up to {@code count} of {@code allowed}, nearest to {@code given} first by the same distance, ties in the order
     * of {@code allowed}: the names to show beside an unknown one, however far they are.
     */
    public static List<String> nearest(String given, List<String> allowed, int count) {
        String lower = given.toLowerCase(Locale.ROOT);
        List<String> best = new ArrayList<>(count + 1);
        List<Integer> bestDistances = new ArrayList<>(count + 1);
        for (String candidate : allowed) {
            int d = distance(lower, candidate.toLowerCase(Locale.ROOT));
            int at = best.size();
            while (at > 0 && bestDistances.get(at - 1) > d) {
                at--;
            }
            if (at < count) {
                best.add(at, candidate);
                bestDistances.add(at, d);
                if (best.size() > count) {
                    best.remove(count);
                    bestDistances.remove(count);
                }
            }
        }
        return best;
    }

    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
