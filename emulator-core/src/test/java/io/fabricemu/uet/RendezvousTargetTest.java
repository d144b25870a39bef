package io.fabricemu.uet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.Event;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.RecordingContext;
import io.fabricemu.host.CommonTransport;
import io.fabricemu.host.LateReply;
import io.fabricemu.host.NicActions;
import io.fabricemu.host.NicFlow;
import io.fabricemu.net.Packet;
import io.fabricemu.net.PacketBuilder;
import io.fabricemu.net.PacketKind;
import io.fabricemu.stats.FlowReceiverStats;
import io.fabricemu.time.Ps;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The target's side of rendezvous sends: eager packets held until the receive is posted, the fetch request then (or
 * at the first packet, if the receive was posted before it), repeated until a packet of the rest arrives.
 */
class RendezvousTargetTest {
    private static final int TARGET = 3;
    private static final int SOURCE = 2;
    private static final int FLOW = 5;
    private static final long RTO_PS = 10 * Ps.PER_US;
    private static final long POSTED_PS = 20 * Ps.PER_US;
    private static final int PAYLOAD = 4_086;
    private static final CommonTransport TRANSPORT = new CommonTransport(64, PAYLOAD, RTO_PS, 0, 1);

    private final List<Packet> replies = new ArrayList<>();
    private final RecordingContext ctx = new RecordingContext();
    private boolean finished;

    /** One flow of {@code packets} packets, the first {@code eager} of them eager. */
    private ReceiverMatching matching(NicFlow flow, int eager, int packets) {
        return new ReceiverMatching(TARGET, new NicFlow[] {flow}, TRANSPORT, actions(), i -> finished,
                new RendezvousTarget(new int[] {eager}, new int[] {packets}));
    }

    private NicActions actions() {
        return new NicActions() {
            @Override
            public void reply(Packet p) {
                replies.add(p);
            }

            @Override
            public void reply(LateReply r) {
                throw new AssertionError("only fetch requests here");
            }

            @Override
            public void request(Packet p) {
                throw new AssertionError();
            }

            @Override
            public void completed(int i, EventContext context) {
                throw new AssertionError();
            }

            @Override
            public void failed(int i) {
                throw new AssertionError();
            }

            @Override
            public void delivered(int flowId) {
                throw new AssertionError();
            }
        };
    }

    private boolean arrive(ReceiverMatching m, long psn, long txPs, long atPs) {
        ctx.nowPs = atPs;
        return m.admit(0, PacketBuilder.data(FLOW, SOURCE, TARGET).sizeBytes(4_150).payloadBytes(PAYLOAD).psn(psn)
                .timestampPs(txPs).build(), ctx);
    }

    private int run(ReceiverMatching m, int from, long endPs) {
        int k = from;
        while (k < ctx.scheduled.size() && ctx.scheduled.get(k).timePs() <= endPs) {
            Event e = ctx.scheduled.get(k++);
            ctx.nowPs = e.timePs();
            assertTrue(m.onSignal(e.signal(), ctx));
        }
        return k;
    }

    private static FlowReceiverStats buffered(ReceiverMatching m) {
        List<FlowReceiverStats> stats = new ArrayList<>(List.of(new FlowReceiverStats(FLOW, 0, -1, 0)));
        m.reportBuffered(stats, 0);
        return stats.get(0);
    }

