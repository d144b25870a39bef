package io.fabricemu.cluster.wire;

import io.fabricemu.actor.ShardActor.PeerBatch;
import io.fabricemu.engine.Event;
import io.fabricemu.engine.Signal;
import io.fabricemu.engine.WindowState;
import io.fabricemu.fault.RouteNotice;
import io.fabricemu.host.DependencyMet;
import io.fabricemu.net.Arrival;
import io.fabricemu.net.OnWire;
import io.fabricemu.net.PfcArrival;
import io.fabricemu.net.PfcFrame;
import io.fabricemu.net.PfcOnWire;
import io.fabricemu.pfc.PfcReleased;
import io.fabricemu.pfc.PfcStuckChanged;
import io.fabricemu.switching.Forward;
import java.util.ArrayList;
import java.util.List;

/**
 * The compact binary form of a {@link PeerBatch}:
 * <pre>
 *   batch := version:u8 fromShard:uvarint endPs:zigzag state count:uvarint event{count}
 *   state := 0:u8 | 1:u8 earliestPs:zigzag flowsCompleted:uvarint lastCompletedPs:zigzag haltElementId:zigzag
 *            haltCellPs:zigzag (0:u8 | 1:u8 reason:string)
 *   event := dTime:zigzag origin:uvarint seq:uvarint target:uvarint tag:u8 signal
 * </pre>
 * {@code dTime} is the event's time minus the previous event's (the first: minus {@code endPs}); the times a
 * signal carries (first and last bit, a packet's timestamp) are zigzag differences from its event's time. So an
 * event of a window costs a few bytes of time instead of eight, and the ids, most below 2^21, three or fewer.
 * {@code tag} is the signal's {@link WireSignals} tag; each signal then writes its fields in declaration order
 * ({@link PacketCodec} for packets). Nothing is boxed beyond the records themselves.
 */
final class BatchCodec {
    /** Bumped when the format changes, so members of different builds fail loudly instead of misreading. */
    static final int VERSION = 3;

    private BatchCodec() {
    }

    static void write(PeerBatch batch, WireWriter w) {
        w.u8(VERSION);
        w.uint(batch.fromShard());
        w.slong(batch.endPs());
        writeState(batch.state(), w);
        List<Event> events = batch.events();
        int n = events.size();
        w.uint(n);
        long previousPs = batch.endPs();
        for (int i = 0; i < n; i++) {
            Event e = events.get(i);
            w.slong(e.timePs() - previousPs);
            previousPs = e.timePs();
            w.uint(e.originId());
            w.ulong(e.seq());
            w.uint(e.targetId());
            writeSignal(e.signal(), e.timePs(), w);
        }
    }

    static PeerBatch read(WireReader r) {
        int version = r.u8();
        if (version != VERSION) {
            throw r.corrupt("format version " + version + ", this member reads version " + VERSION
                    + " (members run different builds)");
        }
        int fromShard = r.uint();
        long endPs = r.slong();
        WindowState state = readState(r);
        int n = r.uint();
        if (n < 0) {
            throw r.corrupt("event count " + Integer.toUnsignedString(n));
        }
        List<Event> events = new ArrayList<>(Math.min(n, 1 << 16));
        long timePs = endPs;
        for (int i = 0; i < n; i++) {
            timePs += r.slong();
            int origin = r.uint();
            long seq = r.ulong();
            int target = r.uint();
            events.add(new Event(timePs, origin, seq, target, readSignal(r, timePs)));
        }
        if (!r.exhausted()) {
            throw r.corrupt("bytes left after " + n + " events");
        }
        return new PeerBatch(fromShard, endPs, events, state);
    }

    /** The sender's window state, on its last batch of a window only: flagged, then its fields. */
    private static void writeState(WindowState state, WireWriter w) {
        w.bool(state != null);
        if (state != null) {
            w.slong(state.earliestPs());
            w.uint(state.flowsCompleted());
            w.slong(state.lastCompletedPs());
            w.sint(state.haltElementId());
            w.slong(state.haltCellPs());
            w.bool(state.haltReason() != null);
            if (state.haltReason() != null) {
                w.string(state.haltReason());
            }
        }
    }

