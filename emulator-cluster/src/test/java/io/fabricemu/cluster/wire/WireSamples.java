package io.fabricemu.cluster.wire;

import akka.actor.typed.ActorRef;
import io.fabricemu.actor.Coordinator;
import io.fabricemu.actor.ShardActor;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.Event;
import io.fabricemu.engine.SampleLog;
import io.fabricemu.engine.Signal;
import io.fabricemu.engine.WindowState;
import io.fabricemu.fault.RouteNotice;
import io.fabricemu.host.DependencyMet;
import io.fabricemu.net.Arrival;
import io.fabricemu.net.BtsCause;
import io.fabricemu.net.BtsHeader;
import io.fabricemu.net.DeliveryMode;
import io.fabricemu.net.NoHeader;
import io.fabricemu.net.OnWire;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketBuilder;
import io.fabricemu.net.PacketKind;
import io.fabricemu.net.PdsAck;
import io.fabricemu.net.PdsRequest;
import io.fabricemu.net.PfcArrival;
import io.fabricemu.net.PfcFrame;
import io.fabricemu.net.PfcOnWire;
import io.fabricemu.net.RoceHeader;
import io.fabricemu.net.TransportHeader;
import io.fabricemu.pfc.PfcReleased;
import io.fabricemu.pfc.PfcStuckChanged;
import io.fabricemu.stats.BtsCounters;
import io.fabricemu.stats.FlowReceiverStats;
import io.fabricemu.stats.FlowSenderStats;
import io.fabricemu.stats.FlowStarted;
import io.fabricemu.stats.LinkLoss;
import io.fabricemu.stats.PfcCounters;
import io.fabricemu.stats.PortStats;
import io.fabricemu.stats.RnrCounters;
import io.fabricemu.stats.RnrNakRecord;
import io.fabricemu.switching.Forward;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

/**
 * One instance of every message that crosses a JVM boundary, and of every signal a batch carries, each field away
 * from its default (and from its neighbours' values, so a swapped field shows), every variant of a packet's
 * transport header, a notice's echoed one included. A new message type is one more line in
 * {@link #controlMessages}.
 */
final class WireSamples {
    static final long NOW_PS = 7_340_123_456_789L;

    private WireSamples() {
    }

    /** Every control message, {@code shards} standing for real shard references. */
    static List<Object> controlMessages(List<ActorRef<ShardActor.Command>> shards) {
        return List.of(
                new Coordinator.ShardReady(3, Coordinator.Phase.PROGRESS, NOW_PS, 123_456_789L, 98_765L, 17,
                        NOW_PS - 5, 4_000_000_001L, 42, "flow 9 gave up", 6_421, 9_876_543_210L),
                new Coordinator.ShardReady(1, Coordinator.Phase.STARTED, Long.MAX_VALUE, 5, 6, 0, -1, 7, -1, null, 0,
                        0),
                new Coordinator.ShardReady(0, Coordinator.Phase.FINAL, NOW_PS, 5, 6, 0, -1, 7, -1, null, 1L << 40,
                        Long.MAX_VALUE),
                new Coordinator.ShardReported(2, List.of(11, 12, 13, 14), List.of(senderReport(), receiverReport(),
                        portReport(), linkReport()), true, 123_456_789L),
                new Coordinator.ShardReported(0, List.of(), List.of(), false, Long.MIN_VALUE),
                new Coordinator.ShardFailed(4, "element 77 failed: boom \u00e9\u4e2d"),
                new ShardActor.Peers(shards),
                new ShardActor.OpenWindow(NOW_PS + 1_000_000),
                ShardActor.Collect.INSTANCE,
                ShardActor.SendReports.INSTANCE);
    }

