package io.fabricemu.fabric;

import io.fabricemu.ecn.EcnPolicy;
import io.fabricemu.fault.Failover;
import io.fabricemu.switching.AdaptiveRouting;
import io.fabricemu.pfc.PfcSettings;
import io.fabricemu.rnrnak.RnrNackSettings;
import io.fabricemu.switching.ForwardingMode;
import io.fabricemu.switching.SwitchBasics;
import io.fabricemu.wreb.WrebSettings;
import java.util.Objects;

/**
 * What every switch of a scenario's fabric is like, from the scenario file's {@code switch} section to the
 * switches the fabric builds.
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
 * @param pfc               priority flow control, or {@link PfcSettings#NONE}; its lossless classes are below
 *                          the control class
 * @param rnrNack           switch-generated RNR NAKs for incast, or {@link RnrNackSettings#OFF}; a
 *                          {@link io.fabricemu.rnrnak.PairRtt#DERIVED} round trip stands for each host pair's
 *                          zero-load round trip, which the run derives from the topology
 * @param wreb              back-to-sender notices, or {@link WrebSettings#OFF}; a notice size of 0 stands for
 *                          the transport's header size
 * @param failover          how soon routing stops choosing a link that went down, and chooses it again once up
 * @param adaptive          switch adaptive routing, or {@link AdaptiveRouting#OFF} (ECMP hashing)
 */
public record SwitchConfig(long latencyPs, ForwardingMode forwarding, long queueBytes, long sharedBufferBytes,
                           int trafficClasses, boolean trimming, EcnPolicy ecn, PfcSettings pfc,
                           RnrNackSettings rnrNack, WrebSettings wreb, Failover failover, AdaptiveRouting adaptive)
        implements SwitchBasics {
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
        Objects.requireNonNull(failover, "failover");
        Objects.requireNonNull(adaptive, "adaptive");
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
        if (pfc.losslessMask() >= (1 << trafficClasses) || pfc.lossless(trafficClasses - 1)) {
            throw new IllegalArgumentException("lossless classes must be below the control class "
                    + (trafficClasses - 1) + ", mask " + pfc.losslessMask());
        }
    }

    /** A switch whose routing reacts to a link's change in {@link Failover#DEFAULT} times. */
    public SwitchConfig(long latencyPs, ForwardingMode forwarding, long queueBytes, long sharedBufferBytes,
                        int trafficClasses, boolean trimming, EcnPolicy ecn, PfcSettings pfc, RnrNackSettings rnrNack,
                        WrebSettings wreb) {
        this(latencyPs, forwarding, queueBytes, sharedBufferBytes, trafficClasses, trimming, ecn, pfc, rnrNack, wreb,
                Failover.DEFAULT, AdaptiveRouting.OFF);
    }

    /**
     * The values a scenario file gets when it leaves out the {@code switch} section: 500 ns, cut-through, 1 MiB
     * queues, no shared pool, two classes, no trimming, ECN, PFC, RNR NAKs or notices, and the default failover
     * times.
     */
    public static SwitchConfig defaults() {
        return new SwitchConfig(500_000, ForwardingMode.CUT_THROUGH, 1L << 20, 0, MIN_TRAFFIC_CLASSES, false,
                EcnPolicy.NONE, PfcSettings.NONE, RnrNackSettings.OFF, WrebSettings.OFF, Failover.DEFAULT,
                AdaptiveRouting.OFF);
    }

    public SwitchConfig withLatencyPs(long ps) {
        return new SwitchConfig(ps, forwarding, queueBytes, sharedBufferBytes, trafficClasses, trimming, ecn, pfc,
                rnrNack, wreb, failover, adaptive);
    }

    public SwitchConfig withForwarding(ForwardingMode mode) {
        return new SwitchConfig(latencyPs, mode, queueBytes, sharedBufferBytes, trafficClasses, trimming, ecn, pfc,
                rnrNack, wreb, failover, adaptive);
    }

    public SwitchConfig withQueueBytes(long bytes) {
        return new SwitchConfig(latencyPs, forwarding, bytes, sharedBufferBytes, trafficClasses, trimming, ecn, pfc,
                rnrNack, wreb, failover, adaptive);
    }

    public SwitchConfig withSharedBufferBytes(long bytes) {
        return new SwitchConfig(latencyPs, forwarding, queueBytes, bytes, trafficClasses, trimming, ecn, pfc,
                rnrNack, wreb, failover, adaptive);
    }

    public SwitchConfig withTrafficClasses(int classes) {
        return new SwitchConfig(latencyPs, forwarding, queueBytes, sharedBufferBytes, classes, trimming, ecn, pfc,
                rnrNack, wreb, failover, adaptive);
    }

    public SwitchConfig withTrimming(boolean on) {
        return new SwitchConfig(latencyPs, forwarding, queueBytes, sharedBufferBytes, trafficClasses, on, ecn, pfc,
                rnrNack, wreb, failover, adaptive);
    }

    public SwitchConfig withEcn(EcnPolicy policy) {
        return new SwitchConfig(latencyPs, forwarding, queueBytes, sharedBufferBytes, trafficClasses, trimming,
                policy, pfc, rnrNack, wreb, failover, adaptive);
    }

    public SwitchConfig withPfc(PfcSettings settings) {
        return new SwitchConfig(latencyPs, forwarding, queueBytes, sharedBufferBytes, trafficClasses, trimming, ecn,
                settings, rnrNack, wreb, failover, adaptive);
    }

    public SwitchConfig withRnrNack(RnrNackSettings settings) {
        return new SwitchConfig(latencyPs, forwarding, queueBytes, sharedBufferBytes, trafficClasses, trimming, ecn,
                pfc, settings, wreb, failover, adaptive);
    }

    public SwitchConfig withWreb(WrebSettings settings) {
        return new SwitchConfig(latencyPs, forwarding, queueBytes, sharedBufferBytes, trafficClasses, trimming, ecn,
                pfc, rnrNack, settings, failover, adaptive);
    }

    public SwitchConfig withFailover(Failover times) {
        return new SwitchConfig(latencyPs, forwarding, queueBytes, sharedBufferBytes, trafficClasses, trimming, ecn,
                pfc, rnrNack, wreb, times, adaptive);
    }

    public SwitchConfig withAdaptive(AdaptiveRouting routing) {
        return new SwitchConfig(latencyPs, forwarding, queueBytes, sharedBufferBytes, trafficClasses, trimming, ecn,
                pfc, rnrNack, wreb, failover, routing);
    }
}
