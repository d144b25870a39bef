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
    void aFolderForTheClusterFile_isSaidToBeAFolder() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("cluster"));
        Cli.Outcome o = run("--cluster", folder.toString());
        assertEquals(2, o.exitCode());
        assertEquals("error: --cluster " + folder + ": is a folder, not a cluster file\n", o.err());
        Cli.Outcome empty = run("--cluster", "");
        assertEquals(2, empty.exitCode());
        assertEquals("error: --cluster '': the file name is empty; name a cluster file\n", empty.err());
        Cli.Outcome node = Cli.run("node", "--config", folder.toString());
        assertEquals(2, node.exitCode());
        assertEquals("error: " + folder + ": is a folder, not a cluster file\n", node.err());
        assertFalse(Files.exists(dir.resolve("out")));
    }

    @Test
    void bench_checksTheClusterOptionsBeforePrintingItsTable() throws Exception {
        Cli.Outcome o = Cli.run("bench", Cli.scenario("incast-7to1.yaml"), "--cluster", dir.toString());
        assertEquals(2, o.exitCode());
        assertEquals("", o.out(), "no table header before the error");
        assertTrue(o.err().startsWith("error: --cluster " + dir + ": is a folder, not a cluster file"), o.err());
    }

    @Test
    void malformedClusterFile_isNamedAtItsLineOnce() throws Exception {
        Path conf = dir.resolve("cluster.conf");
        Files.writeString(conf, "fabric-emu.cluster {\n  seed-nodes = [\"127.0.0.1:2551\"\n  workers = 2\n}\n");
        Cli.Outcome o = run("--cluster", conf.toString());
        assertEquals(2, o.exitCode());
        assertTrue(o.err().startsWith("error: " + conf + ":3: not valid HOCON: List should have ended with ]"),
                o.err());
        assertEquals(1, o.err().split(java.util.regex.Pattern.quote(conf.toString()), -1).length - 1,
                "the file is named once: " + o.err());
    }

    @Test
    void node_refusesAnAddressItCannotListenOn() throws Exception {
        Path conf = dir.resolve("cluster.conf");
        Files.writeString(conf, "fabric-emu.cluster { seed-nodes = [\"127.0.0.1:2551\"], workers = 1 }");
        String allowed = "give an address of this machine as the other members reach it, e.g. 10.0.0.1 or 127.0.0.1";
        for (String[] hostAndError : new String[][] {
                {"", "--hostname: empty; " + allowed},
                {"no such host!", "--hostname: 'no such host!' is not an address, and no host of that name is known; "
                        + allowed},
                {"192.0.2.1", "--hostname: '192.0.2.1' is not an address of this machine; " + allowed},
                {"0.0.0.0", "--hostname: '0.0.0.0' stands for every address of this machine"}}) {
            Cli.Outcome o = Cli.run("node", "--config", conf.toString(), "--hostname", hostAndError[0]);
            assertEquals(2, o.exitCode(), o.err());
            assertTrue(o.err().startsWith("error: " + hostAndError[1]), o.err());
        }
        Files.writeString(conf, "fabric-emu.cluster { seed-nodes = [\"127.0.0.1:2551\"], workers = 1,"
                + " hostname = \"192.0.2.1\" }");
        Cli.Outcome o = Cli.run("node", "--config", conf.toString());
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().startsWith("error: " + conf + ": fabric-emu.cluster.hostname: '192.0.2.1' is not an"
                + " address of this machine"), o.err());
    }

    @Test
    void node_needsAClusterFile() {
        Cli.Outcome o = Cli.run("node");
        assertEquals(2, o.exitCode());
        assertTrue(o.err().contains("node needs --config FILE"), o.err());
    }
}
