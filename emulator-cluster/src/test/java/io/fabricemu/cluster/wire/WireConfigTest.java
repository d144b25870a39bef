package io.fabricemu.cluster.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import org.junit.jupiter.api.Test;

/** One setting chooses the batches' serializer; the control messages' binding and Java's refusal stay. */
final class WireConfigTest {
    private static final String BATCH_BINDING = "akka.actor.serialization-bindings.\"io.fabricemu.actor.ShardActor$PeerBatch\"";
    private static final String CONTROL_BINDING = "akka.actor.serialization-bindings.\"io.fabricemu.actor.ControlMessage\"";

    @Test
    void defaultAndChoices_bindBatchesAsAsked() {
        Config byDefault = resolved(ConfigFactory.empty());
        assertEquals("fabric-emu-batch", byDefault.getString(BATCH_BINDING));
        assertEquals("compact", byDefault.getString(WireConfig.BATCH_SERIALIZER));
        Config cbor = resolved(ConfigFactory.parseString(WireConfig.BATCH_SERIALIZER + " = cbor"));
        assertEquals("jackson-cbor", cbor.getString(BATCH_BINDING));
        for (Config c : new Config[] {byDefault, cbor}) {
            assertEquals("jackson-cbor", c.getString(CONTROL_BINDING));
            assertEquals(false, c.getBoolean("akka.actor.allow-java-serialization"));
            assertTrue(c.getStringList("akka.serialization.jackson.jackson-modules")
                    .contains(FabricJacksonModule.class.getName()));
            assertTrue(c.getStringList("akka.serialization.jackson.jackson-modules")
                    .contains("akka.serialization.jackson.AkkaTypedJacksonModule"), "Akka's own modules kept");
        }
    }

    @Test
    void unknownChoice_failsNamingTheSettingAndTheAllowedValues() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WireConfig.withSerialization(
                ConfigFactory.parseString(WireConfig.BATCH_SERIALIZER + " = protobuf")));
        assertEquals("fabric-emu.cluster.batch-serializer must be one of [compact, cbor], was 'protobuf'",
                e.getMessage());
    }

    private static Config resolved(Config app) {
        return WireConfig.withSerialization(app).withFallback(ConfigFactory.load()).resolve();
    }
}
