package io.fabricemu.run;

/** What a {@link RunFarm} tells its caller as the runs go, on the farm's own thread: keep it short. */
public interface FarmListener {
    /** Run {@code index} ended on {@code member}; {@code done} runs have ended so far. */
    void finished(int index, String member, int done);

    /** Run {@code index} was in flight on {@code member}, which was lost ({@code why}): it runs again elsewhere. */
    void rerun(int index, String member, String why);

    /** Says nothing. */
    FarmListener SILENT = new FarmListener() {
        @Override
        public void finished(int index, String member, int done) {
        }

        @Override
        public void rerun(int index, String member, String why) {
        }
    };
}
