package io.fabricemu.uet;

import java.util.List;

/**
 * What a UET source and target do with a message whose receive is not posted when its data arrives
 * ({@code transport.receiverNotReady}, {@code transport.eagerSize}); it applies only to flows whose receive timing
 * the workload gives ({@code recvPosted}, a collective's {@code skew}).
 *
 * <ul>
 *   <li>{@link Kind#RTW}: the target discards the data and answers it with a request-to-wait, then sends a
 *       request-to-send when the receive is posted; the source restarts the message (US 12,388,756 ¶(59)-(60)).</li>
 *   <li>{@link Kind#RENDEZVOUS}: eager-then-fetch, the alternative ¶(59) ends with ("a BDP of data can be sent and
 *       then the remaining data can be retrieved with another mechanism, for example using a rendezvous
 *       protocol"), as UE 1.0's semantic sublayer (SES) does with a rendezvous send: the source sends an eager
 *       part and waits, the target holds that part in an unexpected-message buffer until the receive is posted,
 *       then fetches the rest from the source.</li>
 *   <li>{@link Kind#BUFFER}: bounce buffers, the other alternative ¶(59) names ("buffering at the target"), as
 *       MPI and *CCL stacks hold unexpected messages: the target accepts a packet that finds no posted receive
 *       into a pool of bounce-buffer memory while it fits, acknowledges it at once, and completes the message
 *       when the receive is posted; a packet that does not fit is answered as under {@link Kind#RTW}.</li>
 * </ul>
 *
 * @param kind              which of the three
 * @param eagerBytes        the eager part of a rendezvous send; 0 for one bandwidth-delay product of the path
 * @param bounceBufferBytes each target's bounce-buffer pool under {@link Kind#BUFFER}; 0 otherwise
 */
public record NotReadyProtocol(Kind kind, long eagerBytes, long bounceBufferBytes) {
    /** Request-to-wait and request-to-send, the default. */
    public static final NotReadyProtocol RTW = new NotReadyProtocol(Kind.RTW, 0);

    /**
     * The default bounce-buffer pool of a target, 8 MiB: libfabric's CXI provider (HPE Slingshot, whose NIC also
     * matches in hardware) lands unexpected messages in request buffers of {@code FI_CXI_REQ_BUF_SIZE}, 2 MB by
     * default, and keeps at least {@code FI_CXI_REQ_BUF_MIN_POSTED}, 4, posted (fi_cxi(7)): 8 MB an endpoint.
     */
    public static final long DEFAULT_BOUNCE_BUFFER_BYTES = 8L << 20;

    /** The three protocols. */
    public enum Kind {
        RTW("rtw"), RENDEZVOUS("rendezvous"), BUFFER("buffer");

        private final String scenarioName;

        Kind(String scenarioName) {
            this.scenarioName = scenarioName;
        }

        public String scenarioName() {
            return scenarioName;
        }

        /** The kind a scenario names; the binder has checked the name against {@link #scenarioNames()}. */
        public static Kind named(String name) {
            for (Kind k : values()) {
                if (k.scenarioName.equals(name)) {
                    return k;
                }
            }
            return RTW;
        }

        public static List<String> scenarioNames() {
            return List.of(RTW.scenarioName, RENDEZVOUS.scenarioName, BUFFER.scenarioName);
        }
    }

    public NotReadyProtocol {
        java.util.Objects.requireNonNull(kind, "kind");
        if (eagerBytes < 0) {
            throw new IllegalArgumentException("eagerBytes must be >= 0 (0: one BDP), was " + eagerBytes);
        }
        if ((kind == Kind.BUFFER) != (bounceBufferBytes > 0)) {
            throw new IllegalArgumentException("bounceBufferBytes must be > 0 with bounce buffers and 0 otherwise,"
                    + " was " + bounceBufferBytes + " with " + kind.scenarioName);
        }
    }

    /** Request-to-wait or a rendezvous send, without bounce buffers. */
    public NotReadyProtocol(Kind kind, long eagerBytes) {
        this(kind, eagerBytes, 0);
    }

    /** Bounce buffers of {@code bounceBufferBytes} at each target. */
    public static NotReadyProtocol bounceBuffers(long bounceBufferBytes) {
        return new NotReadyProtocol(Kind.BUFFER, 0, bounceBufferBytes);
    }

    /** Whether sources send an eager part and targets fetch the rest. */
    public boolean rendezvous() {
        return kind == Kind.RENDEZVOUS;
    }

    /** Whether targets hold unexpected packets in bounce buffers. */
    public boolean bounceBuffer() {
        return kind == Kind.BUFFER;
    }
}
