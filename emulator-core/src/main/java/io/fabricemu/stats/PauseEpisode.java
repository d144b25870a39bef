package io.fabricemu.stats;

/**
 * One stretch of time a port's egress was paused for one traffic class by the other end of its link (IEEE
 * 802.1Qbb): from the pause frame that started it until it expired or a resume frame ended it, refreshes in between
 * included. A pause still running when the run ends lasts until its expiry.
 *
 * @param trafficClass the class paused
 * @param fromPs       when the pause began
 * @param toPs         when it ended
 */
public record PauseEpisode(int trafficClass, long fromPs, long toPs) {
    public PauseEpisode {
        if (toPs < fromPs) {
            throw new IllegalArgumentException("a pause ends at " + toPs + " ps, before it began at " + fromPs);
        }
    }
}
