package io.fabricemu.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.host.TransportKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class CongestionControlKindTest {
    @Test
    void named_everySpelling_roundTrips() {
        assertEquals(List.of("none", "nscc", "rccc", "nscc+rccc", "roce", "dcqcn"),
                CongestionControlKind.scenarioNames());
        for (CongestionControlKind k : CongestionControlKind.values()) {
            assertSame(k, CongestionControlKind.named(k.scenarioName()));
        }
        assertThrows(IllegalArgumentException.class, () -> CongestionControlKind.named("nscc+dcqcn"));
        assertThrows(IllegalArgumentException.class, () -> CongestionControlKind.named("NSCC"));
    }

    @Test
    void transport_groupsTheKinds() {
        assertEquals(List.of("none"), CongestionControlKind.scenarioNames(TransportKind.BASELINE));
        assertEquals(List.of("nscc", "rccc", "nscc+rccc"),
                CongestionControlKind.scenarioNames(TransportKind.ULTRA_ETHERNET));
        assertEquals(List.of("roce", "dcqcn"), CongestionControlKind.scenarioNames(TransportKind.ROCE_V2));
    }

    @Test
    void algorithms_areWhatTheNameSays() {
        assertTrue(CongestionControlKind.NSCC.nscc());
        assertFalse(CongestionControlKind.NSCC.rccc());
        assertFalse(CongestionControlKind.RCCC.nscc());
        assertTrue(CongestionControlKind.RCCC.rccc());
        assertTrue(CongestionControlKind.NSCC_RCCC.nscc());
        assertTrue(CongestionControlKind.NSCC_RCCC.rccc());
        assertTrue(CongestionControlKind.DCQCN.dcqcn());
        for (CongestionControlKind k : List.of(CongestionControlKind.NONE, CongestionControlKind.ROCE)) {
            assertFalse(k.nscc() || k.rccc() || k.dcqcn(), k.scenarioName());
        }
    }
}
