package io.fabricemu.run;

import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/** Which package may name which: the rules {@link ModelBoundaryTest} holds the source tree to. */
final class ImportRules {
    /** The packages that host Akka and Kamon: the actors, the command line and the live metrics. */
    static final List<String> HOSTS = List.of("actor", "cli", "metrics");
    /** The packages around the model: reading scenarios, running them, writing results and the hosts. */
    static final List<String> EDGES = List.of("scenario", "run", "results", "report", "cli", "actor", "metrics");

    private static final Pattern AKKA_OR_KAMON = Pattern.compile("(?<![\\w.])(akka|kamon)\\.[a-z]");
    private static final Pattern EDGE_NAME = Pattern.compile(
            "(?<![\\w.])io\\.fabricemu\\.(" + String.join("|", EDGES) + ")(\\.|;|\\b)");

    private ImportRules() {
    }

    /** A line of code naming Akka or Kamon, in any package but the hosts. */
    static Rule akkaOrKamon() {
        return new Rule(pkg -> !within(pkg, HOSTS), AKKA_OR_KAMON);
    }

    /** A line of code naming an edge package, in a model package. */
    static Rule layers() {
        return new Rule(pkg -> !within(pkg, EDGES), EDGE_NAME);
    }

    private static boolean within(String pkg, List<String> roots) {
        for (String root : roots) {
            if (pkg.equals(root) || pkg.startsWith(root + ".")) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param appliesTo which packages (relative to {@code io.fabricemu}, dotted) the rule holds
     * @param forbidden what a line of code (comments and string literals removed) must not contain there
     */
    record Rule(Predicate<String> appliesTo, Pattern forbidden) {
    }
}
