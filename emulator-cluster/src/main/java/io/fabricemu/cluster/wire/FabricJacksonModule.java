package io.fabricemu.cluster.wire;

import com.fasterxml.jackson.databind.module.SimpleModule;
import io.fabricemu.engine.SampleLog;
import io.fabricemu.fault.FaultAction;
import io.fabricemu.fault.LossModel;
import io.fabricemu.engine.Signal;
import io.fabricemu.net.TransportHeader;
import io.fabricemu.results.TimeSeries;

/**
 * What Jackson needs to carry the engine's messages (Akka's {@code jackson-cbor} serializer, registered through
 * {@code akka.serialization.jackson.jackson-modules}) and a whole run's result ({@link RunResultCodec}), without a
 * Jackson annotation in {@code emulator-core}: mix-ins that write a short type id beside every {@link Signal},
 * {@link TransportHeader}, {@link FaultAction} and {@link LossModel} (a field declared by an interface needs one to
 * be read back), a {@link SampleLog} written as the state its {@code restore} rebuilds it from, and a run's
 * {@link TimeSeries} as its grid and those logs. Records need nothing more: Jackson reads them through their
 * canonical constructors.
 */
public final class FabricJacksonModule extends SimpleModule {

    /** Akka instantiates this by name. */
    public FabricJacksonModule() {
        super("fabric-emu");
        setMixInAnnotation(Signal.class, SignalMixin.class);
        setMixInAnnotation(TransportHeader.class, TransportHeaderMixin.class);
        setMixInAnnotation(FaultAction.class, FaultActionMixin.class);
        setMixInAnnotation(LossModel.class, LossModelMixin.class);
        addSerializer(SampleLog.class, SampleLogState.SERIALIZER);
        addDeserializer(SampleLog.class, SampleLogState.DESERIALIZER);
        addSerializer(TimeSeries.class, TimeSeriesState.SERIALIZER);
        addDeserializer(TimeSeries.class, TimeSeriesState.DESERIALIZER);
    }
}
