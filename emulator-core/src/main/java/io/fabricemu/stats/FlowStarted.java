package io.fabricemu.stats;

/**
 * When a sending NIC started a flow that waited for others: its start is known only once the run made it.
 *
 * @param flowId  the flow
 * @param startPs when its sender started it
 */
public record FlowStarted(int flowId, long startPs) {
}