    private static WindowState readState(WireReader r) {
        if (!r.bool()) {
            return null;
        }
        long earliestPs = r.slong();
        int flows = r.uint();
        long lastCompletedPs = r.slong();
        int haltElementId = r.sint();
        long haltCellPs = r.slong();
        String haltReason = r.bool() ? r.string() : null;
        return new WindowState(earliestPs, flows, lastCompletedPs, haltElementId, haltCellPs, haltReason);
    }

    private static void writeSignal(Signal s, long atPs, WireWriter w) {
        w.u8(WireSignals.tagOf(s.getClass()));
        if (s instanceof OnWire o) {
            PacketCodec.write(o.packet(), atPs, w);
            w.slong(atPs - o.firstBitPs());
            w.slong(atPs - o.lastBitPs());
        } else if (s instanceof Arrival a) {
            PacketCodec.write(a.packet(), atPs, w);
            w.slong(atPs - a.firstBitPs());
            w.slong(atPs - a.lastBitPs());
        } else if (s instanceof Forward f) {
            PacketCodec.write(f.packet(), atPs, w);
            w.sint(f.ingressPort());
        } else if (s instanceof PfcOnWire p) {
            writeFrame(p.frame(), w);
            w.slong(atPs - p.lastBitPs());
        } else if (s instanceof PfcArrival p) {
            writeFrame(p.frame(), w);
        } else if (s instanceof PfcReleased p) {
            w.uint(p.trafficClass());
            w.uint(p.bytes());
        } else if (s instanceof PfcStuckChanged p) {
            w.uint(p.fromNode());
            w.uint(p.toNode());
            w.uint(p.trafficClass());
            w.string(p.port());
            w.bool(p.stuck());
            w.slong(atPs - p.sincePs());
        } else if (s instanceof DependencyMet m) {
            w.uint(m.index());
        } else if (s instanceof RouteNotice n) {
            w.uint(n.cable());
            w.uint(n.seq());
            w.bool(n.down());
            w.uint(n.fault());
            w.slong(n.installAtPs() - atPs);
            w.u8(n.hop().ordinal());
        } else {
            throw WireSignals.notOnWire(s.getClass());
        }
    }

    private static RouteNotice.Hop hop(WireReader r) {
        int ordinal = r.u8();
        RouteNotice.Hop[] hops = RouteNotice.Hop.values();
        if (ordinal >= hops.length) {
            throw r.corrupt("unknown routing notice hop " + ordinal);
        }
        return hops[ordinal];
    }

    private static Signal readSignal(WireReader r, long atPs) {
        int tag = r.u8();
        return switch (tag) {
            case 1 -> new OnWire(PacketCodec.read(r, atPs), atPs - r.slong(), atPs - r.slong());
            case 2 -> new Arrival(PacketCodec.read(r, atPs), atPs - r.slong(), atPs - r.slong());
            case 3 -> new Forward(PacketCodec.read(r, atPs), r.sint());
            case 4 -> new PfcOnWire(readFrame(r), atPs - r.slong());
            case 5 -> new PfcArrival(readFrame(r));
            case 6 -> new PfcReleased(r.uint(), r.uint());
            case 7 -> new PfcStuckChanged(r.uint(), r.uint(), r.uint(), r.string(), r.bool(), atPs - r.slong());
            case 8 -> new DependencyMet(r.uint());
            case 9 -> new RouteNotice(r.uint(), r.uint(), r.bool(), r.uint(), atPs + r.slong(), hop(r));
            default -> throw r.corrupt("unknown signal tag " + tag);
        };
    }

    private static void writeFrame(PfcFrame f, WireWriter w) {
        w.uint(f.enableVector());
        w.uint(f.quanta());
    }

    private static PfcFrame readFrame(WireReader r) {
        return new PfcFrame(r.uint(), r.uint());
    }
}
