package io.fabricemu.switching;

/**
 * The byte count of one switch's shared buffer pool: how many bytes are free and how many each port holds
 * on lease. Only the pool's element touches it.
 *
 * <p>Grants follow dynamic thresholds (A. K. Choudhury and E. L. Hahne, "Dynamic queue length thresholds
 * for shared-memory packet switches", IEEE/ACM Transactions on Networking 6(2), 1998): a queue may take
 * buffer while its length is below {@code ALPHA x} the free buffer, so one congested port can never take
 * it all and a newly congested port always finds some. Here a port's lease stands for its queue length:
 * after a grant of {@code g} a port holding {@code held} must satisfy
 * {@code held + g <= ALPHA x (free - g)}, hence
 * {@code g = min(asked, max(0, floor((ALPHA x free - held) / (1 + ALPHA))))}.
 *
 * <p>{@code ALPHA = 2}, not the usual 1, because a lease is not a queue length: every port keeps a reserve
 * of up to {@code 2 x low} bytes of headroom leased ahead of need ({@link SharedLease}), and the pool counts
 * those reserves as taken. With {@code ALPHA = 1} a single congested port would get half of what the
 * reserves leave, {@code (size - reserves) / 2}; {@code ALPHA = 2} gives it {@code 2/3} of that, which is
 * the classic single-queue share of {@code ALPHA = 1}, {@code size / 2}, when the reserves hold a quarter of
 * the pool (they hold at most half). Measured on incast-shared-buffer.yaml (7:1, 64 KiB queues, 4 MiB
 * pool, 1.3 MB of reserves on the other nine ports): {@code ALPHA = 1} caps the hot port at 1.51 MB and
 * drops 772 packets, {@code ALPHA = 2} lets its queue reach the 1.82 MB the windows need, with no drop.
 * With {@code n} equally congested ports and no reserves each settles at {@code 2 x size / (2n + 1)}.
 *
 * <p>Invariant, checked on every change: {@code free + sum of leases == size}, all of them non-negative.
 * Bytes a port has returned count as leased until the return arrives here.
 */
public final class PoolLedger {
    /** The dynamic-threshold factor: after a grant a port holds at most {@code ALPHA x} the free bytes. */
    static final long ALPHA = 2;

    private final long sizeBytes;
    private final long[] heldBytes;
    private long freeBytes;
    private long peakLeasedBytes;

    PoolLedger(long sizeBytes, int ports) {
        if (sizeBytes <= 0 || ports < 1) {
            throw new IllegalArgumentException("sizeBytes " + sizeBytes + ", ports " + ports);
        }
        this.sizeBytes = sizeBytes;
        this.heldBytes = new long[ports];
        this.freeBytes = sizeBytes;
    }

    /** Leases bytes to {@code port}: returns how many, from 0 to {@code askedBytes}. */
    long grant(int port, long askedBytes) {
        if (askedBytes <= 0) {
            throw new IllegalArgumentException("port " + port + " asked for " + askedBytes + " bytes");
        }
        long capBytes = Math.max(0, (ALPHA * freeBytes - heldBytes[port]) / (1 + ALPHA));
        long grantedBytes = Math.min(askedBytes, capBytes);
        freeBytes -= grantedBytes;
        heldBytes[port] += grantedBytes;
        long leased = sizeBytes - freeBytes;
        if (leased > peakLeasedBytes) {
            peakLeasedBytes = leased;
        }
        checkInvariant();
        return grantedBytes;
    }

    /** {@code port} gave back {@code bytes} of its lease. */
    void giveBack(int port, long bytes) {
        if (bytes <= 0 || bytes > heldBytes[port]) {
            throw new IllegalStateException("port " + port + " returned " + bytes + " bytes but holds "
                    + heldBytes[port]);
        }
        heldBytes[port] -= bytes;
        freeBytes += bytes;
        checkInvariant();
    }

    private void checkInvariant() {
        long sum = freeBytes;
        for (long h : heldBytes) {
            sum += h;
        }
        if (freeBytes < 0 || sum != sizeBytes) {
            throw new IllegalStateException("pool of " + sizeBytes + " bytes: " + freeBytes + " free, "
                    + (sum - freeBytes) + " leased");
        }
    }

    public long freeBytes() {
        return freeBytes;
    }

    long heldBytes(int port) {
        return heldBytes[port];
    }

    /** Bytes leased to all ports together now. */
    public long leasedBytes() {
        return sizeBytes - freeBytes;
    }

    /** The most bytes leased to all ports together at once. */
    public long peakLeasedBytes() {
        return peakLeasedBytes;
    }
}
