package io.fabricemu.uet;

/**
 * Parameters of a UET receiver NIC's memory write path ({@link ReceiverMemory}), validated on construction.
 *
 * <p>Sources: "UET Congestion Management: Introduction" (nwktimes.blogspot.com, 29 December 2025), "Local
 * Congestion": the HBM controller is the shared gateway through which a NIC's RMA writes reach GPU memory,
 * and when demand exceeds its capacity the writes wait. "Ultra Ethernet: NSCC Destination Flow
 * Control" (31 January 2026): the waiting writes fill "internal buffers at the memory interface", and the
 * receiver answers with {@code rcv_cwnd_pend} before they overflow. Neither post gives sizes or rates; the
 * three numbers below are configuration.
 *
 * @param writeRateBps          the rate, in bits per second, at which the memory (HBM) controller retires
 *                              writes from the NIC; the bottleneck when it is below the arrival rate
 * @param bufferBytes           the NIC's buffer in front of the memory controller: the most payload that
 *                              may be waiting for, or in, a write at one time; a packet that would exceed it
 *                              is dropped
 * @param penaltyThresholdBytes the buffer occupancy above which the ACK_CCs the NIC generates start carrying
 *                              a non-zero {@code rcv_cwnd_pend}; 0 penalises any backlog at all
 */
public record MemoryParams(long writeRateBps, long bufferBytes, long penaltyThresholdBytes) {

    public MemoryParams {
        if (writeRateBps <= 0) {
            throw new IllegalArgumentException("writeRateBps must be > 0, was " + writeRateBps);
        }
        if (bufferBytes <= 0) {
            throw new IllegalArgumentException("bufferBytes must be > 0, was " + bufferBytes);
        }
        if (penaltyThresholdBytes < 0 || penaltyThresholdBytes >= bufferBytes) {
            throw new IllegalArgumentException("penaltyThresholdBytes must lie in [0, bufferBytes) = [0, "
                    + bufferBytes + "), was " + penaltyThresholdBytes);
        }
    }
}
