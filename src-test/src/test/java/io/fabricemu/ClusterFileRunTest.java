package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A formed cluster, as on real machines but on loopback: members started with {@code node --config FILE}, Artery
 * over TLS with keys made by keytool, a run with {@code run --cluster FILE} that gives one JVM's digest and packet
 * trace (the member's frames come over to the driver), a member
 * of another build refused at the door, and one that joins mid-run told it waits for the next run.
 */
class ClusterFileRunTest {
    private static final String PASSWORD = "fabric-emu-test";

    @TempDir
    Path dir;

    @Test
    void tlsCluster_runsLikeOneJvm_refusesAnotherBuild_andDefersALateMember() throws Exception {
        makeStores();
        int seedPort = freePort();
        Path conf = dir.resolve("cluster.conf");
        Files.writeString(conf, String.join("\n",
                "fabric-emu.cluster {",
                "  seed-nodes = [\"127.0.0.1:" + seedPort + "\"]",
                "  workers = 1",
                "  form-timeout = 60s",
                "  tls { key-store = \"member.p12\", trust-store = \"trust.p12\", password = \"" + PASSWORD + "\" }",
                "}"));
        Process seed = null;
        Process other = null;
        Process late = null;
        try {
            Path seedLog = dir.resolve("seed.log");
            seed = Jvms.node(seedLog, List.of(), "--config", conf.toString(), "--port", Integer.toString(seedPort));
            Process s = seed;
            Await.until("the seed node to start", 60,
                    () -> Jvms.read(seedLog).contains("waiting for runs") || !s.isAlive());
            assertTrue(seed.isAlive(), Jvms.read(seedLog));

            Path otherLog = dir.resolve("other.log");
            other = Jvms.node(otherLog, List.of("-Dfabric-emu.cluster.build=another"), "--config", conf.toString(),
                    "--port", "0");
            assertTrue(other.waitFor(60, TimeUnit.SECONDS), "a member of another build is refused and exits:\n"
                    + Jvms.read(otherLog) + "\nseed:\n" + Jvms.read(seedLog));
            assertEquals(2, other.exitValue(), Jvms.read(otherLog));
            assertTrue(Jvms.read(otherLog).contains("refused by the cluster") && Jvms.read(otherLog).contains("another build"),
                    Jvms.read(otherLog));

            Path oneJvm = dir.resolve("one");
            Cli.Outcome local = Cli.run("run", Cli.scenario("incast-127to1.yaml"), "--quiet", "--out=" + oneJvm,
                    "--set", "sampling.interval=off", "--trace", "--trace-src", "1,100", "--trace-to", "30us");
            assertEquals(0, local.exitCode(), local.err());

            Path clustered = dir.resolve("cluster");
            Jvms.Driver driver = new Jvms.Driver("run", Cli.scenario("incast-127to1.yaml"), "--out=" + clustered,
                    "--cluster", conf.toString(), "--set", "sampling.interval=off", "--trace", "--trace-src", "1,100",
                    "--trace-to", "30us");
            Await.until("the run to start", 60, () -> driver.out().contains("fingerprint") || !driver.err().isEmpty());
            Path lateLog = dir.resolve("late.log");
            late = Jvms.node(lateLog, List.of(), "--config", conf.toString(), "--port", "0");
            Await.until("the late member to be told it waits for the next run", 60,
                    () -> Jvms.read(lateLog).contains("takes part from the next run"));
            assertEquals(0, driver.join(120), driver.err());
            assertEquals(Cli.results(oneJvm).get("digest"), Cli.results(clustered).get("digest"));
            byte[] trace = Files.readAllBytes(oneJvm.resolve("trace.pcapng"));
            assertTrue(trace.length > 10_000, "hosts 1 and 100 send in the first 30 us: " + trace.length + " bytes");
            assertTrue(java.util.Arrays.equals(trace, Files.readAllBytes(clustered.resolve("trace.pcapng"))),
                    "the same trace.pcapng on one JVM and across the cluster");
            assertTrue(driver.out().contains("1 workers ready"), driver.out());
        } finally {
            Jvms.stop(late);
            Jvms.stop(other);
            Jvms.stop(seed);
        }
    }

    /** A self-signed RSA key for every member, and a trust store holding its certificate. */
    private void makeStores() throws IOException, InterruptedException {
        keytool("-genkeypair", "-alias", "member", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                "-dname", "CN=fabric-emu member", "-storetype", "PKCS12", "-keystore", "member.p12",
                "-storepass", PASSWORD, "-keypass", PASSWORD);
        keytool("-exportcert", "-alias", "member", "-keystore", "member.p12", "-storepass", PASSWORD,
                "-file", "member.crt");
        keytool("-importcert", "-noprompt", "-alias", "member", "-file", "member.crt", "-storetype", "PKCS12",
                "-keystore", "trust.p12", "-storepass", PASSWORD);
    }

    private void keytool(String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, "keytool " + args[0] + ": " + output);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
