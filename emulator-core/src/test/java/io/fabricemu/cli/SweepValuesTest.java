package io.fabricemu.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.report.Quantity;
import io.fabricemu.results.Sweep;
import java.util.List;
import org.junit.jupiter.api.Test;

class SweepValuesTest {
    @Test
    void sizesTimesRatesAndNumbers_eachGetTheirAxis() {
        Sweep queue = SweepValues.parse("switch.queue=64KiB, 128KiB,256KiB");
        assertEquals("switch.queue", queue.field());
        assertEquals(List.of("64KiB", "128KiB", "256KiB"), queue.values());
        assertEquals(Quantity.BYTES, queue.quantity());
        assertArrayEquals(new double[] {65_536, 131_072, 262_144}, queue.x());
        assertEquals(Quantity.TIME, SweepValues.parse("switch.latency=250ns,1us").quantity());
        assertArrayEquals(new double[] {250_000, 1_000_000}, SweepValues.parse("switch.latency=250ns,1us").x());
        assertEquals(Quantity.RATE, SweepValues.parse("topology.hostLink.rate=100Gbps,400Gbps").quantity());
        Sweep seeds = SweepValues.parse("seed=1,2,3");
        assertEquals(Quantity.COUNT, seeds.quantity());
        assertArrayEquals(new double[] {1, 2, 3}, seeds.x());
    }

    @Test
    void namesOrMixedKinds_haveNoAxis() {
        assertFalse(SweepValues.parse("transport.loadBalancing=ecmp,reps").numeric());
        assertFalse(SweepValues.parse("switch.queue=64KiB,1us").numeric());
        assertTrue(SweepValues.parse("switch.queue=64KiB,1MiB").numeric());
    }

    @Test
    void badSweeps_sayWhat() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SweepValues.parse("switch.queue"))
                .getMessage().contains("is not FIELD=V1,V2,..."));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SweepValues.parse("seed=1"))
                .getMessage().contains("two or more values"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SweepValues.parse("seed=1,1"))
                .getMessage().contains("'1' is given twice"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SweepValues.parse("seed=1,,2"))
                .getMessage().contains("an empty value"));
    }

    @Test
    void labelsAreFolderNames() {
        assertEquals("switch.queue=64KiB", SweepValues.label("switch.queue", "64KiB"));
        assertEquals("switch.ecn.0.pmax=20_", SweepValues.label("switch.ecn.0.pmax", "20%"));
        assertEquals("x=a_b", SweepValues.label("x", "a/b"));
    }
}
