package io.fabricemu.trace;

import io.fabricemu.roce.RnrTimer;

/** The 5-bit RNR NAK timer code that stands for a pause, for the AETH of a traced RNR NAK. */
final class RnrCode {
    private RnrCode() {
    }

    /**
     * {@link RnrTimer#codeFor}: the code of the shortest pause at least {@code pausePs}; a pause longer than the
     * longest code (possible only with the emulator's exact encoding) is written as that longest, code 0.
     */
    static int of(long pausePs) {
        return pausePs > RnrTimer.ps(0) ? 0 : RnrTimer.codeFor(pausePs);
    }
}
