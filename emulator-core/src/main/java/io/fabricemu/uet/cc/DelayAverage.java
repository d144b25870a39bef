package io.fabricemu.uet.cc;

/**
 * The exponentially averaged queuing delay that sizes the reference loop's multiplicative decrease
 * ({@link NsccLoop}), as htsim's {@code UecSrc::update_delay}: every delay sample moves the average
 * {@code 1/divisor} of the way towards it, except that an unmarked ACK reporting a delay above the target
 * counts as a sample of base RTT / 4 (the queue behind it has drained below the marking threshold). Starts
 * at 0; held in 1/65,536 ps so that a small divisor's steps do not round away.
 */
final class DelayAverage {
    private static final int FRACTION_BITS = 16;

    private final int divisor;
    private final long targetPs;
    private long drainedSamplePs;
    private long averageFixed;

    DelayAverage(int divisor, long targetPs, long baseRttPs) {
        this.divisor = divisor;
        this.targetPs = targetPs;
        this.drainedSamplePs = baseRttPs / 4;
    }

    /** The context learnt a shorter base RTT: a drained sample is a quarter of it. */
    void rebase(long baseRttPs) {
        this.drainedSamplePs = baseRttPs / 4;
    }

    /** One delay sample: an ACK's (ECN echo {@code marked}) or a NACK's (marked, as htsim passes it). */
    void onSample(long delayPs, boolean marked) {
        long samplePs = !marked && delayPs > targetPs ? drainedSamplePs : delayPs;
        long sampleFixed = Math.min(samplePs, NsccParams.MAX_BASE_RTT_PS * 64) << FRACTION_BITS;
        averageFixed += (sampleFixed - averageFixed) / divisor;
    }

    /** The average, rounded down to a whole ps. */
    long averagePs() {
        return averageFixed >> FRACTION_BITS;
    }
}
