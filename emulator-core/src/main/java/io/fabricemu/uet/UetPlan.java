package io.fabricemu.uet;

import io.fabricemu.lb.LoadBalancing;
import io.fabricemu.net.DeliveryMode;
import io.fabricemu.uet.cc.NsccCompanions;
import io.fabricemu.uet.cc.NsccLoop;
import java.util.function.IntToLongFunction;

/**
 * How every NIC runs the Ultra Ethernet transport: which congestion control its contexts run, how they
 * spread packets over paths, and the receivers' memory.
 *
 * @param nscc               contexts run NSCC (the sender's window)
 * @param rccc               contexts run RCCC (the receiver's credit)
 * @param baseRttPs          config_base_rtt, the zero-load round trip of the longest path, in ps
 * @param initialWindowBytes NSCC's initial window; 0 for one BDP of the path
 * @param trimming           switches trim: NSCC then aims at a queuing delay of one base RTT, not 3/4, and REPS
 *                           freezes on a timeout ({@link io.fabricemu.lb.Reps})
 * @param sliceLengthPs      RCCC's credit time slice, in ps
 * @param initialCreditBytes RCCC's pre-provisioned credit of a new context, in bytes
 * @param loadBalancing      how a PDC picks each packet's entropy value
 * @param memory             the receivers' memory write path, or null when memory keeps up with any rate
 * @param hostRateBps        the line rate of each host's NIC, by host id
 * @param deliveryMode       every PDC's delivery mode; ROD needs one path per PDC ({@link LoadBalancing#ECMP})
 * @param nsccCompanions     the companion mechanisms NSCC runs ({@link NsccCompanions#OFF} for none)
 * @param nsccLoop           how NSCC turns ACKs into window changes (the reference simulator's loop or per ACK):
 *                           it makes each context's window ({@link NsccLoop#create})
 * @param ackPolicy          when targets send ACK_CCs: coalesced as the reference simulator does, or per packet
 * @param windowForPort      NSCC sizes its BDP and MaxWnd for one port of a multi-plane NIC (the reference
 *                           simulator's {@code UecSrc::initNscc} takes {@code UecNIC::linkspeed()}), not for the NIC
 * @param notReady           what sources and targets do about receives posted late (request-to-wait, or rendezvous)
 * @param pdcLimit           how many PDC entries a target holds at once, and how long a refused source waits
 */
