package io.fabricemu.pfc;

import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.Signal;
import io.fabricemu.net.PfcFrame;
import io.fabricemu.stats.PauseEpisode;
import io.fabricemu.stats.PfcCounters;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The pauses a transmitting device (a switch port's egress, a NIC) has received from the other end of its
 * link: per traffic class, until when it may not start a frame of that class (IEEE 802.1Qbb, clause 36.1:
 * a pause of {@code n} quanta lasts {@code n x 512} bit times at the link's rate from its reception, a
 * later frame replaces it, quanta 0 ends it). A frame in serialization is never interrupted; the owner
 * asks {@link #paused} before it starts one.
 *
 * <p>Wake-up: an owner that holds back a class calls {@link #armWake}; at most one wake-up is pending per
 * owner, at the earliest expiry it was asked for. When it fires ({@link #onWake}) the owner tries again; a
 * pause that was refreshed meanwhile simply arms the next one. A resume frame needs no wake-up: its
 * arrival is an event of the owner already.
 *
 * <p>Counts, per class, the time paused: from the frame that started a pause until it expired or a resume
 * arrived; a pause still running when the run ends is counted to its expiry.
 */
public final class PfcPauses {
    /** The owner's timer: a pause it waited for may have expired. */
    public enum Wake implements Signal {
        INSTANCE
    }

    private final long rateBps;
    private final long[] pausedUntilPs;
    private final long[] pausedSincePs;
    private final long[] pausedPsBefore;
    private long wakePs = Long.MAX_VALUE;
    /** Per class, whether a pause began and has not been listed yet (it ends at its expiry or a resume). */
    private final boolean[] open;
    private final List<PauseEpisode> episodes = new ArrayList<>();
    private int episodesLeftOut;

    /** @param rateBps the link's rate, which sets the length of a quantum */
    public PfcPauses(int trafficClasses, long rateBps) {
        if (trafficClasses < 1 || trafficClasses > 8 || rateBps <= 0) {
            throw new IllegalArgumentException("trafficClasses " + trafficClasses + ", rateBps " + rateBps);
        }
        this.rateBps = rateBps;
        this.pausedUntilPs = new long[trafficClasses];
        this.pausedSincePs = new long[trafficClasses];
        this.pausedPsBefore = new long[trafficClasses];
        Arrays.fill(pausedUntilPs, Long.MIN_VALUE);
        Arrays.fill(pausedSincePs, Long.MIN_VALUE);
        this.open = new boolean[trafficClasses];
    }

    /** A PFC frame arrived (its last bit) at {@code nowPs}: each class it names is paused anew, or resumed. */
    public void received(PfcFrame f, long nowPs) {
        long untilPs = nowPs + PfcFrame.pausePs(f.quanta(), rateBps);
        for (int c = 0; c < pausedUntilPs.length; c++) {
            if (!f.applies(c)) {
                continue;
            }
            if (pausedUntilPs[c] > nowPs) {
                pausedPsBefore[c] -= pausedUntilPs[c] - nowPs;
                if (untilPs <= nowPs) {
                    close(c, nowPs);
                }
            } else {
                if (open[c]) {
                    close(c, pausedUntilPs[c]);
                }
                if (untilPs > nowPs) {
                    pausedSincePs[c] = nowPs;
                    open[c] = true;
                }
            }
            if (untilPs > nowPs) {
                pausedPsBefore[c] += untilPs - nowPs;
            }
            pausedUntilPs[c] = untilPs;
        }
    }

    /**
     * The link went down: every pause in force ends now (a pause does not outlive the link it came over, IEEE
     * 802.1Qbb keeps its state per link).
     */
    public void releaseAll(long nowPs) {
        for (int c = 0; c < pausedUntilPs.length; c++) {
            if (pausedUntilPs[c] > nowPs) {
                pausedPsBefore[c] -= pausedUntilPs[c] - nowPs;
                pausedUntilPs[c] = nowPs;
                close(c, nowPs);
            }
        }
    }

    /** Lists class {@code c}'s open pause as ending at {@code endPs}. */
    private void close(int c, long endPs) {
        open[c] = false;
        if (episodes.size() < PfcCounters.MAX_EPISODES) {
            episodes.add(new PauseEpisode(c, pausedSincePs[c], endPs));
        } else {
            episodesLeftOut++;
        }
    }

    /** Whether a frame of {@code trafficClass} may not start at {@code nowPs}. */
    public boolean paused(int trafficClass, long nowPs) {
        return pausedUntilPs[trafficClass] > nowPs;
    }

    /** The classes paused at {@code nowPs}, bit {@code c} for class {@code c}. */
    public int pausedMask(long nowPs) {
        int mask = 0;
        for (int c = 0; c < pausedUntilPs.length; c++) {
            if (pausedUntilPs[c] > nowPs) {
                mask |= 1 << c;
            }
        }
        return mask;
    }

    /** When the current (or last) pause of {@code trafficClass} began; meaningful while it is paused. */
    public long pausedSincePs(int trafficClass) {
        return pausedSincePs[trafficClass];
    }

    /** When the pause of {@code trafficClass} expires, unless refreshed or resumed first. */
    public long pausedUntilPs(int trafficClass) {
        return pausedUntilPs[trafficClass];
    }

    /** Schedules {@link Wake} at the expiry of {@code trafficClass}'s pause, unless one is pending no later. */
    public void armWake(int trafficClass, EventContext ctx) {
        long atPs = pausedUntilPs[trafficClass];
        if (atPs > ctx.nowPs() && atPs < wakePs) {
            wakePs = atPs;
            ctx.schedule(atPs, Wake.INSTANCE);
        }
    }

    /** True when {@code signal} is this owner's wake-up (the owner should then try to send again). */
    public boolean onWake(Signal signal, long nowPs) {
        if (signal != Wake.INSTANCE) {
            return false;
        }
        if (nowPs >= wakePs) {
            wakePs = Long.MAX_VALUE;
        }
        return true;
    }

    /** The counters of a port that only honours pauses: its paused time and its pauses. */
    public PfcCounters counters() {
        return counters(0, 0, 0);
    }

    /**
     * The counters of a port that also sends pauses: those it sent, its headroom drops, and its paused time and
     * pauses; a pause still running is listed until its expiry.
     */
    public PfcCounters counters(long pausesSent, long resumesSent, long headroomDrops) {
        List<PauseEpisode> all = new ArrayList<>(episodes);
        int leftOut = episodesLeftOut;
        for (int c = 0; c < open.length; c++) {
            if (open[c]) {
                if (all.size() < PfcCounters.MAX_EPISODES) {
                    all.add(new PauseEpisode(c, pausedSincePs[c], pausedUntilPs[c]));
                } else {
                    leftOut++;
                }
            }
        }
        return new PfcCounters(pausesSent, resumesSent, pausedPs(), headroomDrops, all, leftOut);
    }

    /** Total time paused, all classes added, in ps. */
    public long pausedPs() {
        long sum = 0;
        for (long p : pausedPsBefore) {
            sum += p;
        }
        return sum;
    }
}
