package io.fabricemu.run;

import java.util.List;

/**
 * Whole runs handed to the members of a cluster, each run in one member's JVM on that member's own shards: the
 * most parallel work there is, since the runs share nothing. A member lost while it has runs in flight costs only
 * those runs, which start again on the members left; the farm fails only when none is left. Every run is
 * deterministic, so its result is the one it would have in this JVM, whichever member ran it and how often.
 */
public interface RunFarm extends AutoCloseable {

    /** How many runs the members take at once, in all. */
    int slots();

    /** The members and what each takes at once, in a line. */
    String describe();

    /**
     * Runs {@code jobs} and returns their results in the order given, whatever order they end in.
     *
     * @throws FarmRunFailedException  when a run failed on its member (the first one to, naming it)
     * @throws MemberLostException     when every member was lost before the runs ended
     * @throws RunInterruptedException when this JVM was asked to end (SIGINT, SIGTERM)
     */
    List<FarmedRun> runAll(List<FarmJob> jobs, FarmListener listener) throws InterruptedException;

    /** Leaves the cluster; forked JVMs stop. */
    @Override
    void close();
}