    @Test
    void eagerPacketsAreHeldNotDiscarded_theFetchGoesAtThePost_andAgainUntilTheRestArrives() {
        ReceiverMatching m = matching(new NicFlow(FLOW, SOURCE, 1 << 20, 0, 7, POSTED_PS, -1), 3, 257);
        for (int psn = 0; psn < 3; psn++) {
            assertTrue(arrive(m, psn, psn * 332_000L, 2 * Ps.PER_US + psn * 332_000L), "held and acknowledged");
        }
        assertTrue(arrive(m, 1, 5 * Ps.PER_US, 6 * Ps.PER_US), "a second copy is acknowledged again");
        assertTrue(replies.isEmpty(), "no request-to-wait");
        assertEquals(0, m.failedMatches());
        int next = run(m, 0, POSTED_PS);
        assertEquals(1, replies.size());
        Packet fetch = replies.get(0);
        assertEquals(PacketKind.RTS, fetch.kind());
        assertEquals(SOURCE, fetch.dst());
        assertEquals(POSTED_PS, fetch.timestampPs());
        assertEquals(3L * PAYLOAD, buffered(m).bufferedBytes(), "each eager packet counted once");
        assertEquals(3L * PAYLOAD, buffered(m).targetBufferedBytes());
        // No packet of the rest within the timeout: the fetch goes again at 30 us.
        next = run(m, next, POSTED_PS + RTO_PS);
        assertEquals(2, replies.size());
        assertEquals(POSTED_PS + RTO_PS, replies.get(1).timestampPs());
        // A late eager copy does not answer the fetch; the rest's first packet does.
        assertTrue(arrive(m, 2, POSTED_PS + RTO_PS + 1, POSTED_PS + RTO_PS + 2));
        next = run(m, next, POSTED_PS + 2 * RTO_PS);
        assertEquals(3, replies.size(), "an eager packet is no answer to the fetch");
        assertTrue(arrive(m, 3, POSTED_PS + 2 * RTO_PS + 1, POSTED_PS + 2 * RTO_PS + 2));
        run(m, next, POSTED_PS + 10 * RTO_PS);
        assertEquals(3, replies.size(), "no fetch once the rest arrives");
    }

    @Test
    void aReceivePostedBeforeTheFirstPacket_fetchesAtThatPacket() {
        ReceiverMatching m = matching(new NicFlow(FLOW, SOURCE, 1 << 20, 0, 7, -1, 9), 3, 257);
        ctx.nowPs = Ps.PER_US;
        m.onOwnStart(9, ctx);
        assertTrue(replies.isEmpty(), "nothing to fetch before the message shows up");
        arrive(m, 0, Ps.PER_US, 3 * Ps.PER_US);
        assertEquals(1, replies.size());
        assertEquals(PacketKind.RTS, replies.get(0).kind());
        assertEquals(3 * Ps.PER_US, replies.get(0).timestampPs());
        arrive(m, 1, Ps.PER_US + 332_000, 3 * Ps.PER_US + 332_000);
        assertEquals(1, replies.size(), "one fetch");
        assertEquals(0, buffered(m).bufferedBytes(), "nothing was held");
    }

    @Test
    void aMessageNoLargerThanTheEagerPart_isHeldAndNeverFetched() {
        ReceiverMatching m = matching(new NicFlow(FLOW, SOURCE, 3 * PAYLOAD, 0, 7, POSTED_PS, -1), 3, 3);
        for (int psn = 0; psn < 3; psn++) {
            arrive(m, psn, psn * 332_000L, 2 * Ps.PER_US + psn * 332_000L);
        }
        run(m, 0, POSTED_PS + 10 * RTO_PS);
        assertTrue(replies.isEmpty(), "no fetch");
        assertEquals(3L * PAYLOAD, buffered(m).bufferedBytes());
    }

    @Test
    void theNicBufferPeak_isWhatItHeldBeforeThePostThatEmptiedIt() {
        NicFlow[] in = {new NicFlow(FLOW, SOURCE, 1 << 20, 0, 7, POSTED_PS, -1),
            new NicFlow(FLOW + 1, SOURCE + 1, 1 << 20, 0, 7, 2 * POSTED_PS, -1)};
        ReceiverMatching m = new ReceiverMatching(TARGET, in, TRANSPORT, actions(), i -> false,
                new RendezvousTarget(new int[] {2, 2}, new int[] {257, 257}));
        for (int i = 0; i < 2; i++) {
            for (int psn = 0; psn < 2; psn++) {
                ctx.nowPs = Ps.PER_US + i;
                m.admit(i, PacketBuilder.data(FLOW + i, SOURCE + i, TARGET).sizeBytes(4_150).payloadBytes(PAYLOAD)
                        .psn(psn).timestampPs(0).build(), ctx);
            }
        }
        run(m, 0, 3 * POSTED_PS);
        List<FlowReceiverStats> stats = new ArrayList<>(List.of(new FlowReceiverStats(FLOW, 0, -1, 0),
                new FlowReceiverStats(FLOW + 1, 0, -1, 0)));
        m.reportBuffered(stats, 0);
        assertEquals(4L * PAYLOAD, stats.get(0).targetBufferedBytes(), "both messages held at the first post");
        assertEquals(2L * PAYLOAD, stats.get(1).targetBufferedBytes(), "only its own at the second");
    }
}
