package io.fabricemu.results;

import java.util.Collection;

/**
 * The peaks of one buffer per NIC (a rendezvous target's eager-part buffer, a bounce-buffer pool): the largest one
 * NIC reached, and every NIC's peak added up.
 */
record NicPeaks(long maxBytes, long sumBytes) {

    static NicPeaks of(Collection<Long> peaksBytes) {
        long max = 0;
        long sum = 0;
        for (long peak : peaksBytes) {
            max = Math.max(max, peak);
            sum += peak;
        }
        return new NicPeaks(max, sum);
    }
}
