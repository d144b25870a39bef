package io.fabricemu.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.cluster.ConfigValidation;
import akka.cluster.Invalid;
import akka.cluster.Valid$;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The join check admits a member of this build and refuses any other, saying both builds; a build is the same
 * whether its code is packed in a jar or not.
 */
class BuildCheckTest {
    private static Config build(String id) {
        return ConfigFactory.parseString(BuildCheck.KEY + " = \"" + id + "\"");
    }

    @Test
    void sameBuild_isValid_anotherIsRefusedNamingBoth() {
        BuildCheck check = new BuildCheck();
        assertEquals(Valid$.MODULE$, check.check(build("0.1.0-aaa"), build("0.1.0-aaa")));
        ConfigValidation refused = check.check(build("0.1.0-bbb"), build("0.1.0-aaa"));
        assertTrue(refused instanceof Invalid);
        String message = ((Invalid) refused).errorMessages().head();
        assertTrue(message.contains("0.1.0-bbb") && message.contains("0.1.0-aaa"), message);
        assertTrue(check.check(ConfigFactory.empty(), build("0.1.0-aaa")) instanceof Invalid);
    }

    @Test
    void thisBuild_isNamedByVersionAndFingerprint() {
        assertTrue(BuildId.current().matches("0\\.1\\.0-[0-9a-f]{12}"), BuildId.current());
    }

    @Test
    void fingerprint_ofAJarIsThatOfItsClassFolder_whateverItsOrderDatesAndMetadata(@TempDir Path dir)
            throws IOException {
        Path classes = dir.resolve("classes");
        write(classes.resolve("io/x/A.class"), new byte[] {1, 2, 3});
        write(classes.resolve("io/x/b/B.class"), new byte[] {4, 5});
        Path jar = dir.resolve("x.jar");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(jar))) {
            entry(zip, "META-INF/MANIFEST.MF", utf8("Manifest-Version: 1.0\nCreated-By: another JDK\n"), 1);
            entry(zip, "META-INF/maven/io.x/x/pom.properties", utf8("version=0.1.0\n"), 2);
            entry(zip, "io/x/b/B.class", new byte[] {4, 5}, 3);
            entry(zip, "io/x/A.class", new byte[] {1, 2, 3}, 4);
        }
        String folder = BuildId.of(List.of(classes));
        assertEquals(folder, BuildId.of(List.of(jar)), "a build packed or not is the same build");

        write(classes.resolve("io/x/b/B.class"), new byte[] {4, 6});
        assertNotEquals(folder, BuildId.of(List.of(classes)), "one byte of code changed");
        write(classes.resolve("io/x/b/B.class"), new byte[] {4, 5});
        Files.move(classes.resolve("io/x/b/B.class"), classes.resolve("io/x/b/C.class"));
        assertNotEquals(folder, BuildId.of(List.of(classes)), "a class renamed");
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static void write(Path file, byte[] bytes) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, bytes);
    }

    private static void entry(ZipOutputStream zip, String name, byte[] bytes, int day) throws IOException {
        ZipEntry e = new ZipEntry(name);
        e.setTime(day * 86_400_000L);
        zip.putNextEntry(e);
        zip.write(bytes);
        zip.closeEntry();
    }
}
