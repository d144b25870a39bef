package io.fabricemu.roce;

import io.fabricemu.time.Ps;

/**
 * The InfiniBand RNR NAK timer: how long a requester waits after a "receiver not ready" NAK before it
 * resends. On the wire the responder carries a 5-bit code, not a time (IBTA Volume 1, section 9.7.5.2.8,
 * table "Encoding for RNR NAK Timer Field"); code 0 is the longest pause, 655.36 ms, and codes 1..31 grow
 * from 0.01 ms to 491.52 ms. The same values, in microseconds, are Linux's {@code enum ib_rnr_timeout}
 * (include/rdma/ib_verbs.h), whose names spell the milliseconds ({@code IB_RNR_TIMER_000_01} ...
 * {@code IB_RNR_TIMER_491_52}).
 *
 * <p>The emulator may also carry the pause exactly, in picoseconds, which no real NIC does: {@link Encoding}
 * says which of the two a generator of RNR NAKs (a responder, or a switch: {@code rnrnak}) uses.
 */
public final class RnrTimer {
    /** The number of codes: the field is 5 bits wide. */
    public static final int CODES = 32;

    /** Pause of each code, in microseconds, from the IBTA table. */
    private static final long[] MICROS = {
        655_360, 10, 20, 30, 40, 60, 80, 120, 160, 240, 320, 480, 640, 960, 1_280, 1_920, 2_560, 3_840, 5_120,
        7_680, 10_240, 15_360, 20_480, 30_720, 40_960, 61_440, 81_920, 122_880, 163_840, 245_760, 327_680, 491_520
    };

    private RnrTimer() {
    }

    /** The pause that {@code code} (0..31) stands for, in picoseconds. */
    public static long ps(int code) {
        if (code < 0 || code >= CODES) {
            throw new IllegalArgumentException("an RNR timer code is 0..31, was " + code);
        }
        return MICROS[code] * Ps.PER_US;
    }

    /**
     * The code of the shortest pause that is at least {@code pausePs}: codes 1..31 in increasing order, then
     * code 0 (655.36 ms). A pause of at most 0.01 ms is code 1.
     *
     * @throws IllegalArgumentException when {@code pausePs} is negative or longer than 655.36 ms
     */
    public static int codeFor(long pausePs) {
        if (pausePs < 0) {
            throw new IllegalArgumentException("pausePs must be >= 0, was " + pausePs);
        }
        for (int code = 1; code < CODES; code++) {
            if (ps(code) >= pausePs) {
                return code;
            }
        }
        if (ps(0) >= pausePs) {
            return 0;
        }
        throw new IllegalArgumentException("no RNR timer code covers " + Ps.format(pausePs) + "; the longest is "
                + Ps.format(ps(0)));
    }

    /** How an RNR NAK carries its pause. */
    public enum Encoding {
        /** As the 5-bit IBTA code: the pause is rounded up to the table's next value. */
        IBTA_CODE,
        /** Exactly, in picoseconds: an emulator-only shortcut with no rounding. */
        EXACT_PS;

        /** The pause the requester will wait when a generator asks for {@code pausePs}. */
        public long carriedPs(long pausePs) {
            return this == IBTA_CODE ? ps(codeFor(pausePs)) : checked(pausePs);
        }

        private static long checked(long pausePs) {
            if (pausePs < 0) {
                throw new IllegalArgumentException("pausePs must be >= 0, was " + pausePs);
            }
            return pausePs;
        }
    }
}
