package io.fabricemu.uet.cc;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Per-path congestion tracking that gates congestion control under packet spraying: U.S. Patent
 * 12,388,756 (paragraphs (109)-(118), "Efficiently Coordinating Congestion Control
 * and Adaptive Load Balancing"). Congestion control is "prevented from being activated until most of the
 * available routes are deemed to be congested", with congestion tracked per path over "a relatively small
 * set of paths" (111), which prevents over-attenuating the sending window when only some paths are hot
 * (112), (117)-(118).
 *
 * <p>A path is named by its entropy value (EV): switches hash it to pick the next hop, so one EV is one
 * path. Each path's congestion measure is its latest feedback: congested after an ECN-marked ACK or a NACK,
 * not congested after a clean ACK. The paths in use are the last {@link Params#paths()} distinct EVs that
 * had feedback (least recently heard of evicted first); the gate is open when the congested ones are at
 * least {@link Params#thresholdPer1024()} / 1,024 of them. With one EV per connection (per-flow ECMP) the
 * gate is open exactly when that one path is congested, i.e. it changes nothing; with REPS or a bitmap the
 * set is the balancer's working set; with oblivious spraying, where EVs are rarely reused, it is the last
 * {@code paths} packets' paths.
 *
 * <p>The table is a {@link LinkedHashMap} in access order: its iteration order is the order of feedback, not
 * of hashes, so eviction is deterministic.
 */
public final class CongestedPaths {
    /**
     * @param paths            most distinct paths (EVs) tracked, in [1, 65,536]
     * @param thresholdPer1024 the gate opens when at least this share of the tracked paths, in 1/1024ths, is
     *                         congested, in [1, 1,024]
     */
    public record Params(int paths, int thresholdPer1024) {
        /** 64 paths, and "most" of them: half or more. */
        public static final Params DEFAULTS = new Params(64, 512);
        public static final int MAX_PATHS = 1 << 16;

        public Params {
            if (paths < 1 || paths > MAX_PATHS) {
                throw new IllegalArgumentException("paths must lie in [1, " + MAX_PATHS + "], was " + paths);
            }
            if (thresholdPer1024 < 1 || thresholdPer1024 > NsccParams.PER_1024) {
                throw new IllegalArgumentException("thresholdPer1024 must lie in [1, " + NsccParams.PER_1024
                        + "], was " + thresholdPer1024);
            }
        }
    }

    private final Params params;
    private final LinkedHashMap<Integer, Boolean> congestedByEntropy;
    private int congested;

    /** No path tracked yet: the gate is closed. */
    public CongestedPaths(Params params) {
        this.params = params;
        this.congestedByEntropy = new LinkedHashMap<>(16, 0.75f, true);
    }

    /** Feedback for a packet that carried {@code entropy}: {@code congestedNow} for an ECN mark or a NACK. */
    public void onFeedback(int entropy, boolean congestedNow) {
        Boolean before = congestedByEntropy.put(entropy, congestedNow);
        if (before != null && before) {
            congested--;
        }
        if (congestedNow) {
            congested++;
        }
        if (congestedByEntropy.size() > params.paths()) {
            Iterator<Map.Entry<Integer, Boolean>> eldest = congestedByEntropy.entrySet().iterator();
            if (eldest.next().getValue()) {
                congested--;
            }
            eldest.remove();
        }
    }

    /** Whether congestion control may decrease: congested / tracked >= threshold, and some path is tracked. */
    public boolean open() {
        int tracked = congestedByEntropy.size();
        return tracked > 0 && (long) congested * NsccParams.PER_1024 >= (long) params.thresholdPer1024() * tracked;
    }

    /** Paths tracked. */
    public int trackedPaths() {
        return congestedByEntropy.size();
    }

    /** Tracked paths whose latest feedback was congested. */
    public int congestedPaths() {
        return congested;
    }
}
