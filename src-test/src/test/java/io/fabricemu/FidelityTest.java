package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fabric-emu against the Ultra Ethernet Consortium's reference simulator (htsim in the public repository
 * ultraethernet/uet-htsim) on the same traffic matrix and configuration, {@code uet-incast-1023to1-reference.yaml}:
 * 1023 senders of 100,000 B into one host of the k = 16 fat tree under NSCC. The reference finishes the last flow
 * at 10.9 ms and resends about 2.1 GB of payload (513,818 packets); line rate would finish at 8.31 ms.
 */
class FidelityTest {
    private static final long REFERENCE_LAST_FLOW_PS = 10_900_000_000L;
    private static final long REFERENCE_RESENT_BYTES = 2_100_000_000L;
    private static final long LINE_RATE_LAST_FLOW_PS = 8_310_000_000L;

    @TempDir
    Path tmp;

    @Test
    void nsccIncast1023to1_lastFlowWithinTenPercentOfTheReference_resentAtMostHalfAgainAsMuch() throws IOException {
        JsonNode r = Cli.runScenario(tmp, "uet-incast-1023to1-reference.yaml");
        JsonNode s = r.get("summary");
        assertEquals(1023, s.get("flowsFinished").asLong(), "every flow finishes");
        long lastPs = 0;
        for (JsonNode f : r.get("flows")) {
            lastPs = Math.max(lastPs, f.get("finishPs").asLong());
        }
        assertTrue(lastPs >= LINE_RATE_LAST_FLOW_PS, "last flow at " + lastPs + " ps, faster than line rate");
        assertTrue(Math.abs(lastPs - REFERENCE_LAST_FLOW_PS) <= REFERENCE_LAST_FLOW_PS / 10,
                "last flow at " + lastPs + " ps, the reference's at " + REFERENCE_LAST_FLOW_PS + " ps");
        long resent = s.get("retransmittedBytes").asLong();
        assertTrue(resent <= REFERENCE_RESENT_BYTES * 3 / 2,
                resent + " B resent, the reference about " + REFERENCE_RESENT_BYTES + " B");
    }
}
