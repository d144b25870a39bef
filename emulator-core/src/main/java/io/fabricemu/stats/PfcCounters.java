package io.fabricemu.stats;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Priority flow control counters of one port.
 *
 * @param pausesSent    pause frames this port sent upstream: the first of each pause and every refresh
 * @param resumesSent   resume frames (quanta 0) it sent
 * @param pausedPs      time its egress was paused by the other end, all classes added, in ps
 * @param headroomDrops packets of a lossless class dropped at ingress because they did not fit in
 *                      xOFF + headroom: a misconfiguration signal (also counted in the port's drops)
 * @param episodes      when its egress was paused, class by class, in the order the pauses began (at most
 *                      {@link #MAX_EPISODES}; left out of JSON when none)
 * @param episodesLeftOut the pauses past {@link #MAX_EPISODES}, counted in {@code pausedPs} but not listed
 */
public record PfcCounters(long pausesSent, long resumesSent, long pausedPs, long headroomDrops,
                          @JsonInclude(JsonInclude.Include.NON_EMPTY) List<PauseEpisode> episodes,
                          @JsonInclude(JsonInclude.Include.NON_DEFAULT) int episodesLeftOut) {
    /** The most pauses one port lists: a PFC storm of pauses that expire and start again stays bounded. */
    public static final int MAX_EPISODES = 4096;
    /** A port that neither sent nor received a PFC frame. */
    public static final PfcCounters NONE = new PfcCounters(0, 0, 0, 0);

    public PfcCounters {
        episodes = episodes == null ? List.of() : List.copyOf(episodes);
    }

    /** Counters without a list of pauses. */
    public PfcCounters(long pausesSent, long resumesSent, long pausedPs, long headroomDrops) {
        this(pausesSent, resumesSent, pausedPs, headroomDrops, List.of(), 0);
    }
}
