package io.fabricemu.metrics;

import io.fabricemu.engine.LiveSink;
import io.fabricemu.stats.FaultDrop;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One element's live sink: it keeps the last values the element reported and turns each new sample into Kamon
 * updates. Cumulative counters become counter increments (the difference since the last sample), queue depths
 * become increments of a gauge shared by every port of the same aggregate, so that gauge is the sum of their
 * current depths; senders' windows, credits and rates go into distributions; delivered bytes into goodput
 * counters and the run's {@link VirtualRates}; what faults lost into the counters of {@link FaultGauges}. Only this
 * element's runner writes to it; the instruments it writes to are thread-safe.
 */
final class ElementMetrics implements LiveSink {
    private final RunMetrics run;
    private final List<PortState> ports = new ArrayList<>(1);
    private final Map<Integer, long[]> delivered = new HashMap<>();
    /** What faults lost at this element's places, as last reported; only elements of a faulty fabric have any. */
    private final List<FaultState> faultDrops = new ArrayList<>(0);

    ElementMetrics(RunMetrics run) {
        this.run = run;
    }

    @Override
    public void port(String portId, int tier, long queueBytes, long drops, long trims, long ecnMarks, long pauseFrames,
                     long btsNotices, long rnrNaks, long txBytes) {
        PortState p = portState(portId, tier);
        PortInstruments in = p.instruments;
        if (queueBytes != p.queueBytes) {
            in.queueBytes.increment(queueBytes - p.queueBytes);
            p.queueBytes = queueBytes;
        }
        run.rates.port(drops - p.drops, trims - p.trims, ecnMarks - p.ecnMarks);
        p.drops = add(in.drops, drops, p.drops);
        p.trims = add(in.trims, trims, p.trims);
        p.ecnMarks = add(in.ecnMarks, ecnMarks, p.ecnMarks);
        p.pauseFrames = add(in.pauseFrames, pauseFrames, p.pauseFrames);
        p.btsNotices = add(in.btsNotices, btsNotices, p.btsNotices);
        p.rnrNaks = add(in.rnrNaks, rnrNaks, p.rnrNaks);
        p.txBytes = add(in.txBytes, txBytes, p.txBytes);
    }

    /** Adds what a cumulative counter gained since {@code last} to {@code counter}; returns the new total. */
    private static long add(kamon.metric.Counter counter, long now, long last) {
        if (now > last) {
            counter.increment(now - last);
            return now;
        }
        return last;
    }

    @Override
    public void classQueue(String portId, int trafficClass, long queueBytes) {
        if (trafficClass < 0 || trafficClass >= PortInstruments.MAX_CLASSES) {
            throw new IllegalArgumentException("port " + portId + ": traffic class " + trafficClass + " outside 0.."
                    + (PortInstruments.MAX_CLASSES - 1));
        }
        PortState p = find(portId);
        if (p == null) {
            throw new IllegalStateException("port " + portId + " sampled a class queue before the port itself");
        }
        p.classNow[trafficClass] = queueBytes;
        p.classes = Math.max(p.classes, trafficClass + 1);
    }

    @Override
    public void sender(int flowId, long windowBytes, long creditBytes, long rateBps) {
        if (windowBytes >= 0) {
            run.ccWindow.record(windowBytes);
        }
        if (creditBytes >= 0) {
            run.ccCredit.record(creditBytes);
        }
        if (rateBps >= 0) {
            run.ccRate.record(rateBps);
        }
        FlowInstruments f = run.tracked(flowId);
        if (f != null) {
            f.update(windowBytes, creditBytes, rateBps);
        }
    }

    @Override
    public void senderRtt(int flowId, long rttPs, int dataBytes) {
        FlowInstruments f = run.tracked(flowId);
        if (f != null) {
            f.rtt(rttPs);
        }
    }

    @Override
    public void receiver(int flowId, long deliveredBytes) {
        long[] last = delivered.computeIfAbsent(flowId, k -> new long[1]);
        if (deliveredBytes > last[0]) {
            long gained = deliveredBytes - last[0];
            last[0] = deliveredBytes;
            run.goodput.increment(gained);
            run.rates.delivered(gained);
            FlowInstruments f = run.tracked(flowId);
            if (f != null) {
                f.goodput.increment(gained);
            }
        }
    }

    @Override
    public void faultDrops(String where, int fault, FaultDrop kind, long packets) {
        FaultState state = null;
        for (int i = 0, n = faultDrops.size(); i < n && state == null; i++) {
            FaultState f = faultDrops.get(i);
            if (f.fault == fault && f.kind == kind && f.where.equals(where)) {
                state = f;
            }
        }
        if (state == null) {
            state = new FaultState(where, fault, kind, run.faults.drops(fault, kind));
            faultDrops.add(state);
        }
        state.packets = add(state.counter, packets, state.packets);
    }

    /**
     * Publishes the class queues of this sample (a class the sample left out has nothing queued) and the sample's
     * virtual time, over which the run's virtual-time rates are taken.
     */
    @Override
    public void sampleDone(long samplePs) {
        run.rates.sampled(samplePs);
        for (int i = 0, n = ports.size(); i < n; i++) {
            PortState p = ports.get(i);
            for (int c = 0; c < p.classes; c++) {
                long now = p.classNow[c];
                if (now != p.classBytes[c]) {
                    p.instruments.classQueue(c).increment(now - p.classBytes[c]);
                    p.classBytes[c] = now;
                }
                p.classNow[c] = 0;
            }
        }
    }

    /** Takes this element's queued bytes back out of the shared gauges: the run is over. */
    void retract() {
        for (PortState p : ports) {
            if (p.queueBytes != 0) {
                p.instruments.queueBytes.decrement(p.queueBytes);
                p.queueBytes = 0;
            }
            for (int c = 0; c < p.classes; c++) {
                if (p.classBytes[c] != 0) {
                    p.instruments.classQueue(c).decrement(p.classBytes[c]);
                    p.classBytes[c] = 0;
                }
            }
        }
    }

    private PortState portState(String portId, int tier) {
        PortState p = find(portId);
        if (p == null) {
            p = new PortState(portId, run.portInstruments(tier, portId));
            ports.add(p);
        }
        return p;
    }

    /**
     * Elements own one port or a few, and name each with the same String on every call, which
     * {@link String#equals} answers at its first step, by identity.
     */
    private PortState find(String portId) {
        for (int i = 0, n = ports.size(); i < n; i++) {
            PortState p = ports.get(i);
            if (p.portId.equals(portId)) {
                return p;
            }
        }
        return null;
    }

    /** What one fault lost at one place, by one kind, as reported last, and the counter it adds to. */
    private static final class FaultState {
        final String where;
        final int fault;
        final FaultDrop kind;
        final kamon.metric.Counter counter;
        long packets;

        FaultState(String where, int fault, FaultDrop kind, kamon.metric.Counter counter) {
            this.where = where;
            this.fault = fault;
            this.kind = kind;
            this.counter = counter;
        }
    }

    /** What one port reported last. */
    private static final class PortState {
        final String portId;
        final PortInstruments instruments;
        long queueBytes;
        long drops;
        long trims;
        long ecnMarks;
        long pauseFrames;
        long btsNotices;
        long rnrNaks;
        long txBytes;
        final long[] classBytes = new long[PortInstruments.MAX_CLASSES];
        final long[] classNow = new long[PortInstruments.MAX_CLASSES];
        /** One more than the highest class that ever held bytes here. */
        int classes;

        PortState(String portId, PortInstruments instruments) {
            this.portId = portId;
            this.instruments = instruments;
        }
    }
}
