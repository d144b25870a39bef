package io.fabricemu.cluster;

import io.fabricemu.run.PreparedRun;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.nio.charset.StandardCharsets;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * What build of fabric-emu this JVM runs: a SHA-256 over the names and bytes of the files of the model and
 * engine code (emulator-core, topologies) and of this module, from their jars or class folders, in name order and
 * without the archive's own metadata (timestamps, the manifest, Maven's properties), so two machines building the
 * same sources with the same JDK agree. Two members whose models differ by one byte would compute different fabrics
 * from the same scenario, so a cluster admits only members of one build ({@link BuildCheck}).
 */
final class BuildId {
    private static final String VALUE = compute();

    private BuildId() {
    }

    /**
     * This JVM's build, e.g. {@code 0.1.0-3f9a1c22d0b7}. The system property {@value BuildCheck#KEY} stands in for
     * another build (the suites use it to show a member of another build refused).
     */
    static String current() {
        return System.getProperty(BuildCheck.KEY, VALUE);
    }

    private static String compute() {
        List<Path> locations = new ArrayList<>();
        try {
            for (Class<?> c : List.of(PreparedRun.class, io.fabricemu.topology.Topology.class, BuildId.class)) {
                locations.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()));
            }
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot fingerprint this build", e);
        }
        return of(locations);
    }

    /** The build made of the code at {@code locations} (jars or class folders), in this order. */
    static String of(List<Path> locations) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (Path location : locations) {
                digest(sha, location);
            }
            return "0.1.0-" + HexFormat.of().formatHex(sha.digest()).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("cannot fingerprint this build", e);
        }
    }

    private static void digest(MessageDigest sha, Path location) {
        try {
            if (Files.isRegularFile(location)) {
                try (ZipFile jar = new ZipFile(location.toFile())) {
                    List<? extends ZipEntry> entries = jar.stream().filter(e -> !e.isDirectory())
                            .sorted(Comparator.comparing(ZipEntry::getName)).toList();
                    for (ZipEntry e : entries) {
                        if (counts(e.getName())) {
                            try (InputStream in = jar.getInputStream(e)) {
                                add(sha, e.getName(), in);
                            }
                        }
                    }
                }
                return;
            }
            try (Stream<Path> files = Files.walk(location)) {
                for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                    String name = location.relativize(f).toString().replace('\\', '/');
                    if (counts(name)) {
                        try (InputStream in = Files.newInputStream(f)) {
                            add(sha, name, in);
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + location + " to fingerprint this build", e);
        }
    }

    private static boolean counts(String name) {
        return !name.startsWith("META-INF/maven/") && !name.equals("META-INF/MANIFEST.MF");
    }

    private static void add(MessageDigest sha, String name, InputStream in) throws IOException {
        sha.update(name.getBytes(StandardCharsets.UTF_8));
        byte[] buffer = new byte[64 * 1024];
        for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
            sha.update(buffer, 0, n);
        }
    }
}
