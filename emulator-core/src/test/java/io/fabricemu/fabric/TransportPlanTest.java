package io.fabricemu.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.fabricemu.baseline.BaselineNic;
import io.fabricemu.host.CommonTransport;
import io.fabricemu.host.NicFlow;
import io.fabricemu.host.NicSetup;
import io.fabricemu.lb.LoadBalancing;
import io.fabricemu.net.DeliveryMode;
import io.fabricemu.roce.RoceNic;
import io.fabricemu.roce.RocePlan;
import io.fabricemu.time.Ps;
import io.fabricemu.uet.UetNic;
import io.fabricemu.uet.UetPlan;
import java.util.List;
import org.junit.jupiter.api.Test;

class TransportPlanTest {
    private static final CommonTransport COMMON = new CommonTransport(54, 4_096, 20 * Ps.PER_US, 0, 2);
    private static final NicSetup SETUP = new NicSetup(0, "h0:nic", 9, 100_000_000_000L, 1_000,
            List.of(new NicFlow(1, 1, 10_000, 0, 7)), List.of(), COMMON);

    @Test
    void fixedWindow_hasTheScenarioDefaultsFraming() {
        TransportPlan.Baseline plan = TransportPlan.fixedWindow(64 * 1024, 20 * Ps.PER_US);
        assertEquals(new CommonTransport(64, 4086, 20 * Ps.PER_US, 0, 1), plan.common());
        assertEquals(64 * 1024, plan.windowBytes());
    }

    @Test
    void nic_isTheVariantsProtocol() {
        assertInstanceOf(BaselineNic.class, new TransportPlan.Baseline(COMMON, 8_192).nic(SETUP, 1));
        UetPlan uet = new UetPlan(true, false, 6 * Ps.PER_US, 0, false, Ps.PER_US, 0, LoadBalancing.ECMP, null,
                host -> 100_000_000_000L, DeliveryMode.RUD);
        assertInstanceOf(UetNic.class, new TransportPlan.UltraEthernet(COMMON, uet).nic(SETUP, 1));
        assertInstanceOf(RoceNic.class, new TransportPlan.RoceV2(COMMON, new RocePlan(1 << 20, 7, 0, null))
                .nic(SETUP, 1));
    }

    @Test
    void variants_needTheirSettings() {
        assertThrows(IllegalArgumentException.class, () -> new TransportPlan.Baseline(COMMON, 0));
        assertThrows(NullPointerException.class, () -> new TransportPlan.Baseline(null, 8_192));
        assertThrows(NullPointerException.class, () -> new TransportPlan.UltraEthernet(COMMON, null));
        assertThrows(NullPointerException.class, () -> new TransportPlan.RoceV2(COMMON, null));
    }
}
