package io.fabricemu.baseline;

import io.fabricemu.cc.AckCc;
import io.fabricemu.cc.CongestionController;
import io.fabricemu.cc.Decision;

/**
 * No congestion control: a constant window over the bytes the transport has in flight. The baseline every
 * controller is compared against, and what a scenario gets with {@code cc: none}. It counts nothing itself: the
 * baseline transport derives its bytes in flight from its PSNs ({@link FlowSender}), and this window reads them;
 * every congestion signal leaves it as it is, and it does not pace.
 */
public final class FixedWindow implements CongestionController {
    /** Where the window reads the bytes in flight: the flow's transport ({@link FlowSender}). */
    public interface Flight {
        /** Payload bytes sent and not yet acknowledged. */
        long inflightBytes();
    }

    private final long windowBytes;
    private final Flight flight;

    /**
     * @param windowBytes payload bytes the flow may have in flight
     * @param flight      the transport whose bytes in flight it bounds
     */
    public FixedWindow(long windowBytes, Flight flight) {
        if (windowBytes <= 0) {
            throw new IllegalArgumentException("windowBytes must be > 0, was " + windowBytes);
        }
        this.windowBytes = windowBytes;
        this.flight = flight;
    }

    /** Whether {@code payloadBytes} more fit: in flight plus the packet at most the window. */
    @Override
    public boolean canSend(int payloadBytes) {
        return flight.inflightBytes() + payloadBytes <= windowBytes;
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
