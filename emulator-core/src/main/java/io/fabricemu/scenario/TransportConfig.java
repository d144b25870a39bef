package io.fabricemu.scenario;

import java.util.List;
import java.util.Objects;

/**
 * How every host's transport sends a flow.
 *
 * @param mtuBytes          largest packet on the wire, header included, {@code headerBytes < mtuBytes <= 65535}
 * @param headerBytes       bytes of every packet that are not payload (also the size of an ACK), &gt; 0
 * @param windowBytes       fixed number of bytes a flow may have in flight, {@code >= mtuBytes}
 * @param rtoPs             retransmission timeout in picoseconds, &gt; 0
 * @param congestionControl name of the congestion controller, one of {@link #CONGESTION_CONTROLS}: "none" is
 *                          the baseline transport (go-back-N, fixed window); the others run Ultra Ethernet
 * @param uet               the Ultra Ethernet transport's options (defaults when the baseline runs)
 */
public record TransportConfig(int mtuBytes, int headerBytes, long windowBytes, long rtoPs,
                              String congestionControl, UetOptions uet) {
    /** Every congestion controller a scenario may name; later controllers are added here only. */
    public static final List<String> CONGESTION_CONTROLS = List.of("none", "nscc", "rccc", "nscc+rccc");
    public static final int MAX_MTU_BYTES = 65_535;

    public TransportConfig {
        if (headerBytes <= 0) {
            throw new IllegalArgumentException("headerBytes must be > 0, was " + headerBytes);
        }
        if (mtuBytes <= headerBytes || mtuBytes > MAX_MTU_BYTES) {
            throw new IllegalArgumentException("mtuBytes must be > headerBytes (" + headerBytes + ") and <= "
                    + MAX_MTU_BYTES + ", was " + mtuBytes);
        }
        if (windowBytes < mtuBytes) {
            throw new IllegalArgumentException("windowBytes must be >= mtuBytes (" + mtuBytes + "), was "
                    + windowBytes);
        }
        if (rtoPs <= 0) {
            throw new IllegalArgumentException("rtoPs must be > 0, was " + rtoPs);
        }
        Objects.requireNonNull(congestionControl, "congestionControl");
        if (!CONGESTION_CONTROLS.contains(congestionControl)) {
            throw new IllegalArgumentException("congestionControl must be one of " + CONGESTION_CONTROLS
                    + ", was " + congestionControl);
        }
        Objects.requireNonNull(uet, "uet");
    }

    /** The baseline transport, or Ultra Ethernet with default options for any other {@code congestionControl}. */
    public TransportConfig(int mtuBytes, int headerBytes, long windowBytes, long rtoPs, String congestionControl) {
        this(mtuBytes, headerBytes, windowBytes, rtoPs, congestionControl, UetOptions.defaults());
    }

    /** Whether the Ultra Ethernet transport runs (any congestion control but "none"). */
    public boolean ultraEthernet() {
        return !"none".equals(congestionControl);
    }

    /** Whether UET contexts run NSCC. */
    public boolean nscc() {
        return congestionControl.contains("nscc");
    }

    /** Whether UET contexts run RCCC. */
    public boolean rccc() {
        return congestionControl.contains("rccc");
    }

    /** The values a scenario file gets when it leaves out the {@code transport} section. */
    public static TransportConfig defaults() {
        return new TransportConfig(4150, 64, 256 * 1024, 100_000_000, "none");
    }

    /** Payload bytes a full-size packet carries: the MTU less the header. */
    public int payloadBytes() {
        return mtuBytes - headerBytes;
    }
}
