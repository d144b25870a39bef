package io.fabricemu.switching;

import io.fabricemu.engine.Element;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.Signal;

/**
 * A switch's shared buffer pool: the one element that owns the pool's byte count ({@link PoolLedger}).
 * Ports never read it; they hold leases ({@link SharedLease}) and talk to it by messages that take the
 * switch's pipeline latency each way, like any other hop inside the switch:
 *
 * <ul>
 *   <li>{@link LeaseRequested} (port to pool): the pool grants what its dynamic threshold allows, at once,
 *       and answers with {@link LeaseGranted} (pool to port), sent one latency later, even when it grants
 *       nothing, so the port knows its request is settled. A port's grant therefore arrives two latencies
 *       after it asked.</li>
 *   <li>{@link LeaseReturned} (port to pool): the bytes become free; no answer.</li>
 * </ul>
 *
 * <p>Deterministic: the pool handles requests and returns in the engine's event-key order (time, sending
 * element, its sequence number), so when two ports ask at the same time the lower element id is served
 * first, on any number of shards.
 */
public final class SharedBufferPool implements Element {
    private final SwitchPlan plan;
    private final PoolLedger ledger;

    public SharedBufferPool(SwitchPlan plan) {
        if (!plan.pool().exists()) {
            throw new IllegalArgumentException("switch " + plan.node() + " has no shared buffer pool");
        }
        this.plan = plan;
        this.ledger = new PoolLedger(plan.pool().sizeBytes(), plan.portCount());
    }

    @Override
    public void onEvent(Signal signal, EventContext ctx) {
        if (signal instanceof LeaseRequested r) {
            long grantedBytes = ledger.grant(r.port(), r.askedBytes());
            ctx.send(plan.portElementIds()[r.port()], ctx.nowPs() + plan.latencyPs(), new LeaseGranted(grantedBytes));
        } else if (signal instanceof LeaseReturned r) {
            ledger.giveBack(r.port(), r.bytes());
        } else {
            throw new IllegalArgumentException("shared buffer pool of switch " + plan.node() + " cannot handle "
                    + signal);
        }
    }

    /** The pool's byte count, for tests. */
    public PoolLedger ledger() {
        return ledger;
    }

    /** It has nothing to plot. */
    @Override
    public boolean writesSamples() {
        return false;
    }

    @Override
    public ElementReport report() {
        return ElementReport.EMPTY;
    }
}
