package io.fabricemu.scenario.bind;

import io.fabricemu.cc.CongestionControlKind;
import io.fabricemu.host.TransportKind;
import io.fabricemu.lb.LoadBalancing;
import io.fabricemu.net.DeliveryMode;
import io.fabricemu.scenario.transport.RoceOptions;
import io.fabricemu.scenario.transport.TransportConfig;
import io.fabricemu.scenario.transport.UetOptions;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.scenario.yaml.Units;
import io.fabricemu.time.Ps;
import io.fabricemu.uet.MemoryParams;
import io.fabricemu.uet.NotReadyProtocol;
import io.fabricemu.uet.PdcLimit;
import java.util.List;

/**
 * Binds the optional {@code transport} section; an absent field takes its value from
 * {@link TransportConfig#defaults()}. The MTU counts the header, so the payload per packet is mtu - header.
 * {@code cc} is read here, once, into a {@link CongestionControlKind}: everything after this binder decides by
 * that typed value, not by the name.
 */
public final class TransportBinder {
    private TransportBinder() {
    }

    public static TransportConfig bind(Section t) throws ScenarioException {
        TransportConfig d = TransportConfig.defaults();
        t.declare("mtu", "header", "window", "rto", "cc", "loadBalancing", "baseRtt", "initialWindow", "windowRate",
                "receiverNotReady", "eagerSize", "bounceBuffer", "creditSlice", "initialCredit", "receiverMemory",
                "deliveryMode", "messageSize", "rnrRetry", "rnrTimer", "dcqcn", "nscc", "ack", "pdcLimit", "pdcRetry");
        t.rejectUnknownFields();
        int headerBytes = (int) t.optionalBytes("header", d.headerBytes(), 1, TransportConfig.MAX_MTU_BYTES - 1);
        int mtuBytes = (int) t.optionalBytes("mtu", d.mtuBytes(), headerBytes + 1L, TransportConfig.MAX_MTU_BYTES);
        if (headerBytes >= mtuBytes) {
            throw t.error("header", "'" + t.optional("header").text() + "' must be less than transport.mtu ("
                    + Units.exactBytes(mtuBytes) + ", the default); lower it or set mtu");
        }
        long windowBytes = t.optionalBytes("window", d.windowBytes(), mtuBytes, Limits.MAX_BUFFER_BYTES);
        long rtoPs = t.optionalTimePs("rto", d.rtoPs(), 1, Limits.MAX_TIME_PS);
        CongestionControlKind cc = CongestionControlKind.named(t.optionalOneOf("cc",
                d.congestionControl().scenarioName(), CongestionControlKind.scenarioNames()));
        UetOptions uet = bindUet(t, cc, mtuBytes);
        RoceOptions roce = RoceBinder.bind(t, cc, mtuBytes);
        try {
            return new TransportConfig(mtuBytes, headerBytes, windowBytes, rtoPs, cc, uet, roce);
        } catch (IllegalArgumentException invalid) {
            throw t.error(invalid);
        }
    }

    private static final List<String> UET_ONLY = List.of("baseRtt", "initialWindow", "windowRate", "receiverNotReady",
            "eagerSize", "bounceBuffer", "creditSlice", "initialCredit", "receiverMemory", "deliveryMode", "nscc",
            "ack", "pdcLimit", "pdcRetry");

