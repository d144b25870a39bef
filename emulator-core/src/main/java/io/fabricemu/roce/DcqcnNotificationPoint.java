package io.fabricemu.roce;

/**
 * The notification point of DCQCN for one QP, at the receiving NIC (Zhu et al., SIGCOMM 2015, section 3.1):
 * a data packet that arrives marked CE makes a congestion notification packet (CNP) back to the sender,
 * unless a CNP went back for this QP less than {@code cnpIntervalPs} ago (N = 50 us in the paper).
 */
public final class DcqcnNotificationPoint {
    private final long cnpIntervalPs;
    private long lastCnpPs;
    private boolean sentAny;
    private long cnps;

    public DcqcnNotificationPoint(long cnpIntervalPs) {
        if (cnpIntervalPs < 0) {
            throw new IllegalArgumentException("cnpIntervalPs must be >= 0, was " + cnpIntervalPs);
        }
        this.cnpIntervalPs = cnpIntervalPs;
    }

    /**
     * A CE-marked packet of this QP arrived at {@code nowPs}.
     *
     * @return true when a CNP is to be sent now
     */
    public boolean onCeMarked(long nowPs) {
        if (sentAny && nowPs - lastCnpPs < cnpIntervalPs) {
            return false;
        }
        sentAny = true;
        lastCnpPs = nowPs;
        cnps++;
        return true;
    }

    /** CNPs sent. */
    public long cnps() {
        return cnps;
    }
}
