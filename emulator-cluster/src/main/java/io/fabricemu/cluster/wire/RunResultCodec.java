package io.fabricemu.cluster.wire;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import io.fabricemu.results.RunResult;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A whole run's {@link RunResult} as the member that ran it sends it back: CBOR through {@link FabricJacksonModule}
 * (records through their canonical constructors, the time series as its elements' logs), cut into parts that each
 * fit one Artery frame, since a run's samples can take megabytes. The driver joins the parts in order and reads the
 * same result back: the files written from it are those of the run in the driver's own JVM, byte for byte.
 */
public final class RunResultCodec {
    /** A part's bytes at most: half of the members' 1 MiB frame, room for the message around it. */
    public static final int PART_BYTES = 512 * 1024;
    /**
     * Records by their fields alone: a derived accessor ({@code FabricMap.isEmpty()}) is not a property, and would
     * not be read back.
     */
    private static final ObjectMapper CBOR = new ObjectMapper(new CBORFactory())
            .registerModule(new FabricJacksonModule())
            .setVisibility(PropertyAccessor.ALL, JsonAutoDetect.Visibility.NONE)
            .setVisibility(PropertyAccessor.FIELD, JsonAutoDetect.Visibility.ANY);

    private RunResultCodec() {
    }

    /** {@code result} in parts of at most {@link #PART_BYTES} bytes, at least one. */
    public static List<byte[]> encode(RunResult result) {
        byte[] all;
        try {
            all = CBOR.writeValueAsBytes(result);
        } catch (IOException e) {
            throw new UncheckedIOException("the run's result could not be encoded", e);
        }
        List<byte[]> parts = new ArrayList<>();
        for (int from = 0; from < all.length || parts.isEmpty(); from += PART_BYTES) {
            parts.add(Arrays.copyOfRange(all, from, Math.min(all.length, from + PART_BYTES)));
        }
        return parts;
    }

    /** The result whose parts, in order, are {@code parts}. */
    public static RunResult decode(List<byte[]> parts) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            all.writeBytes(part);
        }
        try {
            return CBOR.readValue(all.toByteArray(), RunResult.class);
        } catch (IOException e) {
            throw new UncheckedIOException("the run's result could not be read back: " + e.getMessage(), e);
        }
    }
}
