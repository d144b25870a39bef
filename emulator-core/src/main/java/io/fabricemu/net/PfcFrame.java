package io.fabricemu.net;

import io.fabricemu.time.Ps;

/**
 * A priority flow control frame (IEEE 802.1Qbb, clause 36; MAC control opcode 0x0101): a 64-byte MAC
 * control frame that asks the device at the other end of a link to stop starting frames of the priorities
 * in {@code enableVector} for {@code quanta} pause quanta, a quantum being 512 bit times at the link's rate.
 * A quanta of 0 is a resume: the priorities may go again at once.
 *
 * <p>The standard frame has one time field per priority; a frame here carries one time for every enabled
 * priority, which is all the switch ports of this emulator need, since they send one frame per priority
 * whose state changed.
 *
 * @param enableVector bit {@code c} set: the frame applies to traffic class {@code c} (0..7)
 * @param quanta       pause time in quanta of 512 bit times, 0..65535 (0 = resume)
 */
public record PfcFrame(int enableVector, int quanta) {
    /** Bytes on the wire: the minimum Ethernet frame. */
    public static final int SIZE_BYTES = 64;
    /** Bit times in one pause quantum. */
    public static final long BITS_PER_QUANTUM = 512;
    /** The largest pause time a frame can carry. */
    public static final int MAX_QUANTA = 0xFFFF;

    public PfcFrame {
        if (enableVector <= 0 || enableVector > 0xFF) {
            throw new IllegalArgumentException("enableVector must name priorities 0..7, was " + enableVector);
        }
        if (quanta < 0 || quanta > MAX_QUANTA) {
            throw new IllegalArgumentException("quanta must be 0.." + MAX_QUANTA + ", was " + quanta);
        }
    }

    /** A pause (or with {@code quanta} 0 a resume) of one traffic class. */
    public static PfcFrame of(int trafficClass, int quanta) {
        return new PfcFrame(1 << trafficClass, quanta);
    }

    public boolean applies(int trafficClass) {
        return (enableVector & (1 << trafficClass)) != 0;
    }

    /** How long {@code quanta} quanta last on a link of {@code rateBps}, in ps, rounded up. */
    public static long pausePs(int quanta, long rateBps) {
        return Ps.serializationPs(quanta * BITS_PER_QUANTUM / 8, rateBps);
    }
}
