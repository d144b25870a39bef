package io.fabricemu.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;

/** The serializer settings ({@code fabric-emu-serialization.conf}), with packet batches on the chosen serializer. */
final class Serialization {
    private Serialization() {
    }

    static Config config(String batchSerializer) {
        Config base = ConfigFactory.parseResources("fabric-emu-serialization.conf");
        if ("cbor".equals(batchSerializer)) {
            return ConfigFactory.parseResources("fabric-emu-batches-cbor.conf").withFallback(base);
        }
        return base;
    }
}
