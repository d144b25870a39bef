package io.fabricemu.wreb;

/**
 * How a queue's congestion level is formed from its signals (after paragraphs (13) and (15) of
 * US 12,388,756: "other congestion measures or any combination of measures, such as the queue size, gradient"):
 * <pre>
 *   level = (queueWeight x occupancy + gradientWeight x max(0, growth)) / 1,000      in bytes
 * </pre>
 * Both signals are normalised to bytes so the profile's thresholds keep their meaning: {@code occupancy} is
 * the bytes of the packet's class queue, {@code growth} is the queue's gradient (bytes per us over the last
 * complete window) times the window, i.e. what the queue would add in one more window at its current rate.
 * Queue only (the default, claim 5) is {@code 1000, 0}; gradient only is {@code 0, 1000}; {@code 1000, 1000}
 * is the queue projected one window ahead.
 *
 * @param queuePerMille    weight of the occupancy, in thousandths, 0..1,000,000
 * @param gradientPerMille weight of the growth, in thousandths, 0..1,000,000; not both 0
 * @param windowPs         the gradient window, &gt; 0
 */
public record LevelWeights(int queuePerMille, int gradientPerMille, long windowPs) {
    /** The default window of the gradient: 1 us. */
    public static final long DEFAULT_WINDOW_PS = 1_000_000;
    /** Occupancy only. */
    public static final LevelWeights QUEUE = new LevelWeights(1000, 0, DEFAULT_WINDOW_PS);

    public LevelWeights {
        if (queuePerMille < 0 || gradientPerMille < 0 || queuePerMille > 1_000_000 || gradientPerMille > 1_000_000) {
            throw new IllegalArgumentException("weights must be 0..1000, were " + queuePerMille / 1000.0 + " and "
                    + gradientPerMille / 1000.0);
        }
        if (queuePerMille == 0 && gradientPerMille == 0) {
            throw new IllegalArgumentException("weights must not both be 0");
        }
        if (windowPs <= 0) {
            throw new IllegalArgumentException("gradientWindow must be > 0, was " + windowPs + " ps");
        }
    }

    /** Whether the gradient takes part (it needs tracking). */
    public boolean usesGradient() {
        return gradientPerMille > 0;
    }
}
