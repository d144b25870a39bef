package io.fabricemu.fault;

import io.fabricemu.engine.SampleSink;
import io.fabricemu.stats.FaultCounts;
import io.fabricemu.stats.FaultDrop;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * What a link direction's faults do to the packets it carries: the link asks it about each packet, and it says
 * whether the packet arrives, and counts what it lost and the flows it touched.
 *
 * <p>A packet is lost on the wire when the link is down at any moment between its first bit leaving and its last
 * bit arriving; one a NIC starts while its link is down is counted as lost at the NIC's port (the transmitter of a
 * switch port starts nothing while its link is down). Otherwise the loss model in force when its first bit leaves
 * draws for it, then the corruption model: a corrupted packet is counted at the receiving port, which discards it
 * when its frame check sequence fails. A fault touches the flows it costs a packet, and those with a packet sent
 * over a direction whose rate it lowered.
 */
public final class LinkFaults {
    private final LinkTimeline timeline;
    private final long nominalRateBps;
    private final boolean fromNic;
    private final SplittableRandom random;
    private final FaultTally wire;
    private final FaultTally receiver;
    /** Per effect, the loss segment whose channel state {@link #bad} holds, or -1. */
    private final int[] channelSegment = {-1, -1};
    /** Per effect, whether its Gilbert-Elliott channel is in the bad state. */
    private final boolean[] bad = new boolean[2];

    /**
     * @param timeline       the direction's faults
     * @param nominalRateBps the link's rate without faults
     * @param fromNic        its transmitter is a NIC's
     * @param seed           seed of its loss draws
     * @param name           the direction as results name it ({@code agg0.0 -> core0})
     * @param receiverName   the receiving port as results name it ({@code core0:p0})
     */
    public LinkFaults(LinkTimeline timeline, long nominalRateBps, boolean fromNic, long seed, String name,
                      String receiverName) {
        this.timeline = timeline;
        this.nominalRateBps = nominalRateBps;
        this.fromNic = fromNic;
        this.random = new SplittableRandom(seed);
        this.wire = new FaultTally(name);
        this.receiver = new FaultTally(receiverName);
    }

    /**
     * Whether a packet of flow {@code flowId} and {@code sizeBytes} on the wire, whose first bit left at
     * {@code firstBitPs} and whose last bit arrives at {@code arrivalPs}, reaches the far end; counts it when not.
     */
    public boolean passes(int flowId, int sizeBytes, long firstBitPs, long arrivalPs) {
        int f = timeline.downFaultAt(firstBitPs);
        if (f >= 0) {
            wire.lost(f, fromNic ? FaultDrop.NIC_DOWN : FaultDrop.WIRE, flowId, sizeBytes);
            return false;
        }
        f = timeline.downFaultDuring(firstBitPs, arrivalPs);
        if (f >= 0) {
            wire.lost(f, FaultDrop.WIRE, flowId, sizeBytes);
            return false;
        }
        int rateFault = timeline.rateFaultAt(firstBitPs, nominalRateBps);
        if (rateFault >= 0) {
            wire.touched(rateFault, flowId);
        }
        f = drawn(LossEffect.LOSS, firstBitPs);
        if (f >= 0) {
            wire.lost(f, FaultDrop.LOSS, flowId, sizeBytes);
            return false;
        }
        f = drawn(LossEffect.CORRUPTION, firstBitPs);
        if (f >= 0) {
            receiver.lost(f, FaultDrop.CORRUPTION, flowId, sizeBytes);
            return false;
        }
        return true;
    }

    /** Whether a frame that is no packet of a flow (a PFC frame, a routing update) sent over the same span gets through. */
    public boolean framePasses(long firstBitPs, long arrivalPs) {
        return timeline.downFaultDuring(firstBitPs, arrivalPs) < 0;
    }

    /** The fault whose model picks the packet now drawn for, for {@code effect}, or -1. */
    private int drawn(LossEffect effect, long firstBitPs) {
        LossSegments segments = timeline.losses(effect);
        int s = segments.segmentAt(firstBitPs);
        if (s < 0) {
            return -1;
        }
        LossModel model = segments.model(s);
        if (model instanceof NoLoss) {
            return -1;
        }
        int fault = segments.fault(s);
        int e = effect.ordinal();
        if (channelSegment[e] != s) {
            channelSegment[e] = s;
            bad[e] = false;
        }
        double lossProbability;
        if (model instanceof RandomLoss r) {
            lossProbability = r.probability();
        } else {
            GilbertElliott ge = (GilbertElliott) model;
            double move = random.nextDouble();
            bad[e] = bad[e] ? move >= ge.pBadToGood() : move < ge.pGoodToBad();
            lossProbability = bad[e] ? ge.lossBad() : ge.lossGood();
        }
        return lossProbability > 0 && random.nextDouble() < lossProbability ? fault : -1;
    }

    /** Writes what faults lost so far on this direction and at its receiver ({@link SampleSink#faultDrops}). */
    public void sample(SampleSink sink) {
        wire.sample(sink);
        receiver.sample(sink);
    }

    /** What faults cost on this direction and at its receiver. */
    public List<FaultCounts> counts() {
        List<FaultCounts> out = new ArrayList<>(wire.counts());
        out.addAll(receiver.counts());
        return out;
    }
}
