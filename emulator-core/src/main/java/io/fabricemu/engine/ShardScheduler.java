package io.fabricemu.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * The bookkeeping of one shard (the elements of one JVM, or of one part of it) under windowed
 * conservative synchronisation.
 *
 * <p>Every element has an effective next time: the earlier of its own next pending event and the
 * earliest event waiting for it in this shard's inbox. A window {@code [start, end)} activates exactly the
 * elements whose effective time is before {@code end}; an element that has nothing to do is never touched,
 * so the cost of a window grows with the work in it, not with the size of the fabric. Events an element
 * sends are routed when it completes: to a local element's inbox, or into the batch for the shard that
 * owns the target, sent to every peer shard once per window (empty if it holds nothing).
 *
 * <p>Order never depends on routing order: an element sorts what it receives by event key.
 * Single-threaded; one owner.
 */
public final class ShardScheduler {
    private final int shard;
    private final int[] shardOf;
    private final long[] nextOwnPs;
    private final long[] inboxMinPs;
    private final ArrayList<Event>[] inbox;
    private final boolean[] running;
    private final ArrayList<Event>[] outbound;
    /** Pending elements by depth, so a step ahead never touches the shallower ones it must leave pending. */
    private final ActivationHeap[] byDepth;
    private final int[] depth;

    /** A woken element and the events delivered to it for this window. */
    public record Activation(int elementId, List<Event> inbox) {
    }

    /**
     * @param shard    this shard's index
     * @param shardOf  for every element id of the fabric, the shard that owns it
     * @param shards   the number of shards
     */
    public ShardScheduler(int shard, int[] shardOf, int shards) {
        this(shard, shardOf, shards, new int[shardOf.length]);
    }

    /**
     * @param depth for every element id, how many lookaheads this shard's element may run ahead of the peers
     *              ({@link AheadDepth}; 0 for the elements peers can reach, and for other shards' elements): see
     *              {@link #activateAhead}. A peer's event for an element of depth above 0 is an error.
     */
    @SuppressWarnings("unchecked")
    public ShardScheduler(int shard, int[] shardOf, int shards, int[] depth) {
        if (depth.length != shardOf.length) {
            throw new IllegalArgumentException(depth.length + " depths for " + shardOf.length + " elements");
        }
        this.depth = depth.clone();
        int deepest = 0;
        for (int d : depth) {
            deepest = Math.max(deepest, d);
        }
        byDepth = new ActivationHeap[deepest + 1];
        for (int d = 0; d <= deepest; d++) {
            byDepth[d] = new ActivationHeap();
        }
        this.shard = shard;
        this.shardOf = shardOf;
        int n = shardOf.length;
        nextOwnPs = new long[n];
        inboxMinPs = new long[n];
        inbox = eventLists(n);
        running = new boolean[n];
        java.util.Arrays.fill(nextOwnPs, Long.MAX_VALUE);
        java.util.Arrays.fill(inboxMinPs, Long.MAX_VALUE);
        outbound = eventLists(shards);
        for (int s = 0; s < shards; s++) {
            outbound[s] = new ArrayList<>();
        }
    }

    /** {@code n} lists of events, not yet made (Java makes no array of a generic type: a wildcard one, cast). */
    @SuppressWarnings("unchecked")
    private static ArrayList<Event>[] eventLists(int n) {
        return (ArrayList<Event>[]) new ArrayList<?>[n];
    }

    /** The greatest depth of any element: a step ahead deeper than this wakes nobody. */
    public int deepest() {
        return byDepth.length - 1;
    }

    public boolean owns(int elementId) {
        return shardOf[elementId] == shard;
    }

    /** The earliest effective time of any element in this shard, or {@link Long#MAX_VALUE}. */
    public long earliestPs() {
        long earliest = Long.MAX_VALUE;
        for (ActivationHeap heap : byDepth) {
            earliest = Math.min(earliest, earliestIn(heap));
        }
        return earliest;
    }

    /** The earliest current entry of {@code heap}, dropping the stale ones above it. */
    private long earliestIn(ActivationHeap heap) {
        while (!heap.isEmpty()) {
            int id = heap.peekId();
            if (heap.peekTime() == effectivePs(id) && !running[id]) {
                return heap.peekTime();
            }
            heap.pop();
        }
        return Long.MAX_VALUE;
    }

