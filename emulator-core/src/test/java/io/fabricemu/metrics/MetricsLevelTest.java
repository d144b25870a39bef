package io.fabricemu.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import kamon.tag.TagSet;
import org.junit.jupiter.api.Test;

/** Each level keeps the tags of the coarser ones and adds its own. */
class MetricsLevelTest {

    @Test
    void tags_growFromFabricToPort() {
        assertEquals(TagSet.Empty(), MetricsLevel.FABRIC.tags(1, "leaf0:p3"));
        assertEquals(TagSet.of("tier", "1"), MetricsLevel.TIER.tags(1, "leaf0:p3"));
        assertEquals(TagSet.of("tier", "1").withTag("switch", "leaf0"), MetricsLevel.SWITCH.tags(1, "leaf0:p3"));
        assertEquals(TagSet.of("tier", "0").withTag("switch", "h7").withTag("port", "h7:nic"),
                MetricsLevel.PORT.tags(0, "h7:nic"));
    }

    @Test
    void nodeOf_isTheNameBeforeTheLastColon() {
        assertEquals("spine2", MetricsLevel.nodeOf("spine2:p15"));
        assertEquals("plain", MetricsLevel.nodeOf("plain"));
    }
}
