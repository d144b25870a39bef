package io.fabricemu.switching;

import io.fabricemu.ecn.EcnRamp;
import io.fabricemu.engine.EventContext;
import io.fabricemu.net.BtsCause;
import io.fabricemu.net.BtsHeader;
import io.fabricemu.net.Ecmp;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.Transmitter;
import io.fabricemu.stats.BtsCounters;
import io.fabricemu.time.Ps;
import io.fabricemu.wreb.EcnRampProfile;
import io.fabricemu.wreb.EvalPoint;
import io.fabricemu.wreb.LevelWeights;
import io.fabricemu.wreb.QueueGradient;
import io.fabricemu.wreb.WrebMarker;
import io.fabricemu.wreb.WrebSettings;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BiConsumer;

/**
 * The weighted random early back-to-sender part of one switch port (WREB, US 12,388,756, claims 1-20
 * and paragraph (14)): for every data packet of a non-control class, a drop makes a drop notice, and otherwise
 * a {@link WrebMarker} draw at the evaluation point may make an early notice and mark the packet CE. Each
 * notice is a header-only {@link PacketKind#BTS} packet in the control class, addressed to the data packet's
 * source, that the switch routes like any packet it makes itself (the port's {@code sendFromSwitch}: one
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
final class WrebPort {
    private final WrebSettings settings;
    private final WrebMarker[] markers;
    private final QueueGradient[] gradients;
    private final SplittableRandom random;
    private final int switchNode;
    private final int portNumber;
    private final long rateBps;
    private final long classLimitBytes;
    private final int controlClass;
    private final BiConsumer<Packet, EventContext> sendFromSwitch;
    private final Map<Integer, Integer> queuedPerFlow = new HashMap<>();
    private long earlySent;
    private long dropSent;
    private long sharedMarks;
    private long firstEarlyPs = -1;

    /**
     * @param ecnByClass     the port's ECN ramp per class (null where it does not mark), for {@code sharedWithEcn}
     * @param markRandom     the port's ECN generator, drawn from only with {@code sharedWithEcn}
     * @param sendFromSwitch routes a notice toward its destination
     */
    WrebPort(SwitchPlan plan, int portNumber, EcnRamp[] ecnByClass, SplittableRandom markRandom,
             BiConsumer<Packet, EventContext> sendFromSwitch) {
        SwitchSettings sw = plan.settings();
        this.settings = sw.wreb();
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
        this.classLimitBytes = sw.queueBytesPerClass();
        this.sendFromSwitch = sendFromSwitch;
    }

    /** Whether the dequeue ECN marking of the data classes is this port's draw ({@code sharedWithEcn}). */
    boolean sharesEcn() {
        return settings.sharedWithEcn();
    }

    /**
     * A packet is about to be offered to {@code queue}, which admits it iff {@code fits}: sends a drop notice
     * if it does not, and at {@link EvalPoint#ENQUEUE} draws for an early notice if it does.
     *
     * @return the packet to offer: {@code p}, or {@code p} marked CE after an early notice
     */
    Packet beforeEnqueue(Packet p, boolean fits, EgressQueue queue, Transmitter tx, EventContext ctx) {
        if (!eligible(p)) {
            return p;
        }
        int c = p.trafficClass();
        long occupancyBytes = queue.classBytes(c);
        gradients[c].observe(ctx.nowPs(), occupancyBytes);
        if (!fits) {
            notice(p, BtsCause.DROP, occupancyBytes, queue, tx, ctx);
            return p;
        }
        queuedPerFlow.merge(p.flowId(), 1, Integer::sum);
        if (settings.evalPoint() == EvalPoint.ENQUEUE) {
            return draw(p, occupancyBytes, queue, tx, ctx);
        }
        return p;
    }

    /** A packet starts to leave: at {@link EvalPoint#DEQUEUE}, draws on the bytes of its class left behind. */
    Packet atDequeue(Packet p, EgressQueue queue, Transmitter tx, EventContext ctx) {
        if (!eligible(p) || settings.evalPoint() != EvalPoint.DEQUEUE) {
            return p;
        }
        return draw(p, queue.classBytes(p.trafficClass()) - p.sizeBytes(), queue, tx, ctx);
    }

    /** A packet's last bit left the port: it no longer counts as queued. */
    void departed(Packet p, EgressQueue queue, long nowPs) {
        if (!eligible(p)) {
            return;
        }
        gradients[p.trafficClass()].observe(nowPs, queue.classBytes(p.trafficClass()));
        queuedPerFlow.computeIfPresent(p.flowId(), (flow, n) -> n == 1 ? null : n - 1);
    }

    private boolean eligible(Packet p) {
        return p.kind() == PacketKind.DATA && !p.trimmed() && p.trafficClass() < controlClass;
    }

    private Packet draw(Packet p, long occupancyBytes, EgressQueue queue, Transmitter tx, EventContext ctx) {
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
        notice(p, BtsCause.EARLY, occupancyBytes, queue, tx, ctx);
        if (settings.sharedWithEcn()) {
            sharedMarks++;
        }
        return p.withEcn(Packet.ECN_CE);
    }

    private void notice(Packet p, BtsCause cause, long occupancyBytes, EgressQueue queue, Transmitter tx,
                        EventContext ctx) {
        long now = ctx.nowPs();
        int c = p.trafficClass();
        // The packet's CE bit as it was (an early notice is only drawn for a packet not yet CE), in the polarity.
        int ecnBit = settings.earlyEcnBit() ^ (p.congestionExperienced() ? 1 : 0);
        BtsHeader h = new BtsHeader(cause, ecnBit, switchNode, portNumber, c, now, occupancyBytes,
                occupancyBytes * 1_000_000L / classLimitBytes, Ps.serializationPs(occupancyBytes, rateBps),
                queuedPerFlow.size(), tx.txBytes(), now, queue.bytes(), queue.sharedBytes(),
                gradients[c].bytesPerUs());
        Packet bts = new Packet(PacketKind.BTS, p.flowId(), p.dst(), p.src(), settings.btsBytes(), 0, controlClass,
                0, p.entropy(), p.psn(), p.timestampPs(), 0, p.pds(), p.roce(), h);
        if (cause == BtsCause.EARLY) {
            if (earlySent == 0) {
                firstEarlyPs = now;
            }
            earlySent++;
        } else {
            dropSent++;
        }
        sendFromSwitch.accept(bts, ctx);
    }

    /** Early notices that were also this port's ECN marks ({@code sharedWithEcn}). */
    long sharedMarks() {
        return sharedMarks;
    }

    /** The earlier of {@code firstEcnMarkPs} and this port's first early notice; -1 when neither happened. */
    long firstSignalPs(long firstEcnMarkPs) {
        if (firstEcnMarkPs < 0 || firstEarlyPs < 0) {
            return Math.max(firstEcnMarkPs, firstEarlyPs);
        }
        return Math.min(firstEcnMarkPs, firstEarlyPs);
    }

    /** Notices sent so far, early and at drop. */
    long noticesSent() {
        return earlySent + dropSent;
    }

    BtsCounters counters() {
        return BtsCounters.sent(earlySent, dropSent, (earlySent + dropSent) * settings.btsBytes());
    }
}
