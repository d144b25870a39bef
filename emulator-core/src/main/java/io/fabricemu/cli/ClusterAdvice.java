package io.fabricemu.cli;

import java.util.Locale;

/**
 * The note printed when a run goes across JVMs ({@code --jvms}, {@code --cluster}) on a fabric too small to gain
 * from it. Every window then costs a hop between JVMs, a fraction of a millisecond, which only a fabric with a lot
 * of work per window hides; and forming the cluster costs seconds before the run starts. Measured with {@code bench
 * --jvms 2} against one JVM of two shards on a 2-vCPU machine (BENCHMARKS.md, "Across JVMs: where it pays"): the
 * 7:1 incast (80 actors) ran 6.2 times slower, the 127:1 incast (1,536 actors) 2.5 times, the 1024-host
 * permutation ({@value #MEASURED_ACTORS} actors) 1.3 and 1.9 times in two pairs; none gained, and forming the two
 * workers took 5.6 to 12.1 s. The loss shrinks as the fabric grows but one JVM already uses both cores with its two
 * shards, so on one machine no size was found where it pays. The note is given up to the largest fabric measured,
 * and says so; a larger fabric, or members on machines of their own, may gain.
 */
final class ClusterAdvice {
    /** The largest fabric measured across JVMs, in actors: the 1024-host permutation. */
    static final int MEASURED_ACTORS = 12_288;
    /** How many times slower that fabric ran across two JVMs than in one, at best (two pairs: 1.3 and 1.9). */
    static final String LARGEST_SLOWDOWN = "1.3";

    private ClusterAdvice() {
    }

    /** The note for a fabric of {@code actors} elements run across JVMs, or null when it is larger than measured. */
    static String note(int actors) {
        if (actors > MEASURED_ACTORS) {
            return null;
        }
        return String.format(Locale.ROOT, "note: this fabric has %,d actors; on a 2-core machine fabrics of up to"
                + " %,d actors ran %s to 6.2 times slower across two JVMs than in one, plus 6 to 12 s to form the"
                + " cluster (BENCHMARKS.md, Across JVMs: where it pays). It pays with cores of other machines, or"
                + " when the fabric does not fit one JVM's heap.", actors, MEASURED_ACTORS, LARGEST_SLOWDOWN);
    }
}
