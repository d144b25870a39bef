package io.fabricemu.stats;

/** Where a fault cost a packet; the results name each by {@link #key()}. */
public enum FaultDrop {
    /** On the wire of a link when it went down (first bit out, last bit not yet in). */
    WIRE("wire"),
    /** Waiting in the egress queue of a port whose link went down. */
    QUEUE("queue"),
    /** Sent toward a dead port, or to a switch left without a route, before routing knew: black-holed. */
    BLACKHOLE("blackhole"),
    /** Handed to a NIC's port while its link was down. */
    NIC_DOWN("nicDown"),
    /** Lost at random or in a burst on a lossy link (a gray failure). */
    LOSS("loss"),
    /** Arrived with a bad frame check sequence and discarded by the receiving port. */
    CORRUPTION("corruption");

    private final String key;

    FaultDrop(String key) {
        this.key = key;
    }

    /** Its name in results.json. */
    public String key() {
        return key;
    }
}