public record UetPlan(boolean nscc, boolean rccc, long baseRttPs, long initialWindowBytes, boolean trimming,
                      long sliceLengthPs, long initialCreditBytes, LoadBalancing loadBalancing, MemoryParams memory,
                      IntToLongFunction hostRateBps, DeliveryMode deliveryMode, NsccCompanions nsccCompanions,
                      NsccLoop nsccLoop, AckPolicy ackPolicy, boolean windowForPort, NotReadyProtocol notReady,
                      PdcLimit pdcLimit) {
    public UetPlan {
        java.util.Objects.requireNonNull(notReady, "notReady");
        java.util.Objects.requireNonNull(pdcLimit, "pdcLimit");
        java.util.Objects.requireNonNull(ackPolicy, "ackPolicy");
        java.util.Objects.requireNonNull(nsccCompanions, "nsccCompanions");
        java.util.Objects.requireNonNull(nsccLoop, "nsccLoop");
        if (!nscc && !rccc) {
            throw new IllegalArgumentException("UET contexts need NSCC, RCCC or both");
        }
        java.util.Objects.requireNonNull(deliveryMode, "deliveryMode");
        if (deliveryMode == DeliveryMode.ROD && loadBalancing != LoadBalancing.ECMP) {
            throw new IllegalArgumentException("ordered delivery (ROD) needs one path per PDC (ECMP), not "
                    + loadBalancing.scenarioName() + ": the target keeps no reorder buffer");
        }
        if (baseRttPs <= 0 || initialWindowBytes < 0 || sliceLengthPs <= 0 || initialCreditBytes < 0) {
            throw new IllegalArgumentException("baseRttPs " + baseRttPs + ", initialWindowBytes " + initialWindowBytes
                    + ", sliceLengthPs " + sliceLengthPs + ", initialCreditBytes " + initialCreditBytes);
        }
    }

    /** As the canonical constructor, every target with room for every PDC. */
    public UetPlan(boolean nscc, boolean rccc, long baseRttPs, long initialWindowBytes, boolean trimming,
                   long sliceLengthPs, long initialCreditBytes, LoadBalancing loadBalancing, MemoryParams memory,
                   IntToLongFunction hostRateBps, DeliveryMode deliveryMode, NsccCompanions nsccCompanions,
                   NsccLoop nsccLoop, AckPolicy ackPolicy, boolean windowForPort, NotReadyProtocol notReady) {
        this(nscc, rccc, baseRttPs, initialWindowBytes, trimming, sliceLengthPs, initialCreditBytes, loadBalancing,
                memory, hostRateBps, deliveryMode, nsccCompanions, nsccLoop, ackPolicy, windowForPort, notReady,
                PdcLimit.UNLIMITED);
    }

    /** As the canonical constructor, receivers not ready answered by request-to-wait. */
    public UetPlan(boolean nscc, boolean rccc, long baseRttPs, long initialWindowBytes, boolean trimming,
                   long sliceLengthPs, long initialCreditBytes, LoadBalancing loadBalancing, MemoryParams memory,
                   IntToLongFunction hostRateBps, DeliveryMode deliveryMode, NsccCompanions nsccCompanions,
                   NsccLoop nsccLoop, AckPolicy ackPolicy, boolean windowForPort) {
        this(nscc, rccc, baseRttPs, initialWindowBytes, trimming, sliceLengthPs, initialCreditBytes, loadBalancing,
                memory, hostRateBps, deliveryMode, nsccCompanions, nsccLoop, ackPolicy, windowForPort,
                NotReadyProtocol.RTW);
    }

    /** As the canonical constructor, NSCC's window sized for the whole NIC. */
    public UetPlan(boolean nscc, boolean rccc, long baseRttPs, long initialWindowBytes, boolean trimming,
                   long sliceLengthPs, long initialCreditBytes, LoadBalancing loadBalancing, MemoryParams memory,
                   IntToLongFunction hostRateBps, DeliveryMode deliveryMode, NsccCompanions nsccCompanions,
                   NsccLoop nsccLoop, AckPolicy ackPolicy) {
        this(nscc, rccc, baseRttPs, initialWindowBytes, trimming, sliceLengthPs, initialCreditBytes, loadBalancing,
                memory, hostRateBps, deliveryMode, nsccCompanions, nsccLoop, ackPolicy, false);
    }

    /** As the canonical constructor, with the reference simulator's ACK coalescing. */
    public UetPlan(boolean nscc, boolean rccc, long baseRttPs, long initialWindowBytes, boolean trimming,
                   long sliceLengthPs, long initialCreditBytes, LoadBalancing loadBalancing, MemoryParams memory,
                   IntToLongFunction hostRateBps, DeliveryMode deliveryMode, NsccCompanions nsccCompanions,
                   NsccLoop nsccLoop) {
        this(nscc, rccc, baseRttPs, initialWindowBytes, trimming, sliceLengthPs, initialCreditBytes, loadBalancing,
                memory, hostRateBps, deliveryMode, nsccCompanions, nsccLoop, AckPolicy.REFERENCE);
    }

    /** As the canonical constructor, running the reference simulator's loop and ACK coalescing. */
    public UetPlan(boolean nscc, boolean rccc, long baseRttPs, long initialWindowBytes, boolean trimming,
                   long sliceLengthPs, long initialCreditBytes, LoadBalancing loadBalancing, MemoryParams memory,
                   IntToLongFunction hostRateBps, DeliveryMode deliveryMode, NsccCompanions nsccCompanions) {
        this(nscc, rccc, baseRttPs, initialWindowBytes, trimming, sliceLengthPs, initialCreditBytes, loadBalancing,
                memory, hostRateBps, deliveryMode, nsccCompanions, NsccLoop.REFERENCE);
    }

    /** Plain NSCC, without companion mechanisms. */
    public UetPlan(boolean nscc, boolean rccc, long baseRttPs, long initialWindowBytes, boolean trimming,
                   long sliceLengthPs, long initialCreditBytes, LoadBalancing loadBalancing, MemoryParams memory,
                   IntToLongFunction hostRateBps, DeliveryMode deliveryMode) {
        this(nscc, rccc, baseRttPs, initialWindowBytes, trimming, sliceLengthPs, initialCreditBytes, loadBalancing,
                memory, hostRateBps, deliveryMode, NsccCompanions.OFF);
    }
}
