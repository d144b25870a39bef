package io.fabricemu.pfc;

import io.fabricemu.net.PfcFrame;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * The PFC state of one switch ingress port, owned by that port's element (engine constraint 4): per
 * lossless class, the bytes that arrived through this port and are still in the switch, and whether the
 * upstream device is being paused.
 *
 * <p>Counting: a packet counts from its arrival until the egress port holding it has sent its last bit (or
 * dropped it); the egress tells this port by a {@link PfcReleased} that takes the switch's pipeline latency.
 * The count is therefore exact when it grows and one latency late when it falls: an xOFF is decided the
 * moment the threshold is crossed, an xON one latency after the bytes really left.
 *
 * <p>Pausing (IEEE 802.1Qbb): when the count of a class rises above {@code xoff}, a pause frame for it
 * ({@code quanta} quanta) is handed to this port's transmitter, which sends it ahead of queued packets once
 * the frame in serialization (if any) has left. While the count stays above {@code xon} the pause is
 * refreshed every half pause time, counted from the previous frame, so the upstream, which times the pause
 * from the frame's arrival, never sees it expire (the standard leaves the refresh policy to the
 * implementation; half the pause time is a common choice). When the count falls to {@code xon} or below, a
 * resume (quanta 0) is sent at once.
 *
 * <p>A packet that would take the count beyond {@code xoff + headroom} is refused: the caller drops it and
 * it is counted as a headroom overflow.
 */
public final class PfcIngress {
    private final PfcSettings pfc;
    private final long limitBytes;
    private final long refreshPs;
    private final Consumer<PfcFrame> out;
    private final long[] bytes;
    private final boolean[] pausing;
    private final long[] refreshDuePs;
    private long pauseFrames;
    private long resumes;
    private long headroomDrops;

    /**
     * @param pfc            the fabric's PFC settings (enabled)
     * @param trafficClasses classes per port
     * @param flightPs       the port's cable flight time, for automatic headroom
     * @param rateBps        the port's line rate
     * @param out            takes each frame to send upstream, in order
     */
    public PfcIngress(PfcSettings pfc, int trafficClasses, long flightPs, long rateBps, Consumer<PfcFrame> out) {
        if (!pfc.enabled()) {
            throw new IllegalArgumentException("PFC is off");
        }
        this.pfc = pfc;
        this.limitBytes = pfc.xoffBytes() + pfc.headroomBytes(flightPs, rateBps);
        this.refreshPs = Math.max(1, PfcFrame.pausePs(pfc.quanta(), rateBps) / 2);
        this.out = out;
        this.bytes = new long[trafficClasses];
        this.pausing = new boolean[trafficClasses];
        this.refreshDuePs = new long[trafficClasses];
        Arrays.fill(refreshDuePs, Long.MAX_VALUE);
    }

    /**
     * A packet of {@code sizeBytes} in lossless {@code trafficClass} arrived at {@code nowPs}. Returns false,
     * counting a headroom overflow, when it does not fit below {@code xoff + headroom}; otherwise counts it
     * and pauses the upstream if the count crossed {@code xoff}.
     */
    public boolean arrived(int trafficClass, int sizeBytes, long nowPs) {
        if (bytes[trafficClass] + sizeBytes > limitBytes) {
            headroomDrops++;
            return false;
        }
        bytes[trafficClass] += sizeBytes;
        if (!pausing[trafficClass] && bytes[trafficClass] > pfc.xoffBytes()) {
            pausing[trafficClass] = true;
            pause(trafficClass, nowPs);
        }
        return true;
    }

    /** {@code sizeBytes} of {@code trafficClass} left the switch; resumes the upstream at {@code xon}. */
    public void released(int trafficClass, int sizeBytes) {
        bytes[trafficClass] -= sizeBytes;
        if (bytes[trafficClass] < 0) {
            throw new IllegalStateException("class " + trafficClass + " released more bytes than arrived");
        }
        if (pausing[trafficClass] && bytes[trafficClass] <= pfc.xonBytes()) {
            pausing[trafficClass] = false;
            refreshDuePs[trafficClass] = Long.MAX_VALUE;
            resumes++;
            out.accept(PfcFrame.of(trafficClass, 0));
        }
    }

    /** When the next refresh is due, or {@link Long#MAX_VALUE}. */
    public long nextRefreshPs() {
        long next = Long.MAX_VALUE;
        for (long due : refreshDuePs) {
            next = Math.min(next, due);
        }
        return next;
    }

    /** Sends every refresh due at {@code nowPs}. */
    public void refresh(long nowPs) {
        for (int c = 0; c < refreshDuePs.length; c++) {
            if (refreshDuePs[c] <= nowPs) {
                pause(c, nowPs);
            }
        }
    }

    private void pause(int trafficClass, long nowPs) {
        pauseFrames++;
        refreshDuePs[trafficClass] = nowPs + refreshPs;
        out.accept(PfcFrame.of(trafficClass, pfc.quanta()));
    }

    public long bytes(int trafficClass) {
        return bytes[trafficClass];
    }

    boolean pausing(int trafficClass) {
        return pausing[trafficClass];
    }

    /** Pause frames sent: the first of each pause and every refresh. */
    public long pauseFrames() {
        return pauseFrames;
    }

    public long resumes() {
        return resumes;
    }

    public long headroomDrops() {
        return headroomDrops;
    }

    /** The count above which a packet is refused: {@code xoff + headroom}. */
    long limitBytes() {
        return limitBytes;
    }
}
