package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad cluster options and files stop a run before any JVM is forked: exit 2, a message naming what is wrong. */
class ClusterOptionsTest {
    @TempDir
    Path dir;

    private Cli.Outcome run(String... extra) {
        String[] args = new String[3 + extra.length];
        args[0] = "run";
        args[1] = Cli.scenario("incast-7to1.yaml");
        args[2] = "--out=" + dir.resolve("out");
        System.arraycopy(extra, 0, args, 3, extra.length);
        return Cli.run(args);
    }

    @Test
    void outOfRangeOrConflictingOptions_areBadInput() {
        Cli.Outcome zero = run("--jvms", "0");
        assertEquals(2, zero.exitCode());
        assertTrue(zero.err().contains("--jvms: 0 is out of range; use 1..64"), zero.err());
        Cli.Outcome both = run("--jvms", "2", "--cluster", "x.conf");
        assertEquals(2, both.exitCode());
        assertTrue(both.err().contains("--jvms and --cluster exclude each other"), both.err());
        Cli.Outcome shards = run("--jvms", "2", "--shards", "0");
        assertEquals(2, shards.exitCode());
        assertTrue(shards.err().contains("--shards: 0 is out of range"), shards.err());
        assertFalse(Files.exists(dir.resolve("out")));
    }

    @Test
    void aBadClusterFile_isNamedWithItsField() throws Exception {
        Path conf = dir.resolve("cluster.conf");
        Files.writeString(conf, "fabric-emu.cluster { seed-nodes = [\"127.0.0.1:1\"], workers = many }");
        Cli.Outcome o = run("--cluster", conf.toString());
        assertEquals(2, o.exitCode());
        assertTrue(o.err().contains(conf + ": fabric-emu.cluster.workers: \"many\" is not a whole number"), o.err());
        Cli.Outcome missing = run("--cluster", dir.resolve("absent.conf").toString());
        assertEquals(2, missing.exitCode());
        assertTrue(missing.err().contains("absent.conf: no such file"), missing.err());
        assertFalse(Files.exists(dir.resolve("out")));
    }

    @Test
    void node_needsAClusterFile() {
        Cli.Outcome o = Cli.run("node");
        assertEquals(2, o.exitCode());
        assertTrue(o.err().contains("node needs --config FILE"), o.err());
    }
}
