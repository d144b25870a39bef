package io.fabricemu.host;

/**
 * The incoming flows a NIC's receivers finished during the event the NIC is handling, for the NIC to start
 * what waits for them ({@link StartDependencies}).
 *
 * <p>Every transport's receivers decide on their own when a flow's last byte is delivered ({@link FlowReceiver},
 * which the Ultra Ethernet and baseline receivers share, and the RoCEv2 responder), deep inside the protocol, at
 * arrival or at a later memory commit. Rather than thread a listener through every protocol's construction, the
 * NIC that handles an event names itself as the thread's current watcher around the protocol's handling, and a
 * receiver that finishes a flow reports it with {@link #finished}; without a watcher (a NIC with nothing waiting
 * on its incoming flows, or a receiver used alone) the report goes nowhere. An element handles its events on one
 * thread, one at a time, and the watcher is set and cleared around each, so nothing is shared between elements
 * and the order of reports is the order the protocol finished the flows in: deterministic.
 */
public final class Deliveries {
    private static final ThreadLocal<Deliveries> WATCHER = new ThreadLocal<>();

    private int[] flowIds = new int[4];
    private int size;

    /** A receiver finished flow {@code flowId}: every byte of it is delivered. */
    public static void finished(int flowId) {
        Deliveries watcher = WATCHER.get();
        if (watcher != null) {
            watcher.add(flowId);
        }
    }

    /** This collects what finishes on the current thread until {@link #stopWatching}. */
    void watch() {
        WATCHER.set(this);
    }

    void stopWatching() {
        WATCHER.remove();
    }

    private void add(int flowId) {
        if (size == flowIds.length) {
            flowIds = java.util.Arrays.copyOf(flowIds, size * 2);
        }
        flowIds[size++] = flowId;
    }

    int size() {
        return size;
    }

    int flowId(int k) {
        return flowIds[k];
    }

    void clear() {
        size = 0;
    }
}
