package io.fabricemu.scenario.bind;

import io.fabricemu.ecn.EcnPolicy;
import io.fabricemu.fabric.SwitchConfig;
import io.fabricemu.fault.Failover;
import io.fabricemu.rnrnak.RnrNackSettings;
import io.fabricemu.scenario.transport.TransportConfig;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.scenario.yaml.Units;
import io.fabricemu.switching.AdaptiveRouting;
import io.fabricemu.switching.ForwardingMode;
import java.util.List;

/** Binds the optional {@code switch} section; an absent field takes its value from {@link SwitchConfig#defaults()}. */
public final class SwitchBinder {
    static final List<String> FORWARDING = List.of("cut-through", "store-and-forward");
    static final List<String> BOOLEAN = List.of("false", "true");

    private SwitchBinder() {
    }

    /**
     * {@code transport.mtuBytes()} is the transport's packet size: a queue that cannot hold one packet is an
     * error; switch-generated RNR NAKs need the RoCEv2 transport, back-to-sender notices a transport whose
     * senders react to them.
     */
    public static SwitchConfig bind(Section sw, TransportConfig transport) throws ScenarioException {
        int mtuBytes = transport.mtuBytes();
        SwitchConfig d = SwitchConfig.defaults();
        sw.declare("latency", "forwarding", "queue", "sharedBuffer", "trafficClasses", "trimming", "ecn", "pfc",
                "rnrNack", "wreb", "failover", "adaptiveRouting");
        sw.rejectUnknownFields();
        long latencyPs = sw.optionalTimePs("latency", d.latencyPs(), 1, Limits.MAX_TIME_PS);
        String forwarding = sw.optionalOneOf("forwarding", FORWARDING.get(d.forwarding().ordinal()), FORWARDING);
        long queueBytes = sw.optionalBytes("queue", d.queueBytes(), 1, Limits.MAX_BUFFER_BYTES);
        if (queueBytes < mtuBytes) {
            throw sw.error("queue", "'" + sw.optional("queue").text() + "' cannot hold one packet; it must be at"
                    + " least transport.mtu (" + Units.exactBytes(mtuBytes) + ")");
        }
        long sharedBufferBytes = sw.optionalBytes("sharedBuffer", d.sharedBufferBytes(), 0, Limits.MAX_BUFFER_BYTES);
        int trafficClasses = sw.optionalInt("trafficClasses", d.trafficClasses(),
                SwitchConfig.MIN_TRAFFIC_CLASSES, SwitchConfig.MAX_TRAFFIC_CLASSES);
        boolean trimming = "true".equals(sw.optionalOneOf("trimming", String.valueOf(d.trimming()), BOOLEAN));
        ForwardingMode mode = ForwardingMode.values()[FORWARDING.indexOf(forwarding)];
        RnrNackSettings rnrNack = RnrNackBinder.bind(sw, queueBytes, sharedBufferBytes, transport.congestionControl());
        Failover failover = FailoverBinder.bind(sw);
        AdaptiveRouting adaptive = AdaptiveRoutingBinder.bind(sw);
        try {
            EcnPolicy ecn = EcnBinder.bind(sw, trafficClasses);
            return new SwitchConfig(latencyPs, mode, queueBytes, sharedBufferBytes, trafficClasses, trimming, ecn,
                    PfcBinder.bind(sw, trafficClasses, mtuBytes), rnrNack, WrebBinder.bind(sw, !ecn.rules().isEmpty(),
                            transport.ultraEthernet() || transport.roceV2(),
                            transport.congestionControl().scenarioName()), failover, adaptive);
        } catch (IllegalArgumentException invalid) {
            throw sw.error(invalid);
        }
    }
}
