package io.fabricemu.metrics;

import kamon.tag.TagSet;

/**
 * How finely the port metrics are tagged: the series of all ports that share a tag set are summed into one.
 * {@code FABRIC} keeps one series per metric for the whole fabric, {@code TIER} one per tier (hosts' NICs,
 * leaves, spines, cores), {@code SWITCH} one per switch (and per host NIC), {@code PORT} one per egress port.
 * On a fabric of 10,000 ports, {@code TIER} keeps a handful of series where {@code PORT} keeps 10,000 per metric.
 */
public enum MetricsLevel {
    FABRIC, TIER, SWITCH, PORT;

    /**
     * The tags of a port at this level.
     *
     * @param tier   the tier of the port's node (0 host, 1 leaf, 2 spine, 3 core)
     * @param portId the port's stable name, {@code node:port} (a host's NIC is {@code host:nic})
     */
    TagSet tags(int tier, String portId) {
        if (this == FABRIC) {
            return TagSet.Empty();
        }
        TagSet tags = TagSet.of("tier", Integer.toString(tier));
        if (this == TIER) {
            return tags;
        }
        tags = tags.withTag("switch", nodeOf(portId));
        return this == SWITCH ? tags : tags.withTag("port", portId);
    }

    /** The node part of a port name: what comes before the last ':' (the whole name when it has none). */
    static String nodeOf(String portId) {
        int colon = portId.lastIndexOf(':');
        return colon < 0 ? portId : portId.substring(0, colon);
    }
}
