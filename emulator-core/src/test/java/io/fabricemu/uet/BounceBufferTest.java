package io.fabricemu.uet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.engine.Event;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.Signal;
import io.fabricemu.host.CommonTransport;
import io.fabricemu.host.FlowReceiver;
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
 * The target's bounce buffer ({@code transport.receiverNotReady: buffer}): packets that find no posted receive are
 * held while they fit in the pool and taken as delivered (no request-to-wait), the message completes only at its
 * post (plus the copy out of the pool, when memory has a write rate), and a packet that does not fit is answered by
 * request-to-wait, as is the rest of its message until the post.
 */
class BounceBufferTest {
    private static final int TARGET = 3;
    private static final int SOURCE = 2;
    private static final long RTO_PS = 10 * Ps.PER_US;
    private static final long POSTED_PS = 20 * Ps.PER_US;
    private static final int PAYLOAD = 4_086;
    private static final CommonTransport TRANSPORT = new CommonTransport(64, PAYLOAD, RTO_PS, 0, 1);

    private final List<Packet> replies = new ArrayList<>();
    private final List<Integer> delivered = new ArrayList<>();
    private final Context ctx = new Context();

    /** The clock, the timers set, and the completions counted. */
    private static final class Context implements EventContext {
        long nowPs;
        int completions;
        final List<Event> scheduled = new ArrayList<>();

        @Override
        public long nowPs() {
            return nowPs;
        }

        @Override
        public void send(int targetId, long atPs, Signal signal) {
            throw new AssertionError("a target's matching sends nothing to other elements");
        }

        @Override
        public void schedule(long atPs, Signal signal) {
            scheduled.add(new Event(atPs, -1, scheduled.size(), -1, signal));
        }

        @Override
        public void flowCompleted() {
            completions++;
        }

        @Override
        public void halt(String reason) {
            throw new AssertionError(reason);
        }
    }

    private FlowReceiver[] receivers(NicFlow... flows) {
        FlowReceiver[] r = new FlowReceiver[flows.length];
        for (int i = 0; i < flows.length; i++) {
            r[i] = new FlowReceiver(flows[i].flowId(), flows[i].bytes(), PAYLOAD, delivered::add);
        }
        return r;
    }