    private static UetOptions bindUet(Section t, CongestionControlKind cc, int mtuBytes) throws ScenarioException {
        UetOptions d = UetOptions.defaults();
        String balancing = t.optionalOneOf("loadBalancing", d.loadBalancing().scenarioName(),
                LoadBalancing.scenarioNames());
        if (cc.transport() != TransportKind.ULTRA_ETHERNET) {
            List<String> uetNames = CongestionControlKind.scenarioNames(TransportKind.ULTRA_ETHERNET);
            if (!balancing.equals(LoadBalancing.ECMP.scenarioName())) {
                throw t.error("loadBalancing", "'" + balancing + "' needs the Ultra Ethernet transport: the baseline "
                        + "(cc: none) and RoCEv2 (cc: roce, dcqcn) send each flow on one path; set transport.cc to "
                        + "one of " + uetNames);
            }
            for (String key : UET_ONLY) {
                if (t.has(key)) {
                    throw t.error(key, "applies to the Ultra Ethernet transport only; set transport.cc to one of "
                            + uetNames + " or remove it");
                }
            }
            return d;
        }
        String delivery = t.optionalOneOf("deliveryMode", d.deliveryMode().scenarioName(),
                DeliveryMode.scenarioNames());
        DeliveryMode deliveryMode = DeliveryMode.named(delivery);
        if (deliveryMode == DeliveryMode.ROD && !balancing.equals(LoadBalancing.ECMP.scenarioName())) {
            throw t.error("deliveryMode", "'rod' (reliable ordered delivery) needs transport.loadBalancing: ecmp, not '"
                    + balancing + "': ordered delivery cannot use per-packet spraying, since packets on different "
                    + "paths arrive out of order and the target, which keeps no reorder buffer, would discard them "
                    + "all; use deliveryMode: rud or loadBalancing: ecmp");
        }
        long baseRttPs = t.optionalTimePs("baseRtt", d.baseRttPs(), 0, Ps.PER_S);
        long initialWindowBytes = t.optionalBytes("initialWindow", d.initialWindowBytes(), 0, Limits.MAX_BUFFER_BYTES);
        if (initialWindowBytes > 0 && initialWindowBytes < mtuBytes) {
            throw t.error("initialWindow", "'" + t.optional("initialWindow").text() + "' must be 0B (one BDP) or at"
                    + " least transport.mtu (" + Units.exactBytes(mtuBytes) + ")");
        }
        boolean windowForPort = UetOptions.WINDOW_PORT.equals(t.optionalOneOf("windowRate", UetOptions.WINDOW_NIC,
                List.of(UetOptions.WINDOW_NIC, UetOptions.WINDOW_PORT)));
        if (windowForPort && !cc.nscc()) {
            throw t.error("windowRate", "sizes NSCC's window and applies with transport.cc nscc or nscc+rccc only;"
                    + " remove it or set cc");
        }
        NotReadyProtocol notReady = notReady(t, mtuBytes);
        long creditSlicePs = t.optionalTimePs("creditSlice", d.creditSlicePs(), 1, Ps.PER_S);
        long initialCreditBytes = t.optionalBytes("initialCredit", d.initialCreditBytes(), 0, Limits.MAX_BUFFER_BYTES);
        if (cc.rccc() && initialCreditBytes < mtuBytes) {
            throw t.error("initialCredit", "'" + t.optional("initialCredit").text() + "' must be at least transport.mtu ("
                    + Units.exactBytes(mtuBytes) + ") with RCCC: a sender that cannot send one packet never sends its "
                    + "first request, and the receiver never hears of it");
        }
        MemoryParams memory = null;
        if (t.has("receiverMemory")) {
            Section m = t.requiredSection("receiverMemory");
            m.declare("writeRate", "buffer", "penaltyThreshold");
            m.rejectUnknownFields();
            long writeRateBps = m.requiredRateBps("writeRate", Limits.MIN_RATE_BPS, Limits.MAX_RATE_BPS);
            long bufferBytes = m.requiredBytes("buffer", mtuBytes, Limits.MAX_BUFFER_BYTES);
            long thresholdBytes = m.optionalBytes("penaltyThreshold", bufferBytes / 4, 0, bufferBytes - 1);
            try {
                memory = new MemoryParams(writeRateBps, bufferBytes, thresholdBytes);
            } catch (IllegalArgumentException invalid) {
                throw m.error(invalid);
            }
        }
        return new UetOptions(LoadBalancing.named(balancing), baseRttPs, initialWindowBytes, creditSlicePs,
                initialCreditBytes, memory, deliveryMode, CompanionBinder.nscc(t, cc), CompanionBinder.nsccLoop(t),
                AckBinder.bind(t.has("ack") ? t.requiredSection("ack") : null, mtuBytes), windowForPort, notReady,
                pdcLimit(t, cc, deliveryMode, notReady));
    }

