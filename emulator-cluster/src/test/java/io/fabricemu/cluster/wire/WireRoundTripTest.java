package io.fabricemu.cluster.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.typed.ActorRef;
import akka.actor.typed.javadsl.Behaviors;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import akka.serialization.Serializer;
import akka.serialization.Serializers;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.fabricemu.actor.ControlMessage;
import io.fabricemu.actor.Coordinator;
import io.fabricemu.actor.Engine;
import io.fabricemu.actor.ShardActor;
import io.fabricemu.engine.Event;
import io.fabricemu.engine.Signal;
import io.fabricemu.engine.WindowState;
import io.fabricemu.pfc.PfcPauses;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every message that crosses a JVM boundary, through the real Akka serialization of a cluster-provider actor system
 * configured by {@link WireConfig}: once with packet batches on the compact serializer, once on jackson-cbor. A
 * message must come back equal, through the serializer the configuration binds it to.
 */
final class WireRoundTripTest {
    private static final WindowState LAST = new WindowState(123_456_789L, 3, -1, null);
    private static final ActorTestKit COMPACT = testKit("compact");
    private static final ActorTestKit CBOR = testKit("cbor");
    private static final int JACKSON_CBOR_ID = 33;

    static ActorTestKit testKit(String batchSerializer) {
        Config config = ConfigFactory.parseString("""
                akka.actor.provider = cluster
                akka.remote.artery.canonical.hostname = 127.0.0.1
                akka.remote.artery.canonical.port = 0
                akka.cluster.jmx.multi-mbeans-in-same-jvm = on
                fabric-emu.cluster.batch-serializer = %s
                """.formatted(batchSerializer));
        // Over the engine's settings, as a member's are: they also start logging before Akka's threads first log.
        return ActorTestKit.create("wire-" + batchSerializer, WireConfig.withSerialization(config)
                .withFallback(Engine.config()).resolve());
    }

    @AfterAll
    static void shutdown() {
        COMPACT.shutdownTestKit();
        CBOR.shutdownTestKit();
    }

    static Stream<Arguments> messages() {
        List<Arguments> all = new ArrayList<>();
        for (ActorTestKit kit : List.of(COMPACT, CBOR)) {
            List<ActorRef<ShardActor.Command>> shards = List.of(
                    kit.spawn(Behaviors.<ShardActor.Command>ignore(), "shard0"),
                    kit.spawn(Behaviors.<ShardActor.Command>ignore(), "shard1"));
            for (Object m : WireSamples.controlMessages(shards)) {
                all.add(Arguments.of(kit.system().name(), m, JACKSON_CBOR_ID));
            }
            int batchId = kit == COMPACT ? PeerBatchSerializer.IDENTIFIER : JACKSON_CBOR_ID;
            for (Object b : WireSamples.batches()) {
                all.add(Arguments.of(kit.system().name(), b, batchId));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("messages")
    void roundTrip_givesAnEqualMessageThroughTheBoundSerializer(String system, Object message, int serializerId) {
        Serialization serialization = serialization(system.equals("wire-compact") ? COMPACT : CBOR);
        Serializer serializer = serialization.findSerializerFor(message);
        assertEquals(serializerId, serializer.identifier(), "serializer of " + message.getClass().getName());
        byte[] bytes = serialization.serialize(message).get();
        Object back = serialization.deserialize(bytes, serializer.identifier(),
                Serializers.manifestFor(serializer, message)).get();
        if (!(message instanceof Enum<?>)) {
            assertNotSame(message, back);
        }
        assertEquals(ContentView.of(message), ContentView.of(back));
    }

    @Test
    void samples_coverEveryControlMessageOfTheEngine() {
        List<Class<?>> sampled = WireSamples.controlMessages(List.of()).stream().<Class<?>>map(Object::getClass)
                .toList();
        for (Class<?> protocol : List.of(Coordinator.Command.class, ShardActor.Command.class)) {
            for (Class<?> type : protocol.getPermittedSubclasses()) {
                if (ControlMessage.class.isAssignableFrom(type)) {
                    assertTrue(sampled.contains(type), type.getName() + " crosses JVMs: add a sample to WireSamples");
                }
            }
        }
    }

    @Test
    void samples_coverEverySignalThatCrossesShards() {
        List<Class<?>> sampled = WireSamples.signals().stream().<Class<?>>map(Object::getClass).toList();
        for (WireSignals.Kind kind : WireSignals.ALL) {
            assertTrue(sampled.contains(kind.type()), kind.name() + " has no sample in WireSamples");
        }
    }

    @Test
    void fullRealisticBatch_fitsTheFrameArteryIsConfiguredWith_underBothSerializers() {
        Object batch = RealisticBatches.of(ShardActor.MAX_BATCH_EVENTS, new java.util.SplittableRandom(6));
        for (ActorTestKit kit : List.of(COMPACT, CBOR)) {
            long frameBytes = kit.system().settings().config().getBytes("akka.remote.artery.advanced.maximum-frame-size");
            int bytes = serialization(kit).serialize(batch).get().length;
            assertTrue(bytes < frameBytes * 3 / 4, kit.system().name() + ": " + bytes + " bytes, frame " + frameBytes);
        }
    }

    @Test
    void javaSerialization_isRefused() {
        for (ActorTestKit kit : List.of(COMPACT, CBOR)) {
            Throwable failure = assertThrows(Throwable.class,
                    () -> serialization(kit).serialize(new java.util.concurrent.atomic.AtomicLong(3)).get());
            assertTrue(WireErrors.chain(failure).contains("Java serialization"), WireErrors.chain(failure));
        }
    }

    @Test
    void timerSignal_failsNamingItsClass_underBothSerializers() {
        record Tick(int n) implements Signal {
        }
        for (ActorTestKit kit : List.of(COMPACT, CBOR)) {
            for (Signal timer : List.of(PfcPauses.Wake.INSTANCE, new Tick(1))) {
                Object batch = new ShardActor.PeerBatch(0, 10, List.of(new Event(20, 1, 2, 3, timer)), LAST);
                Throwable failure = assertThrows(Throwable.class, () -> serialization(kit).serialize(batch).get());
                String text = WireErrors.chain(failure);
                assertTrue(text.contains(timer.getClass().getName()) && text.contains("cannot cross a JVM boundary"),
                        text);
            }
        }
    }

    private static Serialization serialization(ActorTestKit kit) {
        return SerializationExtension.get(kit.system().classicSystem());
    }
}
