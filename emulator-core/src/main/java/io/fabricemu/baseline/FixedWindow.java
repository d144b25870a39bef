package io.fabricemu.baseline;

import io.fabricemu.cc.AckCc;
import io.fabricemu.cc.CongestionController;
import io.fabricemu.cc.Decision;
import java.util.function.LongSupplier;

/**
 * No congestion control: a constant window over the bytes the transport has in flight. The baseline every
 * controller is compared against, and what a scenario gets with {@code cc: none}. It counts nothing itself: the
 * baseline transport derives its bytes in flight from its PSNs ({@link FlowSender}), and this window reads them;
 * every congestion signal leaves it as it is, and it does not pace.
 */
public final class FixedWindow implements CongestionController {
    private final long windowBytes;
    private final LongSupplier inflightBytes;

    /**
     * @param windowBytes   payload bytes the flow may have in flight
     * @param inflightBytes the transport's payload bytes in flight
     */
    public FixedWindow(long windowBytes, LongSupplier inflightBytes) {
        if (windowBytes <= 0) {
            throw new IllegalArgumentException("windowBytes must be > 0, was " + windowBytes);
        }
        this.windowBytes = windowBytes;
        this.inflightBytes = inflightBytes;
    }

    /** Whether {@code payloadBytes} more fit: in flight plus the packet at most the window. */
    @Override
    public boolean canSend(int payloadBytes) {
        return inflightBytes.getAsLong() + payloadBytes <= windowBytes;
    }

    @Override
    public boolean full(int payloadBytes) {
        return !canSend(payloadBytes);
    }

    @Override
    public long windowBytes() {
        return windowBytes;
    }

    @Override
    public void onSent(long nowPs, int payloadBytes) {
    }

    @Override
    public Decision onAck(AckCc ack, int entropy) {
        return Decision.HOLD;
    }

    @Override
    public boolean onNack(long nowPs, int payloadBytes, int entropy, long roundTripPs) {
        return false;
    }

    @Override
    public void onTimeout(long nowPs, int payloadBytes) {
    }

    @Override
    public Decision onCongestionNotice(long nowPs, long pktTxPs, long queuingDelayPs) {
        return Decision.HOLD;
    }
}