    /**
     * Opens a window ending (exclusive) at {@code endPs} and returns the elements to run in it, shallowest
     * ({@link AheadDepth}) first and by time within a depth; each must be reported back through {@link #completed}
     * before the next window opens.
     */
    public List<Activation> activate(long endPs) {
        return activateAhead(0, endPs);
    }

    /**
     * Like {@link #activate}, but only the elements of depth {@code minDepth} or more; the others stay pending.
     * Once every element of this shard has run to the end {@code e} of a window, the elements of depth at least
     * {@code k} may run to {@code e + k} lookaheads, for k = 1, 2, ... in turn, each step once the one before is
     * done, before the peers' batches for that window are in: nothing in those batches can reach them sooner.
     */
    public List<Activation> activateAhead(int minDepth, long endPs) {
        List<Activation> woken = new ArrayList<>();
        for (int d = minDepth; d < byDepth.length; d++) {
            ActivationHeap heap = byDepth[d];
            while (heap.peekTime() < endPs) {
                long t = heap.peekTime();
                int id = heap.peekId();
                heap.pop();
                if (t == effectivePs(id) && !running[id]) {
                    woken.add(wake(id));
                }
            }
        }
        return woken;
    }

    private Activation wake(int id) {
        running[id] = true;
        List<Event> events = inbox[id] == null ? List.of() : inbox[id];
        inbox[id] = null;
        inboxMinPs[id] = Long.MAX_VALUE;
        return new Activation(id, events);
    }

    /**
     * An element finished a window (or started): remember its next own event and route what it sent.
     */
    public void completed(int elementId, long nextOwnEventPs, List<Event> sent) {
        nextOwnPs[elementId] = nextOwnEventPs;
        running[elementId] = false;
        for (int i = 0, n = sent.size(); i < n; i++) {
            route(sent.get(i));
        }
        reschedule(elementId);
    }

    /**
     * Events another shard sent to elements of this one.
     *
     * @throws IllegalStateException if one is for an element the fabric said no other shard could reach: it may
     *                               already have run past it
     */
    public void receive(List<Event> batch) {
        for (int i = 0, n = batch.size(); i < n; i++) {
            Event e = batch.get(i);
            if (depth[e.targetId()] > 0) {
                throw new IllegalStateException("element " + e.originId() + " of another shard sent " + e.signal()
                        + " to element " + e.targetId() + ", which the fabric said only its own shard could reach");
            }
            route(e);
        }
    }

    /**
     * The earliest time of any event routed to another shard and not yet taken, or {@link Long#MAX_VALUE}: with
     * {@link #earliestPs} it bounds everything this shard's elements have pending or in flight.
     */
    public long earliestOutboundPs() {
        long earliest = Long.MAX_VALUE;
        for (ArrayList<Event> out : outbound) {
            for (int i = 0, n = out.size(); i < n; i++) {
                earliest = Math.min(earliest, out.get(i).timePs());
            }
        }
        return earliest;
    }

    /** The events for {@code toShard} routed since the last call (possibly none); a new batch starts. */
    public List<Event> takeOutbound(int toShard) {
        ArrayList<Event> out = outbound[toShard];
        if (out.isEmpty()) {
            return List.of();
        }
        outbound[toShard] = new ArrayList<>();
        return out;
    }

    private void route(Event e) {
        int target = e.targetId();
        int owner = shardOf[target];
        if (owner != shard) {
            outbound[owner].add(e);
            return;
        }
        ArrayList<Event> list = inbox[target];
        if (list == null) {
            list = new ArrayList<>(4);
            inbox[target] = list;
        }
        list.add(e);
        if (e.timePs() < inboxMinPs[target]) {
            inboxMinPs[target] = e.timePs();
            if (!running[target]) {
                reschedule(target);
            }
        }
    }

    private void reschedule(int id) {
        long t = effectivePs(id);
        if (t != Long.MAX_VALUE) {
            byDepth[depth[id]].push(t, id);
        }
    }

    private long effectivePs(int id) {
        return Math.min(nextOwnPs[id], inboxMinPs[id]);
    }
}
