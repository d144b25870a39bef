package io.fabricemu.cluster.wire;

import io.fabricemu.net.BtsCause;
import io.fabricemu.net.BtsHeader;
import io.fabricemu.net.DeliveryMode;
import io.fabricemu.net.NoHeader;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.PdsAck;
import io.fabricemu.net.PdsRequest;
import io.fabricemu.net.RoceHeader;
import io.fabricemu.net.TransportHeader;

/**
 * A {@link Packet} in the compact batch format. One head byte holds the kind's ordinal (low 4 bits) and which
 * transport header follows: bits 4-5 a PDS header (0 none, 1 request, 2 ACK_CC), bit 6 a RoCEv2 header (at most
 * one of the two; neither is {@link NoHeader}), bit 7 a back-to-sender notice, whose {@link BtsHeader} fields
 * follow those of the data packet's header it echoes. Then the common fields as varints (the entropy, a hash, as
 * 4 fixed bytes), times as zigzag differences from the carrying event's time (a data packet's first-transmit
 * timestamp is microseconds old, not a 50-bit absolute), then the headers present. Enums go by ordinal: members
 * must run the same build, as they must anyway for the run to be the same.
 */
final class PacketCodec {
    private static final PacketKind[] KINDS = PacketKind.values();
    private static final DeliveryMode[] MODES = DeliveryMode.values();
    private static final RoceHeader.Opcode[] OPCODES = RoceHeader.Opcode.values();
    private static final BtsCause[] CAUSES = BtsCause.values();
    private static final int PDS_REQUEST = 1 << 4;
    private static final int PDS_ACK = 2 << 4;
    private static final int PDS_MASK = 3 << 4;
    private static final int ROCE = 1 << 6;
    private static final int BTS = 1 << 7;

    static {
        if (KINDS.length > 16 || MODES.length > 128 || CAUSES.length > 128) {
            throw new IllegalStateException("PacketCodec packs the packet kind in 4 bits, the delivery mode and "
                    + "back-to-sender cause in 7: widen its head bytes");
        }
    }

    private PacketCodec() {
    }

    /** Writes {@code p}, its times relative to {@code basePs}. */
    static void write(Packet p, long basePs, WireWriter w) {
        TransportHeader header = p.header();
        BtsHeader bts = header instanceof BtsHeader notice ? notice : null;
        TransportHeader carried = bts != null ? bts.echoed() : header;
        int head = p.kind().ordinal()
                | (carried instanceof PdsRequest ? PDS_REQUEST : carried instanceof PdsAck ? PDS_ACK : 0)
                | (carried instanceof RoceHeader ? ROCE : 0)
                | (bts != null ? BTS : 0);
        w.u8(head);
        w.uint(p.flowId());
        w.uint(p.src());
        w.uint(p.dst());
        w.uint(p.sizeBytes());
        w.uint(p.payloadBytes());
        w.uint(p.trafficClass());
        w.uint(p.ecn());
        w.fixedInt(p.entropy());
        w.slong(p.psn());
        w.slong(basePs - p.timestampPs());
        w.uint(p.flags());
        if (carried instanceof PdsRequest r) {
            w.slong(r.cccId());
            w.u8(r.mode().ordinal() << 2 | (r.ackRequest() ? 2 : 0) | (r.syn() ? 1 : 0));
            w.uint(r.dpdcid());
            w.slong(r.creditTargetBytes());
        } else if (carried instanceof PdsAck a) {
            w.slong(a.ackPsn());
            w.uint(a.spdcid());
            w.slong(a.rcvdBytes());
            w.slong(a.serviceTimePs());
            w.uint(a.rcvCwndPend());
            w.bool(a.restoreCwnd());
            w.uint(a.oooCount());
            w.slong(a.creditBytes());
            w.slong(a.sackBasePsn());
            if (a.sackBasePsn() >= 0) {
                w.ulong(a.sackBitmap());
            }
        } else if (carried instanceof RoceHeader roce) {
            w.uint(roce.destQpn());
            w.u8(roce.opcode().ordinal());
            w.ulong(roce.msn());
            w.ulong(roce.rnrPausePs());
        }
        if (bts != null) {
            w.u8(bts.cause().ordinal() << 1 | bts.ecnBit());
            w.uint(bts.switchNode());
            w.uint(bts.port());
            w.uint(bts.trafficClass());
            w.slong(basePs - bts.madePs());
            w.slong(bts.queueBytes());
            w.slong(bts.relativeQueuePpm());
            w.slong(bts.queueDelayPs());
            w.uint(bts.activeFlows());
            w.slong(bts.txBytes());
            w.slong(basePs - bts.txSnapshotPs());
            w.slong(bts.portBufferBytes());
            w.slong(bts.sharedBufferBytes());
            w.slong(bts.gradientBytesPerUs());
        }
    }

