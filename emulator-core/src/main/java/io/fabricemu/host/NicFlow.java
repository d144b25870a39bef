package io.fabricemu.host;

/**
 * A flow as a NIC sees it.
 *
 * @param flowId   global flow id
 * @param peer     the other host
 * @param bytes    payload bytes of the flow
 * @param startPs  when the sender starts it
 * @param entropy  the entropy value its packets carry
 */
public record NicFlow(int flowId, int peer, long bytes, long startPs, int entropy) {
}
