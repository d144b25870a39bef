package io.fabricemu.scenario;

import io.fabricemu.ecn.EcnPolicy;
import io.fabricemu.pfc.PfcSettings;
import io.fabricemu.switching.ForwardingMode;
import io.fabricemu.wreb.WrebSettings;
import java.util.Objects;

/**
 * What every switch of a scenario's fabric is like.
 *
 * @param latencyPs         pipeline latency of one hop inside a switch in picoseconds, &gt; 0 (every hop
 *                          must take positive virtual time: it is the engine's lookahead)
 * @param forwarding        cut-through or store-and-forward
 * @param queueBytes        limit of one egress queue, that is per port and per traffic class, &gt; 0
 * @param sharedBufferBytes per-switch shared pool that queues may borrow from; 0 means no shared pool
 * @param trafficClasses    number of traffic classes, 2..8; class 0 carries data and the highest class
 *                          carries control packets (ACKs, NACKs)
 * @param trimming          cut a data packet that would be dropped to its header and send it on in the
 *                          control class (UET packet trimming)
 * @param ecn               ECN marking rules for the egress queues
 * @param pfc               priority flow control, or {@link PfcSettings#NONE}
 * @param rnrNack           switch-generated RNR NAKs for incast, or {@link RnrNackOptions#OFF}
 * @param wreb              back-to-sender notices, or {@link WrebSettings#OFF}; a notice size of 0 stands for
 *                          the transport's header size
 */
public record SwitchConfig(long latencyPs, ForwardingMode forwarding, long queueBytes, long sharedBufferBytes,
                           int trafficClasses, boolean trimming, EcnPolicy ecn, PfcSettings pfc,
                           RnrNackOptions rnrNack, WrebSettings wreb) {

    /** A configuration without switch-generated RNR NAKs or back-to-sender notices. */
    public SwitchConfig(long latencyPs, ForwardingMode forwarding, long queueBytes, long sharedBufferBytes,
                        int trafficClasses, boolean trimming, EcnPolicy ecn, PfcSettings pfc) {
        this(latencyPs, forwarding, queueBytes, sharedBufferBytes, trafficClasses, trimming, ecn, pfc,
                RnrNackOptions.OFF, WrebSettings.OFF);
    }

    /** A configuration without PFC. */
    public SwitchConfig(long latencyPs, ForwardingMode forwarding, long queueBytes, long sharedBufferBytes,
                        int trafficClasses, boolean trimming, EcnPolicy ecn) {
        this(latencyPs, forwarding, queueBytes, sharedBufferBytes, trafficClasses, trimming, ecn, PfcSettings.NONE);
    }

    /** A configuration without ECN marking. */
    public SwitchConfig(long latencyPs, ForwardingMode forwarding, long queueBytes, long sharedBufferBytes,
                        int trafficClasses, boolean trimming) {
        this(latencyPs, forwarding, queueBytes, sharedBufferBytes, trafficClasses, trimming, EcnPolicy.NONE);
    }

    public static final int MIN_TRAFFIC_CLASSES = 2;
    public static final int MAX_TRAFFIC_CLASSES = 8;

    public SwitchConfig {
        if (latencyPs <= 0) {
            throw new IllegalArgumentException("latencyPs must be > 0, was " + latencyPs);
        }
        Objects.requireNonNull(forwarding, "forwarding");
        Objects.requireNonNull(ecn, "ecn");
        Objects.requireNonNull(pfc, "pfc");
        Objects.requireNonNull(rnrNack, "rnrNack");
        Objects.requireNonNull(wreb, "wreb");
        if (queueBytes <= 0) {
            throw new IllegalArgumentException("queueBytes must be > 0, was " + queueBytes);
        }
        if (sharedBufferBytes < 0) {
            throw new IllegalArgumentException("sharedBufferBytes must be >= 0, was " + sharedBufferBytes);
        }
        if (trafficClasses < MIN_TRAFFIC_CLASSES || trafficClasses > MAX_TRAFFIC_CLASSES) {
            throw new IllegalArgumentException("trafficClasses must be " + MIN_TRAFFIC_CLASSES + ".."
                    + MAX_TRAFFIC_CLASSES + ", was " + trafficClasses);
        }
    }

    /** The values a scenario file gets when it leaves out the {@code switch} section. */
    public static SwitchConfig defaults() {
        return new SwitchConfig(500_000, ForwardingMode.CUT_THROUGH, 1L << 20, 0, 2, false);
    }
}
