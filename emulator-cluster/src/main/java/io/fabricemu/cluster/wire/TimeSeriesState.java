package io.fabricemu.cluster.wire;

import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.deser.std.StdDelegatingDeserializer;
import com.fasterxml.jackson.databind.ser.std.StdDelegatingSerializer;
import com.fasterxml.jackson.databind.util.StdConverter;
import io.fabricemu.engine.SampleLog;
import io.fabricemu.results.TimeSeries;
import java.util.List;
import java.util.Map;

/**
 * A run's {@link TimeSeries} as Jackson writes it: its grid, the elements' logs (each a {@link SampleLogState})
 * and the recorded flows' idle round trips (for their queueing delay),
 * which {@link TimeSeries#restore} indexes again on the other side. The series is a class with derived indexes, not
 * a record, so Jackson converts through this record both ways.
 */
record TimeSeriesState(long intervalPs, int points, List<SampleLog> logs, Map<Integer, long[]> unloadedRttPs) {

    static final JsonSerializer<Object> SERIALIZER = new StdDelegatingSerializer(new StdConverter<TimeSeries,
            TimeSeriesState>() {
        @Override
        public TimeSeriesState convert(TimeSeries series) {
            return new TimeSeriesState(series.intervalPs(), series.points(), series.logs(),
                    series.unloadedRttPs());
        }
    });

    static final JsonDeserializer<TimeSeries> DESERIALIZER = new StdDelegatingDeserializer<>(
            new StdConverter<TimeSeriesState, TimeSeries>() {
                @Override
                public TimeSeries convert(TimeSeriesState s) {
                    return TimeSeries.restore(s.intervalPs, s.points, s.logs, s.unloadedRttPs);
                }
            });
}