    /** Every cross-shard signal, each packet-carrying one with a different transport header. */
    static List<Signal> signals() {
        return List.of(
                new OnWire(uetData(true), NOW_PS - 2_000, NOW_PS - 100),
                new OnWire(uetData(false), NOW_PS + 3, NOW_PS + 4_003),
                new OnWire(uetAck(), NOW_PS - 64_000, NOW_PS - 1),
                new Arrival(roceAck(), NOW_PS - 5_120, NOW_PS),
                new Arrival(bts(), NOW_PS - 2, NOW_PS - 1),
                new OnWire(bts(roceData().header()), NOW_PS - 3, NOW_PS - 2),
                new Forward(bts(NoHeader.INSTANCE), 2),
                new Arrival(roceData(), NOW_PS - 9_000, NOW_PS),
                new Arrival(plain(), 0, Long.MAX_VALUE),
                new Forward(uetAck(), 5),
                new Forward(plain()),
                new PfcOnWire(new PfcFrame(0b1010_0001, 65_535), NOW_PS - 512),
                new PfcArrival(PfcFrame.of(3, 0)),
                new PfcReleased(6, 4_096),
                new PfcStuckChanged(1_025, 2_049, 3, "tor0.1:p3", true, NOW_PS - 7_000_000),
                new PfcStuckChanged(9, 8, 0, "", false, 0),
                new DependencyMet(0),
                new DependencyMet(3_000_000),
                new RouteNotice(17, 1, true, 0, 5_000_000L, RouteNotice.Hop.FROM_NEIGHBOUR),
                new RouteNotice(3_000_000, 2, false, 12, 1_000L, RouteNotice.Hop.WITHIN_SWITCH));
    }

    /** Batches holding every signal: one event each, one of all of them, an empty last one. */
    static List<Object> batches() {
        List<Object> batches = new ArrayList<>();
        List<Event> all = new ArrayList<>();
        long seq = 1L << 40;
        for (Signal s : signals()) {
            Event e = new Event(NOW_PS + 1_000 + seq % 977, 2_000_000 + (int) (seq % 13), seq, 4_321, s);
            batches.add(new ShardActor.PeerBatch(7, NOW_PS, List.of(e)));
            all.add(e);
            seq += 1_234_567;
        }
        all.add(new Event(Long.MAX_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE, 0, new PfcReleased(0, 1)));
        all.add(new Event(0, 0, 0, Integer.MAX_VALUE, new PfcReleased(7, Integer.MAX_VALUE)));
        batches.add(new ShardActor.PeerBatch(1, NOW_PS, all, new WindowState(NOW_PS + 250_000, 1_023, 77,
                "PFC deadlock: spine3:p2 \u00e9")));
        batches.add(new ShardActor.PeerBatch(0, 0, List.of(), new WindowState(Long.MAX_VALUE, 0, -1, null)));
        return batches;
    }

    static Packet uetData(boolean syn) {
        PdsRequest pds = syn ? new PdsRequest(77_000_000_123L, true, 0, 3_000_000, DeliveryMode.ROD, true)
                : new PdsRequest(5, false, 901, -1, DeliveryMode.RUD);
        return PacketBuilder.data(123_457, 511, 1_023).sizeBytes(4_160).payloadBytes(4_096).trafficClass(2)
                .entropy(0xCAFE_BABE).psn(9_876_543_210L).timestampPs(NOW_PS - 1_500_000).flags(Packet.FLAG_TRIMMED)
                .header(pds).build();
    }

    static Packet uetAck() {
        PdsAck pds = new PdsAck(9_876_543_211L, 902, 1L << 35, 812_000, 127, true, 44, 1L << 33,
                9_876_543_148L, 0x8000_0000_0000_0001L | 1L << 40);
        return PacketBuilder.of(PacketKind.ACK, 123_458, 1_022, 510).sizeBytes(64).trafficClass(6).ecn(Packet.ECN_CE)
                .entropy(-17).psn(9_876_543_000L).timestampPs(NOW_PS - 2_500_000).flags(Packet.FLAG_ECN_ECHO)
                .header(pds).build();
    }

