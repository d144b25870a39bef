package io.fabricemu.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.Progress;
import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.results.RunResult;
import io.fabricemu.scenario.ScenarioLoader;
import io.fabricemu.topology.Topology;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A run's width counted by hand: its receivers' line rates, capped by their senders', in packets a lookahead. */
class RunWidthTest {
    private static final long MICROSECOND_PS = 1_000_000;

    private static PreparedRun prepared(String file) throws Exception {
        return PreparedRun.of(ScenarioLoader.load(Path.of("..", "topologies", "scenarios", file), List.of()));
    }

    /** Eight hosts at 100 Gb/s on two leaves. */
    private static Topology eightHosts() throws Exception {
        return prepared("uet-incast-7to1-nscc.yaml").fabric().topology();
    }

    @Test
    void anIncast_isItsReceiversLineRate() throws Exception {
        List<FlowSpec> incast = new ArrayList<>();
        for (int s = 1; s < 8; s++) {
            incast.add(new FlowSpec(s, 0, 1 << 20, 0));
        }
        // 700 Gb/s offered, 100 Gb/s taken: 100,000 bits = 12,500 B a microsecond, 12 packets of 1,000 B
        RunWidth w = RunWidth.of(incast, eightHosts(), MICROSECOND_PS, 1_000);
        assertEquals(12, w.packetsPerLookahead());
        assertEquals(8, w.hosts());
        assertTrue(w.narrow());
    }

    @Test
    void aPermutation_addsUpItsReceivers() throws Exception {
        List<FlowSpec> shift = new ArrayList<>();
        for (int s = 0; s < 8; s++) {
            shift.add(new FlowSpec(s, (s + 1) % 8, 1 << 20, 0));
        }
        RunWidth w = RunWidth.of(shift, eightHosts(), MICROSECOND_PS, 1_000);
        assertEquals(8 * 12_500 / 1_000, w.packetsPerLookahead());
        assertFalse(w.narrow(), "100 packets a window");
        assertEquals(0, w.workers(2), "the default pool");
    }

    @Test
    void narrow_isUnder64PacketsAWindow_andKeepsOneWorkerAShard() throws Exception {
        List<FlowSpec> one = List.of(new FlowSpec(1, 0, 100, 0));
        // 12,500 B a microsecond: 63 packets of 198 B, 64 of 195 B
        RunWidth under = RunWidth.of(one, eightHosts(), MICROSECOND_PS, 198);
        assertEquals(63, under.packetsPerLookahead());
        assertTrue(under.narrow());
        assertEquals(1, under.workers(1));
        assertEquals(3, under.workers(3), "shards asked for keep a worker each");
        assertEquals("63 packets a lookahead at most, 2 hosts: a narrow run, on one shard and one worker by default",
                under.describe());
        RunWidth at = RunWidth.of(one, eightHosts(), MICROSECOND_PS, 195);
        assertEquals(64, at.packetsPerLookahead());
        assertFalse(at.narrow());
        assertEquals(0, at.workers(1));
        assertEquals("64 packets a lookahead at most, 2 hosts: one shard per processor by default", at.describe());
        assertThrows(IllegalArgumentException.class, () -> under.workers(0));
        assertThrows(IllegalArgumentException.class, () -> RunWidth.of(one, eightHosts(), 0, 1_000));
    }

    @Test
    void narrow_takesAtMost128Hosts_howeverFewThePackets() throws Exception {
        Topology thousand = prepared("uet-incast-1023to1.yaml").fabric().topology();
        for (int senders : new int[] {127, 128}) {
            List<FlowSpec> incast = new ArrayList<>();
            for (int s = 1; s <= senders; s++) {
                incast.add(new FlowSpec(s, 0, 1 << 20, 0));
            }
            RunWidth w = RunWidth.of(incast, thousand, MICROSECOND_PS, 4_000);
            assertEquals(3, w.packetsPerLookahead(), "one receiver's 12,500 B a microsecond");
            assertEquals(senders + 1, w.hosts());
            assertEquals(senders < 128, w.narrow(), senders + " senders");
        }
        // the 1023:1 incasts: one receiver, but each sender's own work adds up (NSCC 1.40 times as long on one)
        assertFalse(prepared("uet-incast-1023to1.yaml").width().narrow());
    }

    @Test
    void ofAScenario_readsItsFabricsLookahead_andItsPacketSize() throws Exception {
        PreparedRun incast = prepared("uet-incast-7to1-nscc.yaml");
        long packets = incast.scenario().runEstimate().dataPackets();
        long packetBytes = incast.workloadBytes() / packets;
        long expected = 100_000_000_000L * incast.fabric().lookaheadPs() / 1_000_000_000_000L / (8 * packetBytes);
        assertEquals(expected, incast.width().packetsPerLookahead());
        assertTrue(incast.width().narrow());
        // 128 hosts at 100 Gb/s each receiving from another: 98 packets a window
        assertFalse(prepared("adaptive-routing-permutation.yaml").width().narrow());
    }

    @Test
    void aNarrowRunOnOneWorker_givesTheResultsOfTheDefaultPool() throws Exception {
        PreparedRun incast = PreparedRun.of(ScenarioLoader.load(Path.of("..", "topologies", "scenarios",
                "uet-incast-7to1-nscc.yaml"), List.of("workload.bytes=64KiB")));
        assertTrue(incast.width().narrow());
        RunResult alone = incast.run(EngineBackend.local(1, incast.width().workers(1)), new Progress(), null);
        RunResult pooled = incast.run(EngineBackend.local(2), new Progress(), null);
        assertEquals(pooled.digest(), alone.digest());
        assertEquals(pooled.events(), alone.events());
    }
}
