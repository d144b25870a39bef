package io.fabricemu.scenario;

/**
 * When a switch may start sending a packet on its egress port. Scenario files spell these
 * {@code cut-through} and {@code store-and-forward}.
 */
public enum ForwardingMode {
    /** Forward as soon as the header has arrived and the switch latency has passed. */
    CUT_THROUGH,
    /** Forward only once the whole packet has arrived, then after the switch latency. */
    STORE_AND_FORWARD
}
