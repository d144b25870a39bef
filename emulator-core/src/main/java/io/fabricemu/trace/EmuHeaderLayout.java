package io.fabricemu.trace;

import io.fabricemu.net.BtsCause;
import io.fabricemu.net.BtsHeader;
import io.fabricemu.net.DeliveryMode;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PdsAck;
import io.fabricemu.net.PdsRequest;
import io.fabricemu.net.TransportHeader;

/**
 * The emulator's own layout of the transport fields that have no header Wireshark reads: Ultra Ethernet's PDS
 * fields (UE 1.0 assigns UDP port 4793 to UET, but this is not UE 1.0's wire format: it is the fields the emulator
 * models, in a fixed order), the baseline transport and back-to-sender notices. Big-endian, right after the UDP
 * header. Offsets from the start of the layout:
 *
 * <pre>
 *  0  u8   layout version, 1
 *  1  u8   packet kind: 1 DATA, 2 ACK, 3 NACK, 4 CREDIT, 5 CREDIT_REQUEST, 6 NAK_SEQUENCE, 7 NAK_RNR, 8 CNP, 9 BTS
 *  2  u8   flags: 0x01 ECN echo, 0x02 trimmed, 0x04 SYN, 0x08 AR (ack request), 0x10 ROD delivery,
 *          0x20 restore_cwnd (rc)
 *  3  u8   body: 0 none, 1 PDS request, 2 PDS ACK_CC, 3 back-to-sender notice
 *  4  u32  PSN, modulo 2^32 (an ACK's: the cumulative PSN)
 *  8  u32  flow id
 * 12  u16  PDC id: a request's DPDCID, an ACK_CC's SPDCID, else 0
 * 14  u16  entropy value
 * body 1, PDS request:  16 u64 CCC id; 24 i64 credit target bytes (-1: no RCCC)
 * body 2, PDS ACK_CC:   16 u32 acknowledged PSN (0xFFFFFFFF: credit only); 20 u8 rcv_cwnd_pend; 21 u8 out-of-order
 *                       count (255 or more: 255); 22 u16 0; 24 u64 received bytes; 32 u64 service time in ps;
 *                       40 i64 credit bytes (-1: no RCCC); 48 i64 SACK base PSN (-1: none); 56 u64 SACK bitmap
 * body 3, notice:       16 u8 cause (0 early, 1 drop); 17 u8 ECN bit; 18 u8 traffic class; 19 u8 0; 20 u32 switch
 *                       node; 24 u32 egress port; 28 u32 0; 32 u64 queue bytes; 40 u64 queue delay in ps; 48 u64
 *                       time made in ps
 * </pre>
 *
 * A header-only packet is as long as the scenario's {@code transport.header} (64 B by default), so its trace keeps
 * the first {@code header - 42} bytes of this layout: the common 16 and, by default, the first 6 of its body.
 */
final class EmuHeaderLayout {
    static final int VERSION = 1;
    static final int COMMON_BYTES = 16;
    private static final int BODY_NONE = 0;
    private static final int BODY_REQUEST = 1;
    private static final int BODY_ACK = 2;
    private static final int BODY_NOTICE = 3;

    private EmuHeaderLayout() {
    }

    /** Writes {@code p}'s fields at {@code buf[at]}; returns the offset after them. */
    static int write(Packet p, byte[] buf, int at) {
        TransportHeader h = p.header();
        int flags = (p.flags() & Packet.FLAG_ECN_ECHO) != 0 ? 0x01 : 0;
        flags |= p.trimmed() ? 0x02 : 0;
        int body = BODY_NONE;
        int pdcId = 0;
        if (h instanceof PdsRequest r) {
            body = BODY_REQUEST;
            pdcId = r.dpdcid();
            flags |= (r.syn() ? 0x04 : 0) | (r.ackRequest() ? 0x08 : 0) | (r.mode() == DeliveryMode.ROD ? 0x10 : 0);
        } else if (h instanceof PdsAck a) {
            body = BODY_ACK;
            pdcId = a.spdcid();
            flags |= a.restoreCwnd() ? 0x20 : 0;
        } else if (h instanceof BtsHeader) {
            body = BODY_NOTICE;
        }
        at = Bytes.u8(buf, at, VERSION);
        at = Bytes.u8(buf, at, p.kind().ordinal() + 1);
        at = Bytes.u8(buf, at, flags);
        at = Bytes.u8(buf, at, body);
        at = Bytes.u32(buf, at, (int) p.psn());
        at = Bytes.u32(buf, at, p.flowId());
        at = Bytes.u16(buf, at, pdcId);
        at = Bytes.u16(buf, at, p.entropy());
        if (h instanceof PdsRequest r) {
            at = Bytes.u64(buf, at, r.cccId());
            at = Bytes.u64(buf, at, r.creditTargetBytes());
        } else if (h instanceof PdsAck a) {
            at = Bytes.u32(buf, at, a.ackPsn() < 0 ? -1 : (int) a.ackPsn());
            at = Bytes.u8(buf, at, a.rcvCwndPend());
            at = Bytes.u8(buf, at, Math.min(255, a.oooCount()));
            at = Bytes.u16(buf, at, 0);
            at = Bytes.u64(buf, at, a.rcvdBytes());
            at = Bytes.u64(buf, at, a.serviceTimePs());
            at = Bytes.u64(buf, at, a.creditBytes());
            at = Bytes.u64(buf, at, a.sackBasePsn());
            at = Bytes.u64(buf, at, a.sackBitmap());
        } else if (h instanceof BtsHeader n) {
            at = Bytes.u8(buf, at, n.cause() == BtsCause.EARLY ? 0 : 1);
            at = Bytes.u8(buf, at, n.ecnBit());
            at = Bytes.u8(buf, at, n.trafficClass());
            at = Bytes.u8(buf, at, 0);
            at = Bytes.u32(buf, at, n.switchNode());
            at = Bytes.u32(buf, at, n.port());
            at = Bytes.u32(buf, at, 0);
            at = Bytes.u64(buf, at, n.queueBytes());
            at = Bytes.u64(buf, at, n.queueDelayPs());
            at = Bytes.u64(buf, at, n.madePs());
        }
        return at;
    }
}
