package io.fabricemu.cluster.wire;

import akka.actor.ActorSystem;
import akka.serialization.ByteBufferSerializer;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import akka.serialization.Serializer;
import akka.serialization.Serializers;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.fabricemu.actor.ShardActor.PeerBatch;
import java.io.NotSerializableException;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Cost of a packet batch crossing JVMs, compact serializer against Akka's jackson-cbor: nanoseconds to encode and
 * decode one batch of {@link RealisticBatches} (8 to 1,024 events shaped like a UET run's cut links), and bytes
 * per event. Both go through each serializer as Akka configures it ({@link WireConfig}), by the byte-array path
 * ({@code serialize}, then {@code deserialize} by identifier and manifest); the compact one also by the
 * ByteBuffer path Artery uses, into and out of one reused buffer ({@code compact-buffer}).
 *
 * <p>A JMH benchmark, average time of one encode plus decode on one thread. {@link #main} runs it through JMH's
 * {@link Runner} and then prints ns per batch, ns per event and bytes per event (the sizes are exact, measured
 * once outside JMH). The command that runs it is in BENCHMARKS.md ("Serializing packet batches across JVMs");
 * arguments are JMH's own, e.g. {@code -i 3 -p events=1024}.
 *
 * <p>Not final: JMH extends a benchmark class with the code it generates.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 7, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(1)
public class BatchSerializerBench {
    /** Events in the batch. */
    @Param({"8", "64", "512", "1024"})
    public int events;

    /** Which serializer, by which path: {@code compact}, {@code compact-buffer} or {@code cbor}. */
    @Param({"compact", "compact-buffer", "cbor"})
    public String path;

    private ActorSystem system;
    private PeerBatch batch;
    private Path way;

    /** One way through a serializer. */
    private interface Path {
        /** Encodes the batch and decodes it again. */
        PeerBatch roundTrip(PeerBatch batch);

        /** The size of the batch encoded. */
        int encodedBytes(PeerBatch batch);
    }

    /** Akka's byte-array path: {@code serialize}, then {@code deserialize} by identifier and manifest. */
    private static final class ArrayPath implements Path {
        private final Serialization serialization;
        private final int id;
        private final String manifest;

        ArrayPath(ActorSystem system, PeerBatch sample) {
            serialization = SerializationExtension.get(system);
            Serializer s = serialization.findSerializerFor(sample);
            id = s.identifier();
            manifest = Serializers.manifestFor(s, sample);
        }

        @Override
        public PeerBatch roundTrip(PeerBatch batch) {
            byte[] bytes = serialization.serialize(batch).get();
            return (PeerBatch) serialization.deserialize(bytes, id, manifest).get();
        }

        @Override
        public int encodedBytes(PeerBatch batch) {
            return serialization.serialize(batch).get().length;
        }
    }

    /** Artery's path for a {@link ByteBufferSerializer}: into and out of one reused buffer. */
    private static final class BufferPath implements Path {
        private final ByteBufferSerializer serializer;
        private final ByteBuffer envelope = ByteBuffer.allocate(256 * 1024);

        BufferPath(ActorSystem system) {
            serializer = (ByteBufferSerializer) SerializationExtension.get(system)
                    .serializerByIdentity().apply(PeerBatchSerializer.IDENTIFIER);
        }

        @Override
        public PeerBatch roundTrip(PeerBatch batch) {
            envelope.clear();
            serializer.toBinary(batch, envelope);
            envelope.flip();
            try {
                return (PeerBatch) serializer.fromBinary(envelope, PeerBatchSerializer.MANIFEST);
            } catch (NotSerializableException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public int encodedBytes(PeerBatch batch) {
            envelope.clear();
            serializer.toBinary(batch, envelope);
            return envelope.position();
        }
    }

    @Setup
    public void setUp() {
        batch = RealisticBatches.of(events, new SplittableRandom(events));
        system = system(path.equals("cbor") ? "cbor" : "compact");
        way = way(path, system, batch);
    }

    @TearDown
    public void tearDown() {
        system.terminate();
    }

    @Benchmark
    public PeerBatch roundTrip() {
        return way.roundTrip(batch);
    }

    private static Path way(String path, ActorSystem system, PeerBatch sample) {
        return switch (path) {
            case "compact", "cbor" -> new ArrayPath(system, sample);
            case "compact-buffer" -> new BufferPath(system);
            default -> throw new IllegalArgumentException("no serializer path " + path);
        };
    }

    private static ActorSystem system(String batchSerializer) {
        Config config = WireConfig.withSerialization(ConfigFactory.parseString(
                WireConfig.BATCH_SERIALIZER + " = " + batchSerializer + "\nakka.loglevel = WARNING"));
        return ActorSystem.create("bench-" + batchSerializer, config.withFallback(ConfigFactory.load()).resolve());
    }

    /** Runs the benchmark with JMH's command-line options and prints the cost per batch and per event. */
    public static void main(String[] args) throws RunnerException, CommandLineOptionException {
        Iterable<RunResult> results = new Runner(new OptionsBuilder()
                .parent(new CommandLineOptions(args))
                .include(BatchSerializerBench.class.getName() + "\\.")
                .build()).run();
        ActorSystem compact = system("compact");
        ActorSystem cbor = system("cbor");
        try {
            System.out.printf("%n%-16s %6s %12s %12s %10s%n", "serializer", "events", "ns/batch", "ns/event",
                    "B/event");
            for (RunResult result : results) {
                String name = result.getParams().getParam("path");
                int n = Integer.parseInt(result.getParams().getParam("events"));
                PeerBatch sample = RealisticBatches.of(n, new SplittableRandom(n));
                int bytes = way(name, name.equals("cbor") ? cbor : compact, sample).encodedBytes(sample);
                double nsPerBatch = result.getPrimaryResult().getScore();
                System.out.printf("%-16s %6d %12.0f %12.1f %10.1f%n", name, n, nsPerBatch, nsPerBatch / n,
                        (double) bytes / n);
            }
        } finally {
            compact.terminate();
            cbor.terminate();
        }
    }
}
