package io.fabricemu.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabricemu.engine.SampleSink;
import io.fabricemu.stats.FaultDrop;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A tally's sample: every fault and kind that lost packets there, with the count so far. */
class FaultTallySampleTest {

    /** Keeps the fault rows of a sample; the rest is no concern here. */
    private static final class Rows implements SampleSink {
        final List<String> rows = new ArrayList<>();

        @Override
        public void port(String portId, int tier, long queueBytes, long drops, long trims, long ecnMarks,
                         long pauseFrames, long btsNotices, long rnrNaks, long txBytes) {
        }

        @Override
        public void classQueue(String portId, int trafficClass, long queueBytes) {
        }

        @Override
        public void sender(int flowId, long windowBytes, long creditBytes, long rateBps) {
        }

        @Override
        public void receiver(int flowId, long deliveredBytes) {
        }

        @Override
        public void faultDrops(String where, int fault, FaultDrop kind, long packets) {
            rows.add(where + " " + fault + " " + kind.key() + " " + packets);
        }
    }

    @Test
    void sample_writesEachFaultAndKindThatLostPackets_notTheTouchesAlone() {
        FaultTally t = new FaultTally("leaf0:p4");
        Rows sink = new Rows();
        t.sample(sink);
        assertEquals(List.of(), sink.rows, "nothing lost, nothing written");
        t.lost(2, FaultDrop.QUEUE, 7, 4150);
        t.lost(2, FaultDrop.QUEUE, 8, 4150);
        t.lost(2, FaultDrop.BLACKHOLE, 7, 64);
        t.touched(0, 3);
        t.sample(sink);
        assertEquals(List.of("leaf0:p4 2 queue 2", "leaf0:p4 2 blackhole 1"), sink.rows);
    }
}
