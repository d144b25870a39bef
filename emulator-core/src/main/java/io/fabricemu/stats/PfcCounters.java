package io.fabricemu.stats;

/**
 * Priority flow control counters of one port.
 *
 * @param pausesSent    pause frames this port sent upstream: the first of each pause and every refresh
 * @param resumesSent   resume frames (quanta 0) it sent
 * @param pausedPs      time its egress was paused by the other end, all classes added, in ps
 * @param headroomDrops packets of a lossless class dropped at ingress because they did not fit in
 *                      xOFF + headroom: a misconfiguration signal (also counted in the port's drops)
 */
public record PfcCounters(long pausesSent, long resumesSent, long pausedPs, long headroomDrops) {
    /** A port that neither sent nor received a PFC frame. */
    public static final PfcCounters NONE = new PfcCounters(0, 0, 0, 0);
}
