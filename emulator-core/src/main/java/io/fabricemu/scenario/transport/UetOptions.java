package io.fabricemu.scenario.transport;

import io.fabricemu.lb.LoadBalancing;
import io.fabricemu.net.DeliveryMode;
import io.fabricemu.uet.AckPolicy;
import io.fabricemu.uet.MemoryParams;
import io.fabricemu.uet.NotReadyProtocol;
import io.fabricemu.uet.PdcLimit;
import io.fabricemu.uet.cc.NsccCompanions;
import io.fabricemu.uet.cc.NsccLoop;
import io.fabricemu.uet.cc.RcccParams;
import java.util.Objects;

/**
 * The Ultra Ethernet transport's options in a scenario's {@code transport} section; they apply when
 * {@code transport.cc} names NSCC, RCCC or both.
 *
 * @param loadBalancing      how each PDC picks its packets' entropy values
 * @param baseRttPs          config_base_rtt in ps; 0 derives it from the topology's longest path
 * @param initialWindowBytes NSCC's initial window; 0 for one BDP
 * @param creditSlicePs      RCCC's credit time slice, in ps
 * @param initialCreditBytes RCCC's pre-provisioned credit of a new context
 * @param receiverMemory     the receivers' memory write path, or null when memory keeps up with any rate
 * @param deliveryMode       every PDC's delivery mode, RUD or ROD (ROD only with ECMP)
 * @param nsccCompanions     NSCC's companion mechanisms of US 12,388,756 ({@link NsccCompanions#OFF} for none)
 * @param nsccLoop           how NSCC turns ACKs into window changes ({@code transport.nscc.loop})
 * @param ackPolicy          when targets send ACK_CCs ({@code transport.ack})
 * @param windowForPort      NSCC sizes its BDP and MaxWnd for one port of a multi-plane NIC, as the reference
 *                           simulator does, not for the NIC's ports added up ({@code transport.windowRate: port})
 * @param notReady           what sources and targets do about receives posted late ({@code transport.receiverNotReady},
 *                           {@code transport.eagerSize})
 * @param pdcLimit           how many PDC entries a target holds at once, and how long a refused source waits
 *                           ({@code transport.pdcLimit}, {@code transport.pdcRetry})
 */
