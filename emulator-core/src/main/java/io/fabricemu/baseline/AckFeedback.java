package io.fabricemu.baseline;

/**
 * What one acknowledgement tells the sender's congestion controller.
 *
 * @param nowPs           when it arrived
 * @param newlyAckedBytes payload bytes it acknowledged for the first time (0 for a duplicate)
 * @param rttPs           arrival time minus the echoed transmit time of the packet that caused it
 * @param ecnEcho         the acknowledged packet arrived marked CE
 * @param inflightBytes   payload bytes still unacknowledged after it
 */
public record AckFeedback(long nowPs, long newlyAckedBytes, long rttPs, boolean ecnEcho, long inflightBytes) {
}
