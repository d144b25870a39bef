package io.fabricemu.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.actor.Engine;
import io.fabricemu.engine.Element;
import io.fabricemu.engine.ElementFactory;
import io.fabricemu.engine.EngineResult;
import io.fabricemu.engine.Progress;
import io.fabricemu.engine.RunLimits;
import io.fabricemu.stats.PortStats;
import io.fabricemu.switching.PoolLedger;
import io.fabricemu.switching.SharedBufferPool;
import io.fabricemu.time.Ps;
import io.fabricemu.topology.LeafSpineSpec;
import io.fabricemu.topology.LinkSpec;
import io.fabricemu.topology.Topologies;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

/**
 * Whole emulations of a 7:1 incast behind one leaf whose egress queues hold 64 KiB each: about 0.9 MB
 * is in flight towards host 0 (7 windows of 128 KiB), so the queue alone drops and a 4 MiB shared pool
 * absorbs the burst.
 */
class SharedBufferIncastTest {
    private static final long RATE = 100_000_000_000L;
    private static final long FLIGHT = 500 * Ps.PER_NS;
    private static final long LATENCY = 500 * Ps.PER_NS;
    private static final long QUEUE = 64 * 1024;
    private static final long POOL = 4L << 20;
    private static final int SENDERS = 7;

    /** What a run gave, with the pool elements the fabric created (to read their ledgers afterwards). */
    private record Outcome(EngineResult result, List<SharedBufferPool> pools) {
        long drops() {
            return result.reports().stream().flatMap(r -> r.ports().stream()).mapToLong(PortStats::drops).sum();
        }

        PortStats port(String id) {
            return result.reports().stream().flatMap(r -> r.ports().stream()).filter(p -> p.id().equals(id))
                    .findFirst().orElseThrow();
        }
    }

    /** Creates through the fabric and keeps every pool it creates. */
    private record KeepingPools(FabricBuilder fabric, Queue<SharedBufferPool> pools) implements ElementFactory {
        @Override
        public int elementCount() {
            return fabric.elementCount();
        }

        @Override
        public Element create(int elementId) {
            Element e = fabric.create(elementId);
            if (e instanceof SharedBufferPool pool) {
                pools.add(pool);
            }
            return e;
        }

        @Override
        public long lookaheadPs() {
            return fabric.lookaheadPs();
        }

        @Override
        public int flowCount() {
            return fabric.flowCount();
        }
    }

    private static Outcome run(long sharedBufferBytes) {
        LinkSpec link = new LinkSpec(RATE, FLIGHT, 0);
        var topology = Topologies.build(new LeafSpineSpec(1, SENDERS + 1, 1, 1, link, link));
        List<FlowSpec> flows = new ArrayList<>();
        for (int s = 1; s <= SENDERS; s++) {
            flows.add(new FlowSpec(s, 0, 1_000_000, 0));
        }
        var fabric = new FabricBuilder(topology,
                SwitchConfig.defaults().withLatencyPs(LATENCY).withQueueBytes(QUEUE)
                        .withSharedBufferBytes(sharedBufferBytes),
                TransportPlan.fixedWindow(128 * 1024, 100 * Ps.PER_US), flows, 0, 1);
        var factory = new KeepingPools(fabric, new ConcurrentLinkedQueue<>());
        EngineResult r = Engine.run(factory, RunLimits.singleShard(Ps.PER_S, fabric.elementCount()), new Progress());
        assertEquals(SENDERS, r.flowsCompleted());
        return new Outcome(r, List.copyOf(factory.pools()));
    }

    @Test
    void incast_withoutAPool_dropsAtTheSmallQueue() {
        Outcome o = run(0);
        assertTrue(o.drops() > 0, "64 KiB cannot hold the burst");
        assertTrue(o.port("leaf0:p0").maxQueueBytes() <= QUEUE);
        assertEquals(List.of(), o.pools());
    }

    @Test
    void incast_withAPool_absorbsTheBurstWithoutADrop() {
        Outcome o = run(POOL);
        assertEquals(0, o.drops());
        long peakQueue = o.port("leaf0:p0").maxQueueBytes();
        assertTrue(peakQueue > 10 * QUEUE, "the hot queue grew far into shared space: " + peakQueue);
        assertEquals(2, o.pools().size(), "one pool for the leaf, one for the spine");
    }

    @Test
    void incast_withAPool_neverLeasesMoreThanThePool() {
        Outcome o = run(POOL);
        for (SharedBufferPool pool : o.pools()) {
            PoolLedger ledger = pool.ledger();
            assertTrue(ledger.peakLeasedBytes() <= POOL, "peak " + ledger.peakLeasedBytes());
            assertEquals(POOL, ledger.freeBytes() + ledger.leasedBytes());
        }
        long leafPeak = o.pools().stream().mapToLong(p -> p.ledger().peakLeasedBytes()).max().orElseThrow();
        long hotQueueShared = o.port("leaf0:p0").maxQueueBytes() - QUEUE;
        assertTrue(leafPeak >= hotQueueShared, "the hot queue's shared bytes were all leased: " + leafPeak
                + " vs " + hotQueueShared);
    }
}
