package io.fabricemu.cluster.wire;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.List;

/**
 * The serialization settings of a cluster member: {@code fabric-emu-serialization.conf} under the runtime's own
 * settings and, when {@value #BATCH_SERIALIZER} is {@code cbor}, {@code fabric-emu-batches-cbor.conf} between
 * the two, so that one setting switches the packet batches' serializer.
 */
public final class WireConfig {
    /** The setting that chooses the packet batches' serializer: {@code compact} (default) or {@code cbor}. */
    public static final String BATCH_SERIALIZER = "fabric-emu.cluster.batch-serializer";
    /** The values {@link #BATCH_SERIALIZER} takes. */
    public static final List<String> BATCH_SERIALIZERS = List.of("compact", "cbor");
    static final String BASE_RESOURCE = "fabric-emu-serialization.conf";
    static final String CBOR_BATCHES_RESOURCE = "fabric-emu-batches-cbor.conf";

    private WireConfig() {
    }

    /**
     * {@code config} with the serialization settings beneath it, batches bound as its {@value #BATCH_SERIALIZER}
     * says; unresolved, to be layered over Akka's defaults ({@code withFallback(ConfigFactory.load())}).
     *
     * @throws IllegalArgumentException naming the setting and its allowed values when it is neither
     */
    public static Config withSerialization(Config config) {
        ClassLoader loader = WireConfig.class.getClassLoader();
        Config base = ConfigFactory.parseResources(loader, BASE_RESOURCE);
        String choice = config.withFallback(base).getString(BATCH_SERIALIZER);
        return switch (choice) {
            case "compact" -> config.withFallback(base);
            case "cbor" -> config.withFallback(ConfigFactory.parseResources(loader, CBOR_BATCHES_RESOURCE))
                    .withFallback(base);
            default -> throw new IllegalArgumentException(BATCH_SERIALIZER + " must be one of " + BATCH_SERIALIZERS
                    + ", was '" + choice + "'");
        };
    }
}
