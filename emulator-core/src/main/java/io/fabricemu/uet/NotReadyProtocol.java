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
 * </ul>
 *
 * @param kind       which of the two
 * @param eagerBytes the eager part of a rendezvous send; 0 for one bandwidth-delay product of the path
 */
public record NotReadyProtocol(Kind kind, long eagerBytes) {
    /** Request-to-wait and request-to-send, the default. */
    public static final NotReadyProtocol RTW = new NotReadyProtocol(Kind.RTW, 0);

    /** The two protocols. */
    public enum Kind {
        RTW("rtw"), RENDEZVOUS("rendezvous");

        private final String scenarioName;

        Kind(String scenarioName) {
            this.scenarioName = scenarioName;
        }

        public String scenarioName() {
            return scenarioName;
        }

        /** The kind a scenario names; the binder has checked the name against {@link #scenarioNames()}. */
        public static Kind named(String name) {
            return name.equals(RENDEZVOUS.scenarioName) ? RENDEZVOUS : RTW;
        }

        public static List<String> scenarioNames() {
            return List.of(RTW.scenarioName, RENDEZVOUS.scenarioName);
        }
    }

    public NotReadyProtocol {
        java.util.Objects.requireNonNull(kind, "kind");
        if (eagerBytes < 0) {
            throw new IllegalArgumentException("eagerBytes must be >= 0 (0: one BDP), was " + eagerBytes);
        }
    }

    /** Whether sources send an eager part and targets fetch the rest. */
    public boolean rendezvous() {
        return kind == Kind.RENDEZVOUS;
    }
}
