package io.fabricemu.scenario.transport;

import io.fabricemu.cc.CongestionControlKind;
import io.fabricemu.host.TransportKind;
import java.util.Objects;

/**
 * How every host's transport sends a flow.
 *
 * @param mtuBytes          largest packet on the wire, header included, {@code headerBytes < mtuBytes <= 65535}
 * @param headerBytes       bytes of every packet that are not payload (also the size of an ACK), &gt; 0
 * @param windowBytes       fixed number of bytes a flow may have in flight, {@code >= mtuBytes}
 * @param rtoPs             retransmission timeout in picoseconds, &gt; 0
 * @param congestionControl the congestion control, and with it the transport
 *                          ({@link CongestionControlKind#transport()}): {@code none} is the baseline transport
 *                          (go-back-N, fixed window); {@code roce} and {@code dcqcn} run RoCEv2 reliable
 *                          connections (without congestion control, or with DCQCN); the others run Ultra Ethernet
 * @param uet               the Ultra Ethernet transport's options (defaults unless Ultra Ethernet runs)
 * @param roce              the RoCEv2 transport's options (defaults unless RoCEv2 runs)
 */
public record TransportConfig(int mtuBytes, int headerBytes, long windowBytes, long rtoPs,
                              CongestionControlKind congestionControl, UetOptions uet, RoceOptions roce) {
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
        Objects.requireNonNull(uet, "uet");
        Objects.requireNonNull(roce, "roce");
    }

    /** Any transport, with default RoCEv2 options. */
    public TransportConfig(int mtuBytes, int headerBytes, long windowBytes, long rtoPs,
                           CongestionControlKind congestionControl, UetOptions uet) {
        this(mtuBytes, headerBytes, windowBytes, rtoPs, congestionControl, uet, RoceOptions.defaults());
    }

    /** The baseline transport, or another with default options for any other {@code congestionControl}. */
    public TransportConfig(int mtuBytes, int headerBytes, long windowBytes, long rtoPs,
                           CongestionControlKind congestionControl) {
        this(mtuBytes, headerBytes, windowBytes, rtoPs, congestionControl, UetOptions.defaults());
    }

    /** Whether the Ultra Ethernet transport runs (NSCC, RCCC or both). */
    public boolean ultraEthernet() {
        return congestionControl.transport() == TransportKind.ULTRA_ETHERNET;
    }

    /** Whether RoCEv2 reliable connections run (with or without DCQCN). */
    public boolean roceV2() {
        return congestionControl.transport() == TransportKind.ROCE_V2;
    }

    /** The values a scenario file gets when it leaves out the {@code transport} section. */
    public static TransportConfig defaults() {
        return new TransportConfig(4150, 64, 256 * 1024, 100_000_000, CongestionControlKind.NONE);
    }

    /** Payload bytes a full-size packet carries: the MTU less the header. */
    public int payloadBytes() {
        return mtuBytes - headerBytes;
    }
}