    static Packet roceAck() {
        RoceHeader roce = new RoceHeader(123_459, RoceHeader.Opcode.ACKNOWLEDGE, 1L << 40, 655_360_000L);
        return PacketBuilder.of(PacketKind.NAK_RNR, 123_459, 3, 4).sizeBytes(58).trafficClass(7).ecn(1)
                .entropy(Integer.MIN_VALUE).psn(8).timestampPs(NOW_PS + 9_999).header(roce).build();
    }

    static Packet roceData() {
        RoceHeader roce = new RoceHeader(123_460, RoceHeader.Opcode.SEND_MIDDLE, 0, 0);
        return PacketBuilder.data(123_460, 5, 6).sizeBytes(1_082).payloadBytes(1_024).trafficClass(3).entropy(99)
                .psn(1L << 33).timestampPs(NOW_PS - 77).header(roce).build();
    }

    static Packet bts() {
        return bts(new PdsRequest(12, false, 1, 40_960, DeliveryMode.ROD, true));
    }

    /** A drop notice echoing the data packet's header {@code echoed}. */
    static Packet bts(TransportHeader echoed) {
        BtsHeader bts = new BtsHeader(BtsCause.DROP, 1, 2_050, 31, 5, NOW_PS - 300, 123_456, 1_250_000,
                9_830_400, 12, 1L << 42, NOW_PS - 300, 262_144, 131_072, -4_321, echoed);
        return PacketBuilder.of(PacketKind.BTS, 7, 8, 9).sizeBytes(82).trafficClass(7).entropy(1).psn(10)
                .timestampPs(NOW_PS - 40_000).header(bts).build();
    }

    static Packet plain() {
        return PacketBuilder.of(PacketKind.CNP, -3, 1, 2).sizeBytes(64).psn(-1).timestampPs(-NOW_PS).build();
    }

    static ElementReport senderReport() {
        return new ElementReport(List.of(new FlowSenderStats(1, 4_096, NOW_PS, true),
                new FlowSenderStats(2, 0, -1, false)), List.of(), List.of(),
                List.of(new FlowStarted(2, NOW_PS - 7)), sampleLog());
    }

    static ElementReport receiverReport() {
        return new ElementReport(List.of(), List.of(new FlowReceiverStats(3, 1L << 33, NOW_PS + 1, 19)), List.of(),
                SampleLog.restore(1_000_000, 0, List.of(), List.of(), new long[0], -1));
    }

    static ElementReport linkReport() {
        return ElementReport.EMPTY.withLinkLoss(new LinkLoss("sw4 -> h0", 0.01, 7, 29_050));
    }

    static ElementReport portReport() {
        RnrCounters rnr = new RnrCounters(2, 3, 4, 5, NOW_PS, 6_000, List.of(
                new RnrNakRecord(NOW_PS, 11, 12, 13, 14, 15, 16, 17, 18)));
        return ElementReport.ofPort(new PortStats("spine2:p14", 2, 524_288, 21, 22, 23, 1L << 40,
                new PfcCounters(31, 32, 33, 34), rnr, new BtsCounters(41, 42, 43, 44, 45, 46, 47, 48, 49),
                NOW_PS - 9));
    }

    /** A log of two samples: a port row, a class-queue row, a sender and a receiver row. */
    static SampleLog sampleLog() {
        long port = 1L << 32;
        long classQueue = (2L << 32) | 1;
        long sender = (3L << 32) | 42;
        long receiver = (4L << 32) | 43;
        long[] rows = LongStream.of(
                0, 1_000_000, port, 1, 2, 3, 4, 5, 6, 7, 8, classQueue, 3, 9_000, sender, 10, 11, 12, receiver, 13,
                0, 2_000_000, port, 21, 22, 23, 24, 25, 26, 27, 28, sender, 30, 31, 32).toArray();
        return SampleLog.restore(1_000_000, 4, List.of("unused", "tor0.1:p3"), List.of(0, 1), rows, 20);
    }
}
