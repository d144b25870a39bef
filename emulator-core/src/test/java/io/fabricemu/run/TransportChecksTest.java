package io.fabricemu.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.scenario.ScenarioLoader;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.switching.ForwardingMode;
import io.fabricemu.time.Ps;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Settings that load but that the NICs' congestion controls refused when the run made them, failing it after
 * {@code validate} said ok: now refused when the run is prepared, by {@code validate} too, naming the fields.
 */
class TransportChecksTest {
    private static final String FABRIC = String.join("\n", "name: checks", "topology:", "  kind: leaf-spine",
            "  leaves: 2", "  hostsPerLeaf: 4", "  spines: 2", "  hostLink: {rate: 100Gbps, delay: 500ns}",
            "  fabricLink: {rate: 400Gbps, delay: 500ns}", "workload: {kind: incast, receiver: 0, senders: 3,"
                    + " bytes: 64KiB}", "");

    private static PreparedRun prepare(String... overrides) throws ScenarioException {
        return PreparedRun.of(ScenarioLoader.parse(FABRIC, "checks.yaml", List.of(overrides)));
    }

    @Test
    void nscc_aBaseRttTooShortForOnePacket_isRefusedWithTheLeastThatWorks() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> prepare("transport.cc=nscc", "transport.baseRtt=1ns"));
        assertEquals("transport.baseRtt: NSCC's first window, one bandwidth-delay product (100 Gb/s host links for"
                + " 1.000 ns: 12 B), cannot hold one packet of transport.mtu (4150 B); give transport.baseRtt of at"
                + " least 332.000 ns", e.getMessage());
    }

    @Test
    void uet_aBaseRttDerivedFromSecondLongLinks_isRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> prepare("transport.cc=rccc", "topology.hostLink.delay=2s"));
        assertTrue(e.getMessage().startsWith("transport.baseRtt: the base RTT derived from the topology"),
                e.getMessage());
        assertTrue(e.getMessage().contains("more than the 1 s"), e.getMessage());
    }

    @Test
    void nscc_aLargestWindowOverATebibyte_isRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> prepare("transport.cc=nscc",
                "topology.hostLink.rate=10Tbps", "transport.baseRtt=1s"));
        assertTrue(e.getMessage().contains("is more than the 1024 GiB NSCC allows"), e.getMessage());
    }

    @Test
    void dcqcn_aMinimumRateAboveTheLineRate_isRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> prepare("transport.cc=dcqcn", "topology.hostLink.rate=10Mbps"));
        assertEquals("transport.dcqcn.minRate: 100 Mb/s is above the line rate of host 0 (10 Mb/s): DCQCN never"
                + " sends below its minimum rate, so it must be at most the hosts' line rate", e.getMessage());
    }

    @Test
    void dcqcnPathCheck_aBaseRttDerivedFromSecondLongLinks_isRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> prepare("transport.cc=dcqcn",
                "transport.dcqcn.pathNotCongested.slackPackets=1", "topology.fabricLink.delay=1s"));
        assertTrue(e.getMessage().startsWith("transport.dcqcn.pathNotCongested: the base RTT derived"),
                e.getMessage());
    }

    @Test
    void derivedBaseRtt_tooLongForALong_isNever() throws ScenarioException {
        PreparedRun ring = PreparedRun.of(ScenarioLoader.parse(String.join("\n", "name: ring", "topology:",
                "  kind: ring", "  switches: 6000", "  hostsPerSwitch: 1", "  hostLink: {rate: 100Gbps, delay: 3600s}",
                "  ringLink: {rate: 100Gbps, delay: 3600s}", "workload: {kind: incast, receiver: 0, senders: 1,"
                        + " bytes: 1KiB}", ""), "ring.yaml", List.of()));
        // 3,001 hops of an hour's flight each way: 2.2 x 10^19 ps
        assertEquals(Ps.NEVER, DerivedBaseRtt.of(ring.fabric().topology(), 1, ForwardingMode.CUT_THROUGH, 4150));
    }

    @Test
    void settingsTheRunCanMake_prepare() throws ScenarioException {
        prepare("transport.cc=nscc");
        prepare("transport.cc=nscc", "transport.baseRtt=332ns");
        prepare("transport.cc=dcqcn", "topology.hostLink.rate=100Mbps");
    }
}
