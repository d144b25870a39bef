package io.fabricemu.switching;

/** When a switch may start sending a packet it is receiving. */
public enum ForwardingMode {
    /** Once the header is in and the pipeline latency has passed (the tail may still be arriving). */
    CUT_THROUGH,
    /** Once the whole packet is in, plus the pipeline latency. */
    STORE_AND_FORWARD
}
