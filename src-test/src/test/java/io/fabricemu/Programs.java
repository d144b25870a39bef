package io.fabricemu;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Programs outside the JVM that some suites drive, each from a Debian package that {@code bin/test} installs when
 * missing. When one is not there, the suite fails saying which program, which package and how to get it, rather
 * than with whatever starting a missing program throws.
 */
final class Programs {
    /** A real Prometheus server, for DashboardQueriesTest. */
    static final Programs PROMETHEUS = new Programs("Prometheus", "prometheus", List.of("prometheus"));
    /** Headless Chromium, for ReportInBrowserTest. */
    static final Programs CHROMIUM = new Programs("headless Chromium", "chromium",
            List.of("chromium", "chromium-browser"));
    /** Wireshark's command-line reader, for PacketTraceTest. */
    static final Programs TSHARK = new Programs("tshark", "tshark", List.of("tshark"));

    private final String what;
    private final String debianPackage;
    private final List<String> names;

    Programs(String what, String debianPackage, List<String> names) {
        this.what = what;
        this.debianPackage = debianPackage;
        this.names = names;
    }

    /** The program's path: the first of its names found on {@code path} (a PATH value); fails if none is. */
    Path find(String path) {
        for (String name : names) {
            for (String dir : path.split(File.pathSeparator)) {
                Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        throw new AssertionError(what + " is needed by this test but was not found on the PATH (as "
                + String.join(" or ", names) + "): run the tests with bin/test, which installs Debian's "
                + debianPackage + " package when it is missing, or install it yourself: apt-get install -y "
                + debianPackage);
    }

    /** The program's path on this process's PATH; fails, saying how to install it, if it is not there. */
    Path find() {
        return find(System.getenv().getOrDefault("PATH", ""));
    }
}
