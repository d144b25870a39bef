package io.fabricemu.scenario;

/** One flow of a workload: {@code bytes} of payload from host {@code src} to host {@code dst}, starting at {@code startPs}. */
public record FlowSpec(int src, int dst, long bytes, long startPs) {
}
