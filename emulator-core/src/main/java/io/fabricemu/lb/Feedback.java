package io.fabricemu.lb;

/** What became of one data packet, as far as its path is concerned. Mirrors htsim's {@code PathFeedback}. */
public enum Feedback {
    /** Acknowledged, and it arrived without a CE mark: its path looked uncongested. */
    ACKED_CLEAN,
    /** Acknowledged, but it arrived marked CE: some queue on its path was above its marking threshold. */
    ACKED_ECN,
    /** Negatively acknowledged (for example a trimmed packet): its path dropped the payload. */
    NACKED,
    /** No acknowledgement before the retransmission timer fired: its path may have lost it or failed. */
    TIMED_OUT
}
