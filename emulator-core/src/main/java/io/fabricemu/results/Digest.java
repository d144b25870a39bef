package io.fabricemu.results;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The run's fingerprint: sha256 over one canonical line per flow, in flow-id order. Two runs of the same
 * scenario and seed must give the same digest, on one JVM or many.
 */
public final class Digest {
    private Digest() {
    }

    public static String of(List<FlowResult> flows) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
        for (FlowResult f : flows) {
            sha.update(f.canonical().getBytes(StandardCharsets.US_ASCII));
            sha.update((byte) '\n');
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}
