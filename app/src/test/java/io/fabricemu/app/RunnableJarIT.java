package io.fabricemu.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged fabric-emu.jar as bin/fabric-emu runs it, after {@code package}: it runs a scenario in one JVM and
 * across two forked worker JVMs with the same digest and prints nothing but what the command says; its lib/ folder
 * holds every jar its manifest names, with one logging backend, and only this jar configures logging.
 */
class RunnableJarIT {
    /** Set by the failsafe configuration in app/pom.xml: the jar this build made. */
    private static final Path JAR = Path.of(System.getProperty("fabricEmu.jar", "target/fabric-emu.jar"));
    private static final Path SCENARIO = Path.of("..", "topologies", "scenarios", "incast-7to1.yaml");
    private static final Pattern DIGEST = Pattern.compile("\"digest\"\\s*:\\s*\"([0-9a-f]{64})\"");

    @TempDir
    Path dir;

    @Test
    void runInOneAndInTwoWorkerJvms_sameDigest_nothingLogged() throws Exception {
        Run one = run(dir.resolve("one"), "run", SCENARIO.toString(), "--quiet", "--out=" + dir.resolve("one"));
        Run two = run(dir.resolve("two"), "run", SCENARIO.toString(), "--quiet", "--out=" + dir.resolve("two"),
                "--jvms", "2");
        assertEquals(0, one.exitCode(), one.err());
        assertEquals(0, two.exitCode(), two.err());
        assertEquals(digest(dir.resolve("one")), digest(dir.resolve("two")), "two worker JVMs, one JVM's results");
        assertEquals("", one.out() + one.err(), "--quiet prints nothing, in one JVM");
        assertEquals("", two.out() + two.err(), "--quiet prints nothing, across two JVMs (no logging noise)");
    }

    @Test
    void manifestNamesJarsThatAreAllInLib_withOneLoggingBackend_andNoLibraryConfiguringLogging() throws IOException {
        List<String> classPath;
        try (JarFile jar = new JarFile(JAR.toFile())) {
            Manifest manifest = jar.getManifest();
            assertEquals("io.fabricemu.cli.Main", manifest.getMainAttributes().getValue("Main-Class"));
            classPath = List.of(manifest.getMainAttributes().getValue("Class-Path").trim().split("\\s+"));
            assertTrue(jar.getEntry("logback.xml") != null, "the application configures logging");
        }
        Path lib = JAR.resolveSibling("lib");
        List<String> missing = new ArrayList<>();
        List<String> bindings = new ArrayList<>();
        List<String> configuring = new ArrayList<>();
        for (String entry : classPath) {
            Path file = JAR.resolveSibling(entry);
            if (!entry.startsWith("lib/") || !Files.isRegularFile(file)) {
                missing.add(entry);
                continue;
            }
            try (JarFile library = new JarFile(file.toFile())) {
                if (library.getEntry("org/slf4j/impl/StaticLoggerBinder.class") != null) {
                    bindings.add(entry);
                }
                for (String config : List.of("logback.xml", "logback-test.xml", "logback.groovy")) {
                    if (library.getEntry(config) != null) {
                        configuring.add(entry + "!/" + config);
                    }
                }
            }
        }
        assertEquals(List.of(), missing, "named on the manifest's class path but not in " + lib);
        assertTrue(classPath.stream().anyMatch(e -> e.startsWith("lib/emulator-cluster-")),
                "the cluster commands are on the class path: " + classPath);
        assertTrue(bindings.size() == 1 && bindings.get(0).startsWith("lib/logback-classic-"),
                "one SLF4J binding, logback's: " + bindings);
        assertEquals(List.of(), configuring, "libraries that configure logging");
    }

    private record Run(int exitCode, String out, String err) {
    }

