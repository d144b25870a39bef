package io.fabricemu.switching;

import io.fabricemu.ecn.EcnPolicy;
import io.fabricemu.pfc.PfcSettings;
import io.fabricemu.rnrnak.RnrNackSettings;
import io.fabricemu.wreb.WrebSettings;

/**
 * Settings every switch of a fabric shares.
 *
 * @param latencyPs          pipeline latency, ingress to egress, greater than zero
 * @param mode               cut-through or store-and-forward
 * @param queueBytesPerClass tail-drop limit of each egress queue (port x traffic class)
 * @param trafficClasses     egress classes per port
 * @param sharedBufferBytes  size of each switch's shared buffer pool, which queues borrow from beyond their
 *                           own limit; 0 means no pool
 * @param trimming           a data packet that would be dropped is cut to its header and sent on in the
 *                           control class instead, so the receiver can ask for it at once
 * @param ecn                where and how egress queues mark ECN at dequeue
 * @param pfc                priority flow control, or {@link PfcSettings#NONE}
 * @param rnrNack            switch-generated RNR NAKs for incast, or {@link RnrNackSettings#NONE}
 * @param wreb               weighted random early back-to-sender notices, or {@link WrebSettings#OFF}
 */
public record SwitchSettings(long latencyPs, ForwardingMode mode, long queueBytesPerClass, int trafficClasses,
                             long sharedBufferBytes, boolean trimming, EcnPolicy ecn, PfcSettings pfc,
                             RnrNackSettings rnrNack, WrebSettings wreb) {

    /** Settings without switch-generated RNR NAKs or back-to-sender notices. */
    public SwitchSettings(long latencyPs, ForwardingMode mode, long queueBytesPerClass, int trafficClasses,
                          long sharedBufferBytes, boolean trimming, EcnPolicy ecn, PfcSettings pfc) {
        this(latencyPs, mode, queueBytesPerClass, trafficClasses, sharedBufferBytes, trimming, ecn, pfc,
                RnrNackSettings.NONE, WrebSettings.OFF);
    }

    /** Settings without PFC. */
    public SwitchSettings(long latencyPs, ForwardingMode mode, long queueBytesPerClass, int trafficClasses,
                          long sharedBufferBytes, boolean trimming, EcnPolicy ecn) {
        this(latencyPs, mode, queueBytesPerClass, trafficClasses, sharedBufferBytes, trimming, ecn, PfcSettings.NONE);
    }

    /** Settings without ECN marking. */
    public SwitchSettings(long latencyPs, ForwardingMode mode, long queueBytesPerClass, int trafficClasses,
                          long sharedBufferBytes, boolean trimming) {
        this(latencyPs, mode, queueBytesPerClass, trafficClasses, sharedBufferBytes, trimming, EcnPolicy.NONE);
    }

    public SwitchSettings {
        java.util.Objects.requireNonNull(ecn, "ecn");
        java.util.Objects.requireNonNull(pfc, "pfc");
        java.util.Objects.requireNonNull(rnrNack, "rnrNack");
        java.util.Objects.requireNonNull(wreb, "wreb");
        if (pfc.losslessMask() >= (1 << trafficClasses) || pfc.lossless(trafficClasses - 1)) {
            throw new IllegalArgumentException("lossless classes must be below the control class "
                    + (trafficClasses - 1) + ", mask " + pfc.losslessMask());
        }
        if (latencyPs <= 0 || queueBytesPerClass <= 0 || trafficClasses < 2 || sharedBufferBytes < 0) {
            throw new IllegalArgumentException("latencyPs " + latencyPs + ", queueBytesPerClass "
                    + queueBytesPerClass + ", trafficClasses " + trafficClasses + ", sharedBufferBytes "
                    + sharedBufferBytes);
        }
    }

    /** The highest class: control packets (ACKs, NACKs) and trimmed headers. */
    public int controlClass() {
        return trafficClasses - 1;
    }
}
