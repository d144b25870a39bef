package io.fabricemu.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The runner hands the live sink exactly the samples it logs, each closed by sampleDone. */
class LiveSinkRunnerTest {
    private record Bump(long bytes) implements Signal {
    }

    /** A port whose queue grows by each bump it handles. */
    private static final class Counting implements Element {
        long queueBytes;

        @Override
        public void start(EventContext ctx) {
            for (int i = 1; i <= 5; i++) {
                ctx.schedule(i * 1_500L, new Bump(100 * i));
            }
        }

        @Override
        public void onEvent(Signal signal, EventContext ctx) {
            queueBytes += ((Bump) signal).bytes();
        }

        @Override
        public void sample(SampleSink sink) {
            sink.port("p", 1, queueBytes, 0, 0, 0, 0, 0, 0, 0);
        }

        @Override
        public ElementReport report() {
            return ElementReport.EMPTY;
        }
    }

    /** Records what it is told, "done@" and the sample's virtual time for each sampleDone. */
    private static final class Recording implements LiveSink {
        final List<String> calls = new ArrayList<>();

        @Override
        public void port(String portId, int tier, long queueBytes, long drops, long trims, long ecnMarks,
                         long pauseFrames, long btsNotices, long rnrNaks, long txBytes) {
            calls.add(portId + "=" + queueBytes);
        }

        @Override
        public void classQueue(String portId, int trafficClass, long queueBytes) {
            calls.add(portId + "/" + trafficClass + "=" + queueBytes);
        }

        @Override
        public void sender(int flowId, long windowBytes, long creditBytes, long rateBps) {
        }

        @Override
        public void receiver(int flowId, long deliveredBytes) {
        }

        @Override
        public void sampleDone(long samplePs) {
            calls.add("done@" + samplePs / 1_000 + "ns");
        }
    }

    @Test
    void liveSink_seesEverySampleTheLogKeeps_thenSampleDone() {
        Recording live = new Recording();
        ElementRunner runner = new ElementRunner(0, new Counting(), new Sampling(1_000, 100), live);
        runner.start();
        runner.runWindow(10_000, List.of());
        runner.finishSamples();
        // Bumps at 1.5, 3, 4.5, 6 and 7.5 ns; a sample is taken at the first tick before each event that follows a
        // change: 0 (nothing yet), 2 ns (100), 4 ns (300), 5 ns (600), 7 ns (1000), and the final state (1500).
        assertEquals(List.of("p=0", "done@0ns", "p=100", "done@2ns", "p=300", "done@4ns", "p=600", "done@5ns",
                "p=1000", "done@7ns", "p=1500", "done@8ns"), live.calls);
    }

    @Test
    void liveSink_withoutSampling_isRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> new ElementRunner(0, new Counting(), Sampling.OFF, new Recording()));
        assertThrows(IllegalArgumentException.class,
                () -> new RunLimits(1_000, new int[1], 1, Sampling.OFF, id -> new Recording()));
    }
}
