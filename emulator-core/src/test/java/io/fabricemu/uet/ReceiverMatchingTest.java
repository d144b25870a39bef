package io.fabricemu.uet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
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
import io.fabricemu.time.Ps;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The target's side of receives posted late (US 12,388,756 ¶(59), FIG. 1E): which packets get a request-to-wait,
 * when the request-to-send leaves and when it is sent again.
 */
class ReceiverMatchingTest {
    private static final int TARGET = 3;
    private static final int SOURCE = 2;
    private static final int FLOW = 5;
    private static final int OWN_FLOW = 9;
    private static final long RTO_PS = 10 * Ps.PER_US;
    private static final long POSTED_PS = 20 * Ps.PER_US;
    private static final CommonTransport TRANSPORT = new CommonTransport(64, 4_086, RTO_PS, 0, 1);

    private final List<Packet> replies = new ArrayList<>();
    private final RecordingContext ctx = new RecordingContext();
    private boolean finished;

    private ReceiverMatching matching(NicFlow flow) {
        return new ReceiverMatching(TARGET, new NicFlow[] {flow}, TRANSPORT, actions(), i -> finished);
    }

    private NicActions actions() {
        return new NicActions() {
            @Override
            public void reply(Packet p) {
                replies.add(p);
            }

            @Override
            public void reply(LateReply r) {
                throw new AssertionError("only RTWs and RTSs here");
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

    private static Packet data(long psn, long txPs) {
        return PacketBuilder.data(FLOW, SOURCE, TARGET).sizeBytes(4_150).payloadBytes(4_086).psn(psn).timestampPs(txPs)
                .build();
    }

    private boolean arrive(ReceiverMatching m, long psn, long txPs, long atPs) {
        ctx.nowPs = atPs;
        return m.admit(0, data(psn, txPs), ctx);
    }

    /** Runs the events scheduled so far that are due by {@code endPs}, from index {@code from}; returns the next. */
    private int run(ReceiverMatching m, int from, long endPs) {
        int k = from;
        while (k < ctx.scheduled.size() && ctx.scheduled.get(k).timePs() <= endPs) {
            Event e = ctx.scheduled.get(k++);
            ctx.nowPs = e.timePs();
            assertTrue(m.onSignal(e.signal(), ctx));
        }
        return k;
    }

    @Test
    void fig1e_rtwForEveryEarlyPacket_rtsWhenPosted_repeatedUntilNewDataArrives() {
        ReceiverMatching m = matching(new NicFlow(FLOW, SOURCE, 1 << 20, 0, 7, POSTED_PS, -1));
        assertFalse(arrive(m, 0, 0, 2 * Ps.PER_US));
        assertFalse(arrive(m, 1, 332_000, 2_332_000));
        assertEquals(2, replies.size());
        for (int psn = 0; psn < 2; psn++) {
            Packet rtw = replies.get(psn);
            assertEquals(PacketKind.RTW, rtw.kind());
            assertEquals(psn, rtw.psn(), "names the discarded packet");
            assertEquals(SOURCE, rtw.dst());
            assertEquals(psn * 332_000L, rtw.timestampPs(), "echoes its transmit time");
        }
        assertEquals(1, ctx.scheduled.size(), "one post event, armed by the first failed match");
        assertEquals(POSTED_PS, ctx.scheduled.get(0).timePs());
        int next = run(m, 0, POSTED_PS);
        assertEquals(3, replies.size());
        Packet rts = replies.get(2);
        assertEquals(PacketKind.RTS, rts.kind());
        assertEquals(POSTED_PS, rts.timestampPs());
        // No data after the RTS within the timeout: it goes again, at 30 us, and again at 40 us.
        next = run(m, next, POSTED_PS + 2 * RTO_PS);
        assertEquals(5, replies.size());
        assertEquals(PacketKind.RTS, replies.get(4).kind());
        assertEquals(POSTED_PS + 2 * RTO_PS, replies.get(4).timestampPs());
        // An old copy, sent before the RTS, arrives: it matches, but does not prove the source restarted.
        assertTrue(arrive(m, 2, 664_000, POSTED_PS + 2 * RTO_PS + 1));
        // The restarted first packet arrives: the RTS was heard, nothing more is sent.
        assertTrue(arrive(m, 0, POSTED_PS + 2 * RTO_PS + 1_000_000, POSTED_PS + 2 * RTO_PS + 2_000_000));
        run(m, next, POSTED_PS + 10 * RTO_PS);
        assertEquals(5, replies.size(), "no RTS after the restart was seen");
        assertEquals(2, m.failedMatches());
    }

    @Test
    void aMessageCompletedByCopiesThatMatchedAfterThePost_needsNoMoreRts() {
        ReceiverMatching m = matching(new NicFlow(FLOW, SOURCE, 1 << 20, 0, 7, POSTED_PS, -1));
        arrive(m, 0, 0, Ps.PER_US);
        int next = run(m, 0, POSTED_PS);
        assertEquals(PacketKind.RTS, replies.get(1).kind());
        finished = true;
        run(m, next, POSTED_PS + 5 * RTO_PS);
        assertEquals(2, replies.size(), "the RTS is not repeated for a complete message");
    }

    @Test
    void oneOwnSendPostsEveryReceiveTiedToIt() {
        NicFlow[] in = {new NicFlow(FLOW, SOURCE, 1 << 20, 0, 7, -1, OWN_FLOW),
            new NicFlow(FLOW + 1, SOURCE + 1, 1 << 20, 0, 7, -1, OWN_FLOW + 2),
            new NicFlow(FLOW + 2, SOURCE + 2, 1 << 20, 0, 7, -1, OWN_FLOW)};
        ReceiverMatching m = new ReceiverMatching(TARGET, in, TRANSPORT, actions(), i -> false);
        for (int i = 0; i < in.length; i++) {
            ctx.nowPs = Ps.PER_US;
            assertFalse(m.admit(i, PacketBuilder.data(in[i].flowId(), in[i].peer(), TARGET).sizeBytes(4_150)
                    .payloadBytes(4_086).psn(0).timestampPs(0).build(), ctx));
        }
        ctx.nowPs = 2 * Ps.PER_US;
        m.onOwnStart(OWN_FLOW, ctx);
        assertEquals(List.of(PacketKind.RTW, PacketKind.RTW, PacketKind.RTW, PacketKind.RTS, PacketKind.RTS),
                replies.stream().map(Packet::kind).toList());
        assertEquals(List.of(FLOW, FLOW + 2), List.of(replies.get(3).flowId(), replies.get(4).flowId()));
    }

    @Test
    void fig1d_aReceivePostedBeforeTheFirstPacket_answersNothing() {
        ReceiverMatching m = matching(new NicFlow(FLOW, SOURCE, 1 << 20, 0, 7, POSTED_PS, -1));
        assertTrue(arrive(m, 0, POSTED_PS, POSTED_PS + 1));
        assertTrue(replies.isEmpty());
        assertTrue(ctx.scheduled.isEmpty());
    }

    @Test
    void aReceivePostedWithTheTargetsOwnSend_isPostedWhenThatSendStarts() {
        ReceiverMatching m = matching(new NicFlow(FLOW, SOURCE, 1 << 20, 0, 7, -1, OWN_FLOW));
        assertFalse(arrive(m, 0, 0, Ps.PER_US));
        assertTrue(ctx.scheduled.isEmpty(), "no time to post at: the target's own send decides");
        ctx.nowPs = 5 * Ps.PER_US;
        m.onOwnStart(OWN_FLOW + 1, ctx);
        assertEquals(1, replies.size(), "another flow's start posts nothing");
        m.onOwnStart(OWN_FLOW, ctx);
        assertEquals(PacketKind.RTS, replies.get(1).kind());
        assertInstanceOf(ReceiverMatching.RtsCheck.class, ctx.scheduled.get(0).signal());
    }
}
