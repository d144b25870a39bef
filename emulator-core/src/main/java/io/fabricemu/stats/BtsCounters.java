package io.fabricemu.stats;

/**
 * Back-to-sender (WREB) counters of one port: what a switch port sent, or what a NIC's senders received and
 * did about it.
 *
 * @param earlySent     early notices a switch port sent (weighted-random draws)
 * @param dropSent      drop notices it sent (one per data packet it dropped)
 * @param bytesSent     bytes of those notices on the wire
 * @param received      notices a NIC's senders received
 * @param decreases     congestion decreases they made on notices (at most one per packet)
 * @param retransmits   packets they resent at once on a drop notice
 * @param echoesIgnored ACK ECN echoes (UET) or CNPs (DCQCN) not counted because a notice had already reported
 *                      that packet's congestion
 * @param secondNotices notices received that were a packet's second (a drop notice, or the other ECN bit,
 *                      after its early notice)
 * @param earlyRepeats  early notices received for a packet that already had one, whichever bit (the switches'
 *                      duplicate rule makes this 0)
 */
public record BtsCounters(long earlySent, long dropSent, long bytesSent, long received, long decreases,
                          long retransmits, long echoesIgnored, long secondNotices, long earlyRepeats) {
    /** A port that neither sent nor received a notice. */
    public static final BtsCounters NONE = new BtsCounters(0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** What a switch port sent. */
    public static BtsCounters sent(long earlySent, long dropSent, long bytesSent) {
        return new BtsCounters(earlySent, dropSent, bytesSent, 0, 0, 0, 0, 0, 0);
    }

    /** Notices sent, early and drop. */
    public long sent() {
        return earlySent + dropSent;
    }

    /** The sum of two ports' counters. */
    public BtsCounters plus(BtsCounters o) {
        return new BtsCounters(earlySent + o.earlySent, dropSent + o.dropSent, bytesSent + o.bytesSent,
                received + o.received, decreases + o.decreases, retransmits + o.retransmits,
                echoesIgnored + o.echoesIgnored, secondNotices + o.secondNotices, earlyRepeats + o.earlyRepeats);
    }
}
