package io.fabricemu.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.run.ClusterConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cluster file is read whole or refused with a message naming the file, the field and what is allowed. */
class ClusterFileTest {
    @TempDir
    Path dir;

    private Path file(String... lines) throws IOException {
        Path f = dir.resolve("cluster.conf");
        Files.writeString(f, String.join("\n", lines));
        return f;
    }

    private String refusal(String... lines) throws IOException {
        Path f = file(lines);
        String message = assertThrows(ClusterConfigException.class, () -> ClusterFile.read(f)).getMessage();
        assertTrue(message.startsWith(f.toString() + ":"), message);
        return message;
    }

    @Test
    void aMinimalFile_getsLoopbackDefaults() throws Exception {
        ClusterSettings s = ClusterFile.read(file("fabric-emu.cluster { seed-nodes = [\"10.0.0.1:2551\"], workers = 2 }"));
        assertEquals(List.of("10.0.0.1:2551"), s.seedNodes());
        assertEquals("127.0.0.1", s.hostname());
        assertEquals(2551, s.port());
        assertEquals(2, s.workers());
        assertEquals(60_000, s.formTimeoutMs());
        assertEquals("compact", s.batchSerializer());
        assertNull(s.tls());
    }

    @Test
    void everyField_isRead() throws Exception {
        Files.writeString(dir.resolve("k.p12"), "key");
        Files.writeString(dir.resolve("t.p12"), "trust");
        ClusterSettings s = ClusterFile.read(file("fabric-emu.cluster {", "seed-nodes = [\"a:1\", \"b:2\"]",
                "hostname = \"10.0.0.2\"", "port = 0", "workers = 16", "form-timeout = 2m",
                "batch-serializer = cbor", "tls { key-store = k.p12, trust-store = t.p12, password = pw }", "}"));
        assertEquals("10.0.0.2", s.hostname());
        assertEquals(0, s.port());
        assertEquals(16, s.workers());
        assertEquals(120_000, s.formTimeoutMs());
        assertEquals("cbor", s.batchSerializer());
        assertEquals(dir.resolve("k.p12").toAbsolutePath(), s.tls().keyStore());
        assertEquals("pw", s.tls().password());
    }

    @Test
    void badFields_areNamedWithWhatIsAllowed() throws Exception {
        assertTrue(refusal("other { }").contains("no fabric-emu.cluster section"));
        assertTrue(refusal("fabric-emu.cluster { workers = 1 }").contains("fabric-emu.cluster.seed-nodes: missing"));
        assertTrue(refusal("fabric-emu.cluster { seed-nodes = [], workers = 1 }").contains("seed-nodes: is empty"));
        assertTrue(refusal("fabric-emu.cluster { seed-nodes = [\"hostonly\"], workers = 1 }")
                .contains("\"hostonly\" is not host:port with a port in 1..65535"));
        assertTrue(refusal("fabric-emu.cluster { seed-nodes = [\"a:1\"] }")
                .contains("fabric-emu.cluster.workers: missing; a whole number in 1..4096"));
        assertTrue(refusal("fabric-emu.cluster { seed-nodes = [\"a:1\"], workers = 0 }")
                .contains("workers: 0 is out of range; use 1..4096"));
        assertTrue(refusal("fabric-emu.cluster { seed-nodes = [\"a:1\"], workers = two }")
                .contains("workers: \"two\" is not a whole number"));
        assertTrue(refusal("fabric-emu.cluster { seed-nodes = [\"a:1\"], workers = 1, port = 70000 }")
                .contains("port: 70000 is out of range; use 0..65535"));
        assertTrue(refusal("fabric-emu.cluster { seed-nodes = [\"a:1\"], workers = 1, form-timeout = soon }")
                .contains("form-timeout: \"soon\" is not a duration"));
        assertTrue(refusal("fabric-emu.cluster { seed-nodes = [\"a:1\"], workers = 1, batch-serializer = java }")
                .contains("batch-serializer: \"java\" is not one of [compact, cbor]"));
        assertTrue(refusal("fabric-emu.cluster { seed-nodes = [\"a:1\"], workers = 1, wokers = 2 }")
                .contains("fabric-emu.cluster.wokers: unknown field; allowed: batch-serializer, form-timeout, "
                        + "hostname, port, seed-nodes, tls, workers"));
        assertTrue(refusal("fabric-emu.cluster { seed-nodes = [\"a:1\"], workers = 1, tls { key-store = nope.p12 } }")
                .contains("tls.key-store: cannot read"));
        assertTrue(refusal("fabric-emu.cluster { seed-nodes = [\"a:1\"], workers = 1 ")
                .endsWith("cluster.conf:1: not valid HOCON: Expecting close brace } or a comma, got end of file"));
    }

    @Test
    void aMissingFile_isNamed() {
        Path f = dir.resolve("absent.conf");
        assertEquals(f + ": no such file",
                assertThrows(ClusterConfigException.class, () -> ClusterFile.read(f)).getMessage());
    }
}