    /** Reads a packet written with the same {@code basePs}. */
    static Packet read(WireReader r, long basePs) {
        int head = r.u8();
        PacketKind kind = r.constant(KINDS, head & 0xF, "packet kind");
        int flowId = r.uint();
        int src = r.uint();
        int dst = r.uint();
        int sizeBytes = r.uint();
        int payloadBytes = r.uint();
        int trafficClass = r.uint();
        int ecn = r.uint();
        int entropy = r.fixedInt();
        long psn = r.slong();
        long timestampPs = basePs - r.slong();
        int flags = r.uint();
        if ((head & PDS_MASK) != 0 && (head & ROCE) != 0) {
            throw r.corrupt("a PDS and a RoCEv2 header in one packet");
        }
        TransportHeader carried = switch (head & PDS_MASK) {
            case 0 -> (head & ROCE) == 0 ? NoHeader.INSTANCE
                    : new RoceHeader(r.uint(), r.constant(OPCODES, r.u8(), "RoCEv2 opcode"), r.ulong(), r.ulong());
            case PDS_REQUEST -> readRequest(r);
            case PDS_ACK -> readAck(r);
            default -> throw r.corrupt("PDS header kind " + ((head & PDS_MASK) >> 4));
        };
        TransportHeader header = (head & BTS) == 0 ? carried : readBts(r, basePs, carried);
        return new Packet(kind, flowId, src, dst, sizeBytes, payloadBytes, trafficClass, ecn, entropy, psn,
                timestampPs, flags, header);
    }

    private static PdsRequest readRequest(WireReader r) {
        long cccId = r.slong();
        int modeArSyn = r.u8();
        DeliveryMode mode = r.constant(MODES, modeArSyn >> 2, "delivery mode");
        return new PdsRequest(cccId, (modeArSyn & 1) != 0, r.uint(), r.slong(), mode, (modeArSyn & 2) != 0);
    }

    private static PdsAck readAck(WireReader r) {
        long ackPsn = r.slong();
        int spdcid = r.uint();
        long rcvdBytes = r.slong();
        long serviceTimePs = r.slong();
        int rcvCwndPend = r.uint();
        boolean restoreCwnd = r.bool();
        int oooCount = r.uint();
        long creditBytes = r.slong();
        long sackBasePsn = r.slong();
        long sackBitmap = sackBasePsn >= 0 ? r.ulong() : 0;
        return new PdsAck(ackPsn, spdcid, rcvdBytes, serviceTimePs, rcvCwndPend, restoreCwnd, oooCount, creditBytes,
                sackBasePsn, sackBitmap);
    }

    private static BtsHeader readBts(WireReader r, long basePs, TransportHeader echoed) {
        int causeAndBit = r.u8();
        BtsCause cause = r.constant(CAUSES, causeAndBit >> 1, "back-to-sender cause");
        return new BtsHeader(cause, causeAndBit & 1, r.uint(), r.uint(), r.uint(), basePs - r.slong(), r.slong(),
                r.slong(), r.slong(), r.uint(), r.slong(), basePs - r.slong(), r.slong(), r.slong(), r.slong(),
                echoed);
    }
}
