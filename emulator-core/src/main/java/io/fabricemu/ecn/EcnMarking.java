package io.fabricemu.ecn;

import io.fabricemu.engine.EventContext;
import io.fabricemu.net.Packet;
import io.fabricemu.switching.EgressCounts;
import io.fabricemu.switching.EgressPort;
import io.fabricemu.switching.EgressStage;
import java.util.SplittableRandom;

/**
 * ECN marking at a switch port's dequeue: each class queue may have a marking ramp ({@link EcnRamp}),
 * evaluated on the bytes of its class the departing packet leaves behind; an ECN-capable packet not yet CE
 * that draws a mark leaves as CE. The draws come from the port's own generator, seeded from the switch's salt
 * and the port number.
 */
public final class EcnMarking implements EgressStage {
    private final EcnRamp[] rampByClass;
    private final SplittableRandom random;
    private final EgressPort port;
    private long marks;
    private long firstMarkPs = -1;

    /**
     * @param rampByClass the ramp of each class, null where the class does not mark
     * @param random      the port's marking generator
     * @param port        the port whose queue is evaluated
     */
    public EcnMarking(EcnRamp[] rampByClass, SplittableRandom random, EgressPort port) {
        this.rampByClass = rampByClass.clone();
        this.random = random;
        this.port = port;
    }

    @Override
    public Packet atDequeue(Packet p, EventContext ctx) {
        EcnRamp ramp = rampByClass[p.trafficClass()];
        if (ramp == null || p.ecn() == 0 || p.congestionExperienced()
                || !ramp.shouldMark(port.classBytes(p.trafficClass()) - p.sizeBytes(), random)) {
            return p;
        }
        if (marks++ == 0) {
            firstMarkPs = ctx.nowPs();
        }
        return p.withEcn(Packet.ECN_CE);
    }

    @Override
    public void count(EgressCounts counts) {
        counts.addEcnMarks(marks);
        counts.signalledAt(firstMarkPs);
    }

    /** Its departure and occupancy hooks keep to its own state: they send and schedule nothing. */
    @Override
    public boolean departsQuietly() {
        return true;
    }
}
