package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A suite that needs a program outside the JVM finds it on the PATH, or fails saying how to get it. */
class ProgramsTest {
    @TempDir
    Path dir;

    @Test
    void missing_failsNamingTheProgramItsPackageAndBinTest() {
        AssertionError e = assertThrows(AssertionError.class, () -> Programs.CHROMIUM.find(dir.toString()));
        for (String part : new String[] {"headless Chromium", "chromium or chromium-browser", "bin/test",
                "apt-get install -y chromium"}) {
            assertTrue(e.getMessage().contains(part), part + " in: " + e.getMessage());
        }
    }

    @Test
    void found_byAnyOfItsNames_onlyWhereItIsAnExecutableFile() throws IOException {
        Path bin = Files.createDirectory(dir.resolve("bin"));
        Path other = Files.createDirectory(dir.resolve("other"));
        Files.createDirectory(bin.resolve("chromium"));
        Files.writeString(other.resolve("chromium"), "not executable");
        Path browser = Files.writeString(other.resolve("chromium-browser"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(browser, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertEquals(browser, Programs.CHROMIUM.find(bin + File.pathSeparator + other));
    }
}
