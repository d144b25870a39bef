package io.fabricemu.wreb;

import io.fabricemu.ecn.EcnRamp;
import io.fabricemu.engine.EventContext;
import io.fabricemu.net.BtsCause;
import io.fabricemu.net.BtsHeader;
import io.fabricemu.net.Ecmp;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketKind;
import io.fabricemu.stats.BtsCounters;
import io.fabricemu.switching.EgressCounts;
import io.fabricemu.switching.EgressOffer;
import io.fabricemu.switching.EgressPort;
import io.fabricemu.switching.EgressStage;
import io.fabricemu.switching.SwitchPlan;
import io.fabricemu.time.Ps;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The weighted random early back-to-sender part of one switch port (WREB, US 12,388,756, claims 1-20
 * and paragraph (14)): for every data packet of a non-control class, a drop makes a drop notice, and otherwise
 * a {@link WrebMarker} draw at the evaluation point may make an early notice and mark the packet CE. Each
 * notice is a header-only {@link PacketKind#BTS} packet in the control class, addressed to the data packet's
 * source, that the switch routes like any packet it makes itself ({@link EgressPort#sendFromSwitch}: one
 * pipeline latency to the egress port toward the source).
 *
 * <p>Level: the class queue's occupancy and its gradient ({@link QueueGradient}, observed at every enqueue and
 * departure of the class), weighted as {@link LevelWeights} says. Randomness: its own generator, seeded from
 * the switch's salt and the port number on a stream apart from ECN's, so switching WREB on does not move any
 * ECN draw; with {@code sharedWithEcn} it draws from the port's ECN generator on the class's ECN ramp instead,
 * and the dequeue ECN marking of those classes is left to it (one draw for both).
 *
 * <p>Telemetry (claim 10): every notice carries the class queue's bytes and their share of the class limit,
 * the time to drain them, the flows with packets queued on the port, the port's transmitted bytes with the
 * snapshot time, the port's buffer and shared bytes, and the class queue's gradient ({@link BtsHeader}).
 */
public final class WrebPort implements EgressStage {
    @Override
    public boolean touchesIngress() {
        return true; // it sends back-to-sender notices from the switch
    }

    private final WrebSettings settings;
    private final WrebMarker[] markers;
    private final QueueGradient[] gradients;
    private final SplittableRandom random;
    private final int switchNode;
    private final int portNumber;
    private final long rateBps;
    private final long classLimitBytes;
    private final int controlClass;
    private final EgressPort port;
    private final Map<Integer, Integer> queuedPerFlow = new HashMap<>();
    private long earlySent;
    private long dropSent;
    private long sharedMarks;
    private long firstEarlyPs = -1;

    /**
     * @param settings   the switch's WREB settings, enabled, with a notice size
     * @param plan       the port's switch
     * @param portNumber the port's number on the switch
     * @param ecnByClass the port's ECN ramp per class (null where it does not mark), for {@code sharedWithEcn}
     * @param markRandom the port's ECN generator, drawn from only with {@code sharedWithEcn}
     * @param port       the port: its queue, and the way a notice goes toward its destination
     */
    public WrebPort(WrebSettings settings, SwitchPlan plan, int portNumber, EcnRamp[] ecnByClass,
                    SplittableRandom markRandom, EgressPort port) {
        var sw = plan.settings();
        this.settings = settings;
        if (settings.btsBytes() <= 0) {
            throw new IllegalArgumentException("WREB notices need a size; resolve btsBytes before building ports");
        }
        this.controlClass = sw.controlClass();
        this.markers = new WrebMarker[sw.trafficClasses()];
        this.gradients = new QueueGradient[sw.trafficClasses()];
        for (int c = 0; c < controlClass; c++) {
            if (!settings.sharedWithEcn()) {
                markers[c] = new WrebMarker(settings.profile(), settings.earlyEcnBit());
            } else if (ecnByClass[c] != null) {
                markers[c] = new WrebMarker(new EcnRampProfile(ecnByClass[c]), settings.earlyEcnBit());
            }
            gradients[c] = new QueueGradient(settings.level().windowPs());
        }
        this.random = settings.sharedWithEcn() ? markRandom
                : new SplittableRandom(Ecmp.mix(plan.ecmpSalt() ^ (0xB75_0000L + portNumber)));
        this.switchNode = plan.node();
        this.portNumber = portNumber;
        this.rateBps = plan.portRatesBps()[portNumber];
        this.classLimitBytes = sw.queueBytes();
        this.port = port;
    }

    /** With {@code sharedWithEcn}, the dequeue ECN marking of the data classes is this port's draw. */
    @Override
    public boolean drawsEcnFor(int trafficClass) {
        return settings.sharedWithEcn() && trafficClass < controlClass;
    }

    @Override
    public Packet beforeEnqueue(Packet p, EgressOffer offer, EventContext ctx) {
        return beforeEnqueue(p, offer.fits(p), ctx);
    }

    /**
     * A packet is about to be offered to {@code queue}, which admits it iff {@code fits}: sends a drop notice
     * if it does not, and at {@link EvalPoint#ENQUEUE} draws for an early notice if it does.
     *
     * @return the packet to offer: {@code p}, or {@code p} marked CE after an early notice
     */
    Packet beforeEnqueue(Packet p, boolean fits, EventContext ctx) {
        if (!eligible(p)) {
            return p;
        }
        int c = p.trafficClass();
        long occupancyBytes = port.classBytes(c);
        gradients[c].observe(ctx.nowPs(), occupancyBytes);
        if (!fits) {
            notice(p, BtsCause.DROP, occupancyBytes, ctx);
            return p;
        }
        queuedPerFlow.merge(p.flowId(), 1, Integer::sum);
        if (settings.evalPoint() == EvalPoint.ENQUEUE) {
            return draw(p, occupancyBytes, ctx);
        }
        return p;
    }

    /** A packet starts to leave: at {@link EvalPoint#DEQUEUE}, draws on the bytes of its class left behind. */
    @Override
    public Packet atDequeue(Packet p, EventContext ctx) {
        if (!eligible(p) || settings.evalPoint() != EvalPoint.DEQUEUE) {
            return p;
        }
        return draw(p, port.classBytes(p.trafficClass()) - p.sizeBytes(), ctx);
    }

    /** A packet's last bit left the port: it no longer counts as queued. */
    @Override
    public void departed(Packet p, int ingressPort, EventContext ctx) {
        if (!eligible(p)) {
            return;
        }
        gradients[p.trafficClass()].observe(ctx.nowPs(), port.classBytes(p.trafficClass()));
        queuedPerFlow.computeIfPresent(p.flowId(), (flow, n) -> n == 1 ? null : n - 1);
    }

    private boolean eligible(Packet p) {
        return p.kind() == PacketKind.DATA && !p.trimmed() && p.trafficClass() < controlClass;
    }

    private Packet draw(Packet p, long occupancyBytes, EventContext ctx) {
        WrebMarker marker = markers[p.trafficClass()];
        if (marker == null) {
            return p;
        }
        LevelWeights w = settings.level();
        long levelBytes = (w.queuePerMille() * occupancyBytes
                + w.gradientPerMille() * gradients[p.trafficClass()].growthBytes()) / 1000;
        if (marker.decide(false, p.congestionExperienced(), levelBytes, random) != WrebMarker.Verdict.EARLY) {
            return p;
        }
        notice(p, BtsCause.EARLY, occupancyBytes, ctx);
        if (settings.sharedWithEcn()) {
            sharedMarks++;
        }
        return p.withEcn(Packet.ECN_CE);
    }

    private void notice(Packet p, BtsCause cause, long occupancyBytes, EventContext ctx) {
        long now = ctx.nowPs();
        int c = p.trafficClass();
        // The packet's CE bit as it was (an early notice is only drawn for a packet not yet CE), in the polarity.
        int ecnBit = settings.earlyEcnBit() ^ (p.congestionExperienced() ? 1 : 0);
        BtsHeader h = new BtsHeader(cause, ecnBit, switchNode, portNumber, c, now, occupancyBytes,
                occupancyBytes * 1_000_000L / classLimitBytes, Ps.serializationPs(occupancyBytes, rateBps),
                queuedPerFlow.size(), port.txBytes(), now, port.queuedBytes(), port.sharedBytes(),
                gradients[c].bytesPerUs(), p.header());
        Packet bts = Packet.answer(PacketKind.BTS, p, settings.btsBytes(), controlClass, p.psn(), h);
        if (cause == BtsCause.EARLY) {
            if (earlySent == 0) {
                firstEarlyPs = now;
            }
            earlySent++;
        } else {
            dropSent++;
        }
        port.sendFromSwitch(bts, ctx);
    }

    /**
     * Notices sent, early and at drop; early notices that were also the port's ECN marks
     * ({@code sharedWithEcn}); the first early notice as the port's first congestion signal.
     */
    @Override
    public void count(EgressCounts counts) {
        counts.addNotices(earlySent + dropSent);
        counts.addEcnMarks(sharedMarks());
        counts.signalledAt(firstEarlyPs);
        if (counts.forReport()) {
            counts.bts(counters());
        }
    }

    /** Early notices that were also this port's ECN marks ({@code sharedWithEcn}). */
    long sharedMarks() {
        return sharedMarks;
    }

    BtsCounters counters() {
        return BtsCounters.sent(earlySent, dropSent, (earlySent + dropSent) * settings.btsBytes());
    }

    /** Its departure and occupancy hooks keep to its own state: they send and schedule nothing. */
    @Override
    public boolean departsQuietly() {
        return true;
    }
}
