package io.fabricemu.cc;

import io.fabricemu.host.TransportKind;
import java.util.Arrays;
import java.util.List;

/**
 * The congestion control a scenario runs ({@code transport.cc}), and with it the transport that carries it:
 * the typed value the scenario binder makes once from the name, from which the run picks the NIC protocol
 * and each sender's {@link CongestionController}. Nothing after the binder looks at the name.
 */
public enum CongestionControlKind {
    /** The baseline transport under a fixed window ({@code baseline.FixedWindow}). */
    NONE("none", TransportKind.BASELINE, false, false),
    /** Ultra Ethernet, each context running NSCC's window ({@code uet.cc.Nscc}). */
    NSCC("nscc", TransportKind.ULTRA_ETHERNET, true, false),
    /** Ultra Ethernet, each context spending RCCC's receiver-granted credit ({@code uet.cc.CreditSender}). */
    RCCC("rccc", TransportKind.ULTRA_ETHERNET, false, true),
    /** Ultra Ethernet, each context running both: a packet needs window and credit. */
    NSCC_RCCC("nscc+rccc", TransportKind.ULTRA_ETHERNET, true, true),
    /** RoCEv2 reliable connections at line rate, without congestion control. */
    ROCE("roce", TransportKind.ROCE_V2, false, false),
    /** RoCEv2 reliable connections, each requester paced by DCQCN ({@code roce.DcqcnControl}). */
    DCQCN("dcqcn", TransportKind.ROCE_V2, false, false);

    private final String scenarioName;
    private final TransportKind transport;
    private final boolean nscc;
    private final boolean rccc;

    CongestionControlKind(String scenarioName, TransportKind transport, boolean nscc, boolean rccc) {
        this.scenarioName = scenarioName;
        this.transport = transport;
        this.nscc = nscc;
        this.rccc = rccc;
    }

    /** How scenario files spell it. */
    public String scenarioName() {
        return scenarioName;
    }

    /** The transport every NIC runs under it. */
    public TransportKind transport() {
        return transport;
    }

    /** Whether Ultra Ethernet contexts run NSCC. */
    public boolean nscc() {
        return nscc;
    }

    /** Whether Ultra Ethernet contexts run RCCC. */
    public boolean rccc() {
        return rccc;
    }

    /** Whether RoCEv2 requesters run DCQCN. */
    public boolean dcqcn() {
        return this == DCQCN;
    }

    /** Every scenario spelling, in declaration order. */
    public static List<String> scenarioNames() {
        return Arrays.stream(values()).map(CongestionControlKind::scenarioName).toList();
    }

    /** The scenario spellings of the kinds that run {@code transport}, in declaration order. */
    public static List<String> scenarioNames(TransportKind transport) {
        return Arrays.stream(values()).filter(k -> k.transport == transport).map(CongestionControlKind::scenarioName)
                .toList();
    }

    /** The kind spelled {@code name} in a scenario. */
    public static CongestionControlKind named(String name) {
        for (CongestionControlKind k : values()) {
            if (k.scenarioName.equals(name)) {
                return k;
            }
        }
        throw new IllegalArgumentException("congestion control must be one of " + scenarioNames() + ", was " + name);
    }
}