    private ReceiverMatching matching(NicFlow[] flows, BounceBuffer bounce) {
        return new ReceiverMatching(TARGET, flows, TRANSPORT, actions(), i -> false, null, bounce);
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
                throw new AssertionError("the receivers tell the test");
            }
        };
    }

    private static NicFlow flow(int flowId, int packets) {
        return new NicFlow(flowId, SOURCE, (long) packets * PAYLOAD, 0, 7, POSTED_PS, -1);
    }

    private boolean arrive(ReceiverMatching m, int i, NicFlow f, long psn, long atPs, int flags) {
        ctx.nowPs = atPs;
        return m.admit(i, PacketBuilder.data(f.flowId(), SOURCE, TARGET).sizeBytes(4_150).payloadBytes(PAYLOAD)
                .psn(psn).timestampPs(atPs - 1_832_000).flags(flags).build(), ctx);
    }

    private void runUntil(ReceiverMatching m, long endPs) {
        for (int k = 0; k < ctx.scheduled.size(); k++) {
            Event e = ctx.scheduled.get(k);
            if (e.timePs() <= endPs && e.timePs() >= ctx.nowPs) {
                ctx.nowPs = e.timePs();
                assertTrue(m.onSignal(e.signal(), ctx));
            }
        }
    }

    private static List<FlowReceiverStats> report(ReceiverMatching m, NicFlow... flows) {
        List<FlowReceiverStats> stats = new ArrayList<>();
        for (NicFlow f : flows) {
            stats.add(new FlowReceiverStats(f.flowId(), 0, -1, 0));
        }
        m.reportBuffered(stats, 0);
        return stats;
    }

    /**
     * A pool of three packets, two messages from one source (MSN 0 and 1): message 0's two packets and message 1's
     * first are held; message 1's second finds the pool full and is answered by an RTW, and so is its third after
     * message 0's post has freed room, since the source has stopped that message; the post of message 1 sends the
     * RTS. A second copy of a held packet is taken again, not counted twice.
     */
    @Test
    void heldWhileTheyFit_thenRequestToWait_forTheRestOfThatMessageUntilItsPost() {
        NicFlow f0 = flow(10, 2);
        NicFlow f1 = new NicFlow(11, SOURCE, 4L * PAYLOAD, 0, 7, POSTED_PS + 5 * Ps.PER_US, -1);
        FlowReceiver[] r = receivers(f0, f1);
        BounceBuffer bounce = new BounceBuffer(3L * PAYLOAD, 0, r);
        ReceiverMatching m = matching(new NicFlow[] {f0, f1}, bounce);
        assertTrue(arrive(m, 0, f0, 0, 2 * Ps.PER_US, 0));
        assertTrue(arrive(m, 0, f0, 1, 3 * Ps.PER_US, 0));
        assertTrue(arrive(m, 1, f1, 0, 4 * Ps.PER_US, 0));
        assertTrue(arrive(m, 0, f0, 1, 5 * Ps.PER_US, 0), "a second copy of a held packet");
        assertTrue(replies.isEmpty(), "nothing answered by RTW while the pool has room");
        assertFalse(arrive(m, 1, f1, 1, 6 * Ps.PER_US, 0), "the pool is full");
        assertEquals(1, replies.size());
        assertEquals(PacketKind.RTW, replies.get(0).kind());
        assertEquals(3L * PAYLOAD, bounce.peakBytes());
        runUntil(m, POSTED_PS);
        assertFalse(arrive(m, 1, f1, 2, 21 * Ps.PER_US, 0), "room again, but message 1 waits for its RTS");
        assertEquals(PacketKind.RTW, replies.get(1).kind());
        runUntil(m, POSTED_PS + 5 * Ps.PER_US);
        assertEquals(PacketKind.RTS, replies.get(2).kind(), "message 1's post restarts it");
        assertEquals(3, replies.size());
        List<FlowReceiverStats> stats = report(m, f0, f1);
        assertEquals(2L * PAYLOAD, stats.get(0).bufferedBytes(), "each PSN counted once");
        assertEquals(1L * PAYLOAD, stats.get(1).bufferedBytes());
        assertTrue(stats.get(0).bounced() && stats.get(1).bounced());
        assertEquals(3L * PAYLOAD, stats.get(1).targetBufferedBytes(), "the pool's peak");
        assertEquals(2, ctx.completions, "each late message's post counted once by its target");
    }

    /** A message held whole completes at its post, not when its last packet arrived; a trimmed one is NACKed. */
    @Test
    void aMessageHeldWhole_completesAtItsPost() {
        NicFlow f = flow(10, 2);
        FlowReceiver[] r = receivers(f);
        ReceiverMatching m = matching(new NicFlow[] {f}, new BounceBuffer(1 << 20, 0, r));
        assertTrue(arrive(m, 0, f, 1, 2 * Ps.PER_US, Packet.FLAG_TRIMMED), "trimmed: goes on to its NACK");
        for (int psn = 0; psn < 2; psn++) {
            assertTrue(arrive(m, 0, f, psn, 3 * Ps.PER_US + psn, 0));
            r[0].onData(psn, PAYLOAD, ctx.nowPs); // what the NIC does with a packet taken
        }
        assertEquals(-1, r[0].finishPs(), "all in, but held");
        assertTrue(delivered.isEmpty());
        assertEquals(0, ctx.completions);
        runUntil(m, POSTED_PS);
        assertEquals(POSTED_PS, r[0].finishPs());
        assertEquals(List.of(10), delivered);
        assertEquals(1, ctx.completions);
        assertTrue(replies.isEmpty());
    }

    /**
     * With a memory write rate the held bytes are copied out first: 2 x 4,086 B at 100 Gb/s is 653.76 ns, so the
     * message completes at 20,653,760 ps and its bytes leave the pool then.
     */
    @Test
    void theCopyOutOfThePool_takesTheHeldBytesAtTheMemoryWriteRate() {
        NicFlow f = flow(10, 2);
        FlowReceiver[] r = receivers(f);
        ReceiverMatching m = matching(new NicFlow[] {f}, new BounceBuffer(1 << 20, 100_000_000_000L, r));
        for (int psn = 0; psn < 2; psn++) {
            assertTrue(arrive(m, 0, f, psn, 3 * Ps.PER_US + psn, 0));
            r[0].onData(psn, PAYLOAD, ctx.nowPs);
        }
        runUntil(m, POSTED_PS);
        assertEquals(-1, r[0].finishPs(), "the copy is still running at the post");
        runUntil(m, POSTED_PS + 653_760);
        assertEquals(20_653_760, r[0].finishPs());
        assertEquals(1, ctx.completions);
    }
}