public record UetOptions(LoadBalancing loadBalancing, long baseRttPs, long initialWindowBytes, long creditSlicePs,
                         long initialCreditBytes, MemoryParams receiverMemory, DeliveryMode deliveryMode,
                         NsccCompanions nsccCompanions, NsccLoop nsccLoop, AckPolicy ackPolicy,
                         boolean windowForPort, NotReadyProtocol notReady, PdcLimit pdcLimit) {
    /** {@code transport.windowRate}: the NIC's rate (its ports added up), the default. */
    public static final String WINDOW_NIC = "nic";
    /** {@code transport.windowRate}: one port's rate. */
    public static final String WINDOW_PORT = "port";

    public UetOptions {
        Objects.requireNonNull(ackPolicy, "ackPolicy");
        Objects.requireNonNull(notReady, "notReady");
        Objects.requireNonNull(pdcLimit, "pdcLimit");
        Objects.requireNonNull(nsccCompanions, "nsccCompanions");
        Objects.requireNonNull(nsccLoop, "nsccLoop");
        Objects.requireNonNull(loadBalancing, "loadBalancing");
        Objects.requireNonNull(deliveryMode, "deliveryMode");
        if (deliveryMode == DeliveryMode.ROD && loadBalancing != LoadBalancing.ECMP) {
            throw new IllegalArgumentException("ordered delivery needs ECMP, not " + loadBalancing.scenarioName());
        }
        if (baseRttPs < 0 || initialWindowBytes < 0 || creditSlicePs <= 0 || initialCreditBytes < 0) {
            throw new IllegalArgumentException("baseRttPs " + baseRttPs + " and initialWindowBytes " + initialWindowBytes
                    + " must be >= 0, creditSlicePs " + creditSlicePs + " > 0, initialCreditBytes " + initialCreditBytes
                    + " >= 0");
        }
    }

    /** As the canonical constructor, every target with room for every PDC. */
    public UetOptions(LoadBalancing loadBalancing, long baseRttPs, long initialWindowBytes, long creditSlicePs,
                      long initialCreditBytes, MemoryParams receiverMemory, DeliveryMode deliveryMode,
                      NsccCompanions nsccCompanions, NsccLoop nsccLoop, AckPolicy ackPolicy, boolean windowForPort,
                      NotReadyProtocol notReady) {
        this(loadBalancing, baseRttPs, initialWindowBytes, creditSlicePs, initialCreditBytes, receiverMemory,
                deliveryMode, nsccCompanions, nsccLoop, ackPolicy, windowForPort, notReady, PdcLimit.UNLIMITED);
    }

    /** As the canonical constructor, receivers not ready answered by request-to-wait. */
    public UetOptions(LoadBalancing loadBalancing, long baseRttPs, long initialWindowBytes, long creditSlicePs,
                      long initialCreditBytes, MemoryParams receiverMemory, DeliveryMode deliveryMode,
                      NsccCompanions nsccCompanions, NsccLoop nsccLoop, AckPolicy ackPolicy, boolean windowForPort) {
        this(loadBalancing, baseRttPs, initialWindowBytes, creditSlicePs, initialCreditBytes, receiverMemory,
                deliveryMode, nsccCompanions, nsccLoop, ackPolicy, windowForPort, NotReadyProtocol.RTW);
    }

    /** As the canonical constructor, NSCC's window sized for the whole NIC. */
    public UetOptions(LoadBalancing loadBalancing, long baseRttPs, long initialWindowBytes, long creditSlicePs,
                      long initialCreditBytes, MemoryParams receiverMemory, DeliveryMode deliveryMode,
                      NsccCompanions nsccCompanions, NsccLoop nsccLoop, AckPolicy ackPolicy) {
        this(loadBalancing, baseRttPs, initialWindowBytes, creditSlicePs, initialCreditBytes, receiverMemory,
                deliveryMode, nsccCompanions, nsccLoop, ackPolicy, false);
    }

    /** As the canonical constructor, with the reference simulator's ACK coalescing. */
    public UetOptions(LoadBalancing loadBalancing, long baseRttPs, long initialWindowBytes, long creditSlicePs,
                      long initialCreditBytes, MemoryParams receiverMemory, DeliveryMode deliveryMode,
                      NsccCompanions nsccCompanions, NsccLoop nsccLoop) {
        this(loadBalancing, baseRttPs, initialWindowBytes, creditSlicePs, initialCreditBytes, receiverMemory,
                deliveryMode, nsccCompanions, nsccLoop, AckPolicy.REFERENCE);
    }

    /** As the canonical constructor, running the reference simulator's NSCC loop and ACK coalescing. */
    public UetOptions(LoadBalancing loadBalancing, long baseRttPs, long initialWindowBytes, long creditSlicePs,
                      long initialCreditBytes, MemoryParams receiverMemory, DeliveryMode deliveryMode,
                      NsccCompanions nsccCompanions) {
        this(loadBalancing, baseRttPs, initialWindowBytes, creditSlicePs, initialCreditBytes, receiverMemory,
                deliveryMode, nsccCompanions, NsccLoop.REFERENCE);
    }

    /** As the canonical constructor, without NSCC companion mechanisms. */
    public UetOptions(LoadBalancing loadBalancing, long baseRttPs, long initialWindowBytes, long creditSlicePs,
                      long initialCreditBytes, MemoryParams receiverMemory, DeliveryMode deliveryMode) {
        this(loadBalancing, baseRttPs, initialWindowBytes, creditSlicePs, initialCreditBytes, receiverMemory,
                deliveryMode, NsccCompanions.OFF);
    }

    /** Per-flow ECMP, a derived base RTT, a one-BDP window, the default RCCC constants, unlimited memory, RUD. */
    public static UetOptions defaults() {
        return new UetOptions(LoadBalancing.ECMP, 0, 0, RcccParams.DEFAULT_SLICE_LENGTH_PS,
                RcccParams.DEFAULT_INITIAL_CREDIT_BYTES, null,
                DeliveryMode.RUD);
    }
}
