package io.fabricemu.fault;

/** What becomes of a packet its loss model picks. */
public enum LossEffect {
    /** It vanishes on the wire: counted as lost on that link. */
    LOSS,
    /** It arrives with a bad frame check sequence and the receiving port discards it: counted as corrupted there. */
    CORRUPTION
}
