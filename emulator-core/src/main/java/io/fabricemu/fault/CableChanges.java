package io.fabricemu.fault;

import java.util.ArrayList;
import java.util.List;

/**
 * When the switches at a cable's ends detect that it went down or came back up. A cable is down while either of
 * its directions is (loss of signal on one side, remote fault signalled to the other, IEEE 802.3 clause 46). Each
 * change of that state is detected {@code detectPs} later, unless the state changed again before then (a flap
 * shorter than detection is not seen, nor the up that ends it). Detections are numbered from 1 in time order ({@link RouteNotice#seq()}).
 */
public final class CableChanges {
    static final CableChanges NONE = new CableChanges(new long[0], new boolean[0], new int[0]);

    private final long[] detectedPs;
    private final boolean[] down;
    private final int[] fault;

    private CableChanges(long[] detectedPs, boolean[] down, int[] fault) {
        this.detectedPs = detectedPs;
        this.down = down;
        this.fault = fault;
    }

    /** The detected changes of the cable whose directions have timelines {@code aToB} and {@code bToA}. */
    public static CableChanges of(LinkTimeline aToB, LinkTimeline bToA, long detectPs) {
        if (!aToB.goesDown() && !bToA.goesDown()) {
            return NONE;
        }
        List<long[]> intervals = new ArrayList<>();
        for (LinkTimeline t : new LinkTimeline[] {aToB, bToA}) {
            for (int i = 0; i < t.downIntervals(); i++) {
                intervals.add(new long[] {t.downFromPs(i), t.downUntilPs(i), t.downFault(i)});
            }
        }
        intervals.sort((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[2], y[2]));
        List<long[]> merged = new ArrayList<>();
        for (long[] iv : intervals) {
            long[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && iv[0] <= last[1]) {
                last[1] = Math.max(last[1], iv[1]);
            } else {
                merged.add(iv.clone());
            }
        }
        List<long[]> changes = new ArrayList<>();
        for (long[] iv : merged) {
            changes.add(new long[] {iv[0], 1, iv[2]});
            if (iv[1] != Long.MAX_VALUE) {
                changes.add(new long[] {iv[1], 0, iv[2]});
            }
        }
        List<long[]> seen = new ArrayList<>();
        long lastSeenDown = 0;
        for (int i = 0; i < changes.size(); i++) {
            long atPs = changes.get(i)[0];
            boolean overtaken = i + 1 < changes.size() && changes.get(i + 1)[0] <= atPs + detectPs;
            if (!overtaken && changes.get(i)[1] != lastSeenDown) {
                seen.add(new long[] {atPs + detectPs, changes.get(i)[1], changes.get(i)[2]});
                lastSeenDown = changes.get(i)[1];
            }
        }
        long[] at = new long[seen.size()];
        boolean[] d = new boolean[seen.size()];
        int[] f = new int[seen.size()];
        for (int i = 0; i < seen.size(); i++) {
            at[i] = seen.get(i)[0];
            d[i] = seen.get(i)[1] == 1;
            f[i] = (int) seen.get(i)[2];
        }
        return new CableChanges(at, d, f);
    }

    /** How many changes are detected. */
    public int count() {
        return detectedPs.length;
    }

    /** When change {@code i} (from 0; its {@link RouteNotice#seq()} is {@code i + 1}) is detected. */
    public long detectedPs(int i) {
        return detectedPs[i];
    }

    /** Whether change {@code i} is to down. */
    public boolean down(int i) {
        return down[i];
    }

    /** The fault behind change {@code i}. */
    public int fault(int i) {
        return fault[i];
    }
}
