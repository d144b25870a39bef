package io.fabricemu.cluster.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.Signal;
import io.fabricemu.net.OnWire;
import io.fabricemu.pfc.PfcPauses;
import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The list of signals that cross shards is closed but must be complete: every public signal record of the model
 * (what elements send each other; timers are private or enums, and what stays inside one switch is not public)
 * is on it, found by listing the classes of every model package.
 */
final class WireSignalsTest {

    @Test
    void everyPublicSignalRecordOfTheFabric_isOnTheWireList() throws IOException, URISyntaxException {
        List<Class<?>> listed = WireSignals.ALL.stream().<Class<?>>map(WireSignals.Kind::type).toList();
        List<Class<?>> found = modelClasses().stream()
                .filter(c -> c.isRecord() && Signal.class.isAssignableFrom(c) && Modifier.isPublic(c.getModifiers()))
                .toList();
        assertTrue(found.size() >= 7, "found " + found);
        for (Class<?> c : found) {
            assertTrue(listed.contains(c), c.getName() + " is a public signal record: add it to WireSignals");
        }
    }

    @Test
    void tagsAndNames_areUniqueAndInverse() {
        for (WireSignals.Kind k : WireSignals.ALL) {
            assertEquals(k.type(), WireSignals.byName(WireSignals.nameOf(k.type())));
            assertEquals(k, WireSignals.ALL.get(WireSignals.tagOf(k.type()) - 1));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WireSignals.tagOf(PfcPauses.Wake.class));
        assertTrue(e.getMessage().contains(PfcPauses.Wake.class.getName()), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> WireSignals.byName("Tick"));
    }

    /** The packages whose elements send each other signals. */
    private static final List<String> MODEL_PACKAGES = List.of("net", "switching", "pfc", "ecn", "host", "baseline",
            "uet", "uet/cc", "roce", "rnrnak", "wreb", "lb", "fabric");

    /** The classes of every model package, from emulator-core's class directory or jar. */
    private static List<Class<?>> modelClasses() throws IOException, URISyntaxException {
        Path location = Path.of(OnWire.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (Files.isDirectory(location)) {
            return classesUnder(location);
        }
        try (FileSystem jar = FileSystems.newFileSystem(location, Map.of())) {
            return classesUnder(jar.getPath("/"));
        }
    }

    private static List<Class<?>> classesUnder(Path root) throws IOException {
        List<Class<?>> classes = new java.util.ArrayList<>();
        for (String pkg : MODEL_PACKAGES) {
            try (Stream<Path> files = Files.list(root.resolve("io/fabricemu/" + pkg))) {
                files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".class")).sorted()
                        .forEach(n -> classes.add(load("io.fabricemu." + pkg.replace('/', '.') + "."
                                + n.substring(0, n.length() - ".class".length()))));
            }
        }
        return classes;
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, WireSignalsTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