    @Test
    void launcher_holdsTheHeapNearWhatTheRunNeeds_andTheUsersOptionsWin() throws Exception {
        // The collector's settings are what keeps peak RSS near the run's needs (BENCHMARKS.md); the JVM prints
        // the flags it runs with, so the launcher is checked as a user starts it.
        Launch plain = launch("-XX:+PrintCommandLineFlags");
        assertEquals(0, plain.exitCode(), plain.output());
        for (String flag : List.of("-XX:+UseParallelGC", "-XX:GCTimeRatio=9", "-XX:MinHeapFreeRatio=10",
                "-XX:MaxHeapFreeRatio=20")) {
            assertTrue(plain.output().contains(flag), flag + " in " + plain.output());
        }
        Launch overridden = launch("-XX:+PrintCommandLineFlags -XX:GCTimeRatio=19");
        assertTrue(overridden.output().contains("-XX:GCTimeRatio=19"), overridden.output());
        // huge pages for the heap where the kernel gives them on request, and no flag (which would warn) elsewhere
        Path thp = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
        boolean onRequest = Files.isReadable(thp) && Files.readString(thp).contains("[madvise]");
        assertEquals(onRequest, plain.output().contains("-XX:+UseTransparentHugePages"), plain.output());
        assertFalse(plain.output().contains("warning"), plain.output());
    }

    @Test
    void launcher_mapsTheClassDataArchiveItMadeForThisBuild_unlessToldNotTo() throws Exception {
        Path archive = JAR.resolveSibling("fabric-emu.jsa");
        Launch first = launch("-XX:+PrintCommandLineFlags");
        assertEquals(0, first.exitCode(), first.output());
        assertTrue(Files.size(archive) > 0, "an archive beside the jar after a launch");
        assertTrue(Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(JAR)) >= 0,
                "the archive is at least as new as the jar it was made for");
        assertTrue(first.output().contains("-XX:SharedArchiveFile=" + archive.toAbsolutePath().normalize()),
                first.output());
        assertTrue(first.output().contains("fabric-emu 0.1.0"), first.output());
        assertFalse(first.output().contains("[warning]"), first.output());
        Launch off = launch("-XX:+PrintCommandLineFlags", Map.of("FABRIC_EMU_CDS", "off"));
        assertEquals(0, off.exitCode(), off.output());
        assertFalse(off.output().contains("SharedArchiveFile"), off.output());
    }

    private record Launch(int exitCode, String output) {
    }

    /** {@code bin/fabric-emu --version} with {@code FABRIC_EMU_JAVA_OPTS} set to {@code javaOpts}. */
    private Launch launch(String javaOpts) throws IOException, InterruptedException {
        return launch(javaOpts, Map.of());
    }

    /** The same, with {@code env} added to the launcher's environment. */
    private Launch launch(String javaOpts, Map<String, String> env) throws IOException, InterruptedException {
        Path launcher = Path.of("..", "bin", "fabric-emu").toAbsolutePath().normalize();
        Path out = Files.createTempFile(dir, "launch", ".out");
        ProcessBuilder b = new ProcessBuilder(launcher.toString(), "--version").redirectErrorStream(true)
                .redirectOutput(out.toFile());
        b.environment().put("FABRIC_EMU_JAVA_OPTS", javaOpts);
        b.environment().putAll(env);
        b.environment().put("PATH", Path.of(System.getProperty("java.home"), "bin") + java.io.File.pathSeparator
                + b.environment().getOrDefault("PATH", ""));
        Process p = b.start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("bin/fabric-emu --version still running after 60 s:\n" + Files.readString(out));
        }
        return new Launch(p.exitValue(), Files.readString(out));
    }

    /** {@code java -jar fabric-emu.jar args}, as bin/fabric-emu starts it, in a JVM of its own. */
    private Run run(Path name, String... args) throws IOException, InterruptedException {
        Path out = Path.of(name + ".out");
        Path err = Path.of(name + ".err");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-XX:+UseParallelGC", "-Xmx512m", "-jar", JAR.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("still running after 180 s: " + command + "\n" + Files.readString(err));
        }
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static String digest(Path results) throws IOException {
        Matcher m = DIGEST.matcher(Files.readString(results.resolve("results.json")));
        assertTrue(m.find(), "a digest in " + results.resolve("results.json"));
        return m.group(1);
    }
}
