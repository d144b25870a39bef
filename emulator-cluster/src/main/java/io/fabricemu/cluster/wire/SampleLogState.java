package io.fabricemu.cluster.wire;

import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.deser.std.StdDelegatingDeserializer;
import com.fasterxml.jackson.databind.ser.std.StdDelegatingSerializer;
import com.fasterxml.jackson.databind.util.StdConverter;
import io.fabricemu.engine.SampleLog;
import java.util.List;

/**
 * A {@link SampleLog} as Jackson writes it: the state its public accessors give and {@link SampleLog#restore}
 * takes back (the rows as one array of longs, which CBOR packs tightly). The log is a mutable class with no
 * properties of its own, so Jackson converts through this record both ways.
 */
record SampleLogState(long intervalPs, int trafficClasses, List<String> names, List<Integer> tiers, long[] rows,
                      int lastStart) {

    static final JsonSerializer<Object> SERIALIZER = new StdDelegatingSerializer(new StdConverter<SampleLog,
            SampleLogState>() {
        @Override
        public SampleLogState convert(SampleLog log) {
            return new SampleLogState(log.intervalPs(), log.trafficClasses(), log.names(), log.tiers(), log.rows(),
                    log.lastStart());
        }
    });

    static final JsonDeserializer<SampleLog> DESERIALIZER = new StdDelegatingDeserializer<>(
            new StdConverter<SampleLogState, SampleLog>() {
                @Override
                public SampleLog convert(SampleLogState s) {
                    return SampleLog.restore(s.intervalPs, s.trafficClasses, s.names, s.tiers, s.rows, s.lastStart);
                }
            });
}