    /**
     * {@code pdcLimit} and {@code pdcRetry} (the latter only with the former): targets with a full PDC table answer
     * a new PDC's packets with a receiver-not-ready message. Only with NSCC alone, RUD and request-to-wait: the
     * credit RCCC spent on a refused request, a ROD go-back and a refused rendezvous send are not modelled.
     */
    private static PdcLimit pdcLimit(Section t, CongestionControlKind cc, DeliveryMode mode, NotReadyProtocol notReady)
            throws ScenarioException {
        if (!t.has("pdcLimit")) {
            if (t.has("pdcRetry")) {
                throw t.error("pdcRetry", "is how long a source waits after a target refused its PDC and applies "
                        + "with transport.pdcLimit only; remove it or set pdcLimit");
            }
            return PdcLimit.UNLIMITED;
        }
        String why = cc.rccc() ? "transport.cc " + cc.scenarioName() + " (RCCC's credit spent on a refused request is "
                + "not modelled); use cc: nscc"
                : mode == DeliveryMode.ROD ? "transport.deliveryMode: rod (a refused packet would need a go-back); "
                + "use deliveryMode: rud"
                : notReady.kind() != NotReadyProtocol.Kind.RTW ? "transport.receiverNotReady: "
                + notReady.kind().scenarioName() + "; use rtw" : null;
        if (why != null) {
            throw t.error("pdcLimit", "is not modelled with " + why + ", or remove pdcLimit");
        }
        int entries = t.optionalInt("pdcLimit", 0, 1, PdcLimit.MAX_ENTRIES);
        long retryPs = t.optionalTimePs("pdcRetry", 0, 1, Ps.PER_S);
        return new PdcLimit(entries, retryPs);
    }

    /**
     * {@code receiverNotReady}, {@code eagerSize} and {@code bounceBuffer}: the second only with a rendezvous, the
     * third only with bounce buffers.
     */
    private static NotReadyProtocol notReady(Section t, int mtuBytes) throws ScenarioException {
        NotReadyProtocol.Kind kind = NotReadyProtocol.Kind.named(t.optionalOneOf("receiverNotReady",
                NotReadyProtocol.Kind.RTW.scenarioName(), NotReadyProtocol.Kind.scenarioNames()));
        if (kind != NotReadyProtocol.Kind.BUFFER && t.has("bounceBuffer")) {
            throw t.error("bounceBuffer", "is each target's bounce-buffer pool and applies with "
                    + "transport.receiverNotReady: buffer only (allowed values of receiverNotReady: "
                    + String.join(", ", NotReadyProtocol.Kind.scenarioNames()) + "); remove it or set "
                    + "receiverNotReady: buffer");
        }
        if (kind == NotReadyProtocol.Kind.BUFFER) {
            if (t.has("eagerSize")) {
                throw t.error("eagerSize", "is the eager part of a rendezvous send and applies with "
                        + "transport.receiverNotReady: rendezvous only; remove it or set receiverNotReady");
            }
            long poolBytes = t.optionalBytes("bounceBuffer", NotReadyProtocol.DEFAULT_BOUNCE_BUFFER_BYTES, mtuBytes,
                    Limits.MAX_BUFFER_BYTES);
            return NotReadyProtocol.bounceBuffers(poolBytes);
        }
        if (kind != NotReadyProtocol.Kind.RENDEZVOUS) {
            if (t.has("eagerSize")) {
                throw t.error("eagerSize", "is the eager part of a rendezvous send and applies with "
                        + "transport.receiverNotReady: rendezvous only; remove it or set receiverNotReady");
            }
            return NotReadyProtocol.RTW;
        }
        long eagerBytes = t.optionalBytes("eagerSize", 0, 0, Limits.MAX_BUFFER_BYTES);
        if (eagerBytes > 0 && eagerBytes < mtuBytes) {
            throw t.error("eagerSize", "'" + t.optional("eagerSize").text() + "' must be 0B (one BDP) or at least"
                    + " transport.mtu (" + Units.exactBytes(mtuBytes) + ")");
        }
        return new NotReadyProtocol(kind, eagerBytes);
    }
}
