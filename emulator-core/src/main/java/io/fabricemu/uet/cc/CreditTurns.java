package io.fabricemu.uet.cc;

/**
 * Hands a slice's credit out a whole packet at a time, to the senders in turn, when the equal share of the
 * slice is smaller than one packet and the senders are too many for one packet each to reach the receiver at
 * once.
 *
 * <h2>Why</h2>
 * Dividing every slice in bytes gives each of {@code N} backlogged senders {@code supply / N} per slice. At
 * 255:1 on 100 Gb/s with 1 us slices that is 49 B: every sender's credit grows by the same amount at the same
 * time, so all of them reach a whole packet (4,150 B) in the same slice, about 85 slices later, and all 255
 * send it at once. The last hop gets 1 MB in a microsecond against a 178 KB queue: half of it is trimmed,
 * and the link then idles until the next round, although every slice's credit was granted. Measured on the
 * 255:1 incast of BENCHMARKS.md ("RCCC at large fan-in"): 48.7 MB of credit granted, 25.8 MB of it delivered,
 * 6,096 trims for 6,375 packets; the receiver's link was less than half busy in 178 of 390 10 us
 * windows.
 *
 * <h2>Rule</h2>
 * The caller first divides the slice in bytes ({@link CreditShares}). If the senders held at the common
 * level (those given less than their need) would get less than {@code quantumBytes} each, their bytes are
 * pooled with the carry from the previous slice and handed out again: going round the senders in id order,
 * starting after the last one served in an earlier slice, each gets {@code min(quantumBytes, need)} while the
 * pool covers it; the first that does not fit ends the slice, and what is left (less than one packet) is
 * carried to the next slice. Senders whose need was met below the level keep their exact grant. Over a
 * round of {@code N} turns every sender gets one packet, so each still receives {@code supply / N} per
 * slice on average, RCCC's share; only its timing changes, from a trickle that every sender completes at
 * once to one packet each, staggered, about {@code supply / quantum} senders per slice. The receiver's link
 * then gets what it can drain each slice. When the level is a packet or more (two senders at 100 Gb/s get
 * 6,250 B each) the byte division stands and the carry is dropped, as it is when no sender is held at the
 * level: credit nobody wanted is not banked ({@link CreditSupply}).
 *
 * <h2>Round limit</h2>
 * The byte division is also kept while a round, one packet for each sender held at the level, is no more
 * than {@code roundLimitBytes}; the receiver's host sets it to its link's bandwidth-delay product. Such a
 * round reaching the last hop together is smaller than what the link carries in a round trip. And the byte
 * division leaves each sender a fraction of a packet it cannot spend yet, which turns do not: with credit
 * granted at exactly the link's rate nothing drains a standing queue, so in a run without trims the
 * initial credit stays in the last-hop queue, less what the senders hold. Measured at 7:1 with one packet
 * of initial credit: the last-hop queue peaks at 7 packets in bytes, 8 in turns.
 *
 * <p>Source: RCCC's rule {@code credit = receiverRate x slice / activeSenders} (UE 1.0, RCCC; the
 * nwktimes.blogspot.com RCCC post, "Target RCCC Operation - Credit Assignment") on average; the turn-taking
 * in whole packets follows htsim's UEC receiver
 * ({@code sim/uec.cpp}, {@code UecPullPacer}), which paces credit ("pulls") one packet (MTU) at a time at its
 * link's rate, taking the senders that need it in turn from a FIFO.
 */
final class CreditTurns {
    private final long quantumBytes;
    private final long roundLimitBytes;
    private long carryBytes;
    private boolean started;
    private long lastServedId;
    /** Which senders are at the level, for {@link #handOut}: kept between slices, remade when the count changes. */
    private boolean[] atLevel = new boolean[0];

    /**
     * @param quantumBytes    one packet on the wire, {@code > 0}
     * @param roundLimitBytes the largest round of one packet per sender at the level left to the byte
     *                        division, {@code >= 0}
     */
    CreditTurns(long quantumBytes, long roundLimitBytes) {
        if (quantumBytes <= 0) {
            throw new IllegalArgumentException("quantumBytes must be > 0, was " + quantumBytes);
        }
        if (roundLimitBytes < 0) {
            throw new IllegalArgumentException("roundLimitBytes must be >= 0, was " + roundLimitBytes);
        }
        this.quantumBytes = quantumBytes;
        this.roundLimitBytes = roundLimitBytes;
    }

    /**
     * Replaces the byte shares in {@code grantBytes} by whole-packet turns if the common level is below one
     * packet and a packet for each sender at the level would exceed the round limit.
     *
     * @param ids        the active senders' ids, ascending
     * @param needBytes  each sender's outstanding need
     * @param grantBytes in: the slice divided in bytes ({@link CreditShares#divide}); out: the grants
     * @return whether the turns were used (the caller then ignores the byte division's left-over rotation)
     */
    boolean handOut(long[] ids, long[] needBytes, long[] grantBytes) {
        int n = ids.length;
        long poolBytes = 0;
        long levelBytes = Long.MAX_VALUE;
        long atLevelCount = 0;
        if (atLevel.length != n) {
            atLevel = new boolean[n];
        }
        for (int i = 0; i < n; i++) {
            atLevel[i] = grantBytes[i] < needBytes[i];
            if (atLevel[i]) {
                atLevelCount++;
                levelBytes = Math.min(levelBytes, grantBytes[i]);
                poolBytes += grantBytes[i];
            }
        }
        // nobody held at the level, the level is a packet or more, or a round fits within the limit
        if (levelBytes >= quantumBytes || atLevelCount * quantumBytes <= roundLimitBytes) {
            carryBytes = 0;
            return false;
        }
        poolBytes += carryBytes;
        int start = 0;
        if (started) {
            while (start < n && ids[start] <= lastServedId) {
                start++;
            }
            if (start == n) {
                start = 0;
            }
        }
        for (int i = 0; i < n; i++) {
            if (atLevel[i]) {
                grantBytes[i] = 0;
            }
        }
        for (int step = 0; step < n; step++) {
            int i = (start + step) % n;
            if (!atLevel[i]) {
                continue;
            }
            long turnBytes = Math.min(quantumBytes, needBytes[i]);
            if (turnBytes > poolBytes) {
                break;
            }
            grantBytes[i] = turnBytes;
            poolBytes -= turnBytes;
            started = true;
            lastServedId = ids[i];
        }
        // Less than a packet is left: either the next turn did not fit, or every sender had one, each turn at
        // least the level plus one byte (its need is above its share, the packet is above the level), which is
        // no less than its share of the pool, so at most the carry remains.
        carryBytes = poolBytes;
        return true;
    }

    /** No sender is active: nothing is carried into the next busy period. */
    void idle() {
        carryBytes = 0;
    }

    /** Bytes carried into the next slice, {@code < quantumBytes}. */
    long carryBytes() {
        return carryBytes;
    }
}
