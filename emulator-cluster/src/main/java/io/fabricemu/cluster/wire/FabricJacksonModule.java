package io.fabricemu.cluster.wire;

import com.fasterxml.jackson.databind.module.SimpleModule;
import io.fabricemu.engine.SampleLog;
import io.fabricemu.engine.Signal;
import io.fabricemu.net.TransportHeader;

/**
 * What Jackson needs to carry the engine's messages (Akka's {@code jackson-cbor} serializer, registered through
 * {@code akka.serialization.jackson.jackson-modules}), without a Jackson annotation in {@code emulator-core}:
 * mix-ins that write a short type id beside every {@link Signal} and {@link TransportHeader} (a field declared by
 * an interface needs one to be read back), and a {@link SampleLog} written as the state its {@code restore}
 * rebuilds it from. Records need nothing more: Jackson reads them through their canonical constructors.
 */
public final class FabricJacksonModule extends SimpleModule {

    /** Akka instantiates this by name. */
    public FabricJacksonModule() {
        super("fabric-emu");
        setMixInAnnotation(Signal.class, SignalMixin.class);
        setMixInAnnotation(TransportHeader.class, TransportHeaderMixin.class);
        addSerializer(SampleLog.class, SampleLogState.SERIALIZER);
        addDeserializer(SampleLog.class, SampleLogState.DESERIALIZER);
    }
}
