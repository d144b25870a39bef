package io.fabricemu.scenario.sizing;

/**
 * What a scenario's fabric is checked against when it is loaded, before anything is built: the heap this JVM may
 * use, and whether this JVM will hold the whole run or only part of it.
 *
 * @param maxHeapBytes the most heap this JVM may use, {@link Runtime#maxMemory()} for a real one
 * @param holdsAll     this JVM holds every element of the run (a run in this JVM, and what {@code validate}
 *                     checks); otherwise it takes part in a run across JVMs and holds the topology, routes and
 *                     flows but at most some of the elements (the driver holds none)
 */
public record HeapBudget(long maxHeapBytes, boolean holdsAll) {
    public HeapBudget {
        if (maxHeapBytes <= 0) {
            throw new IllegalArgumentException("maxHeapBytes must be > 0, was " + maxHeapBytes);
        }
    }

    /** This JVM's heap, holding the whole run. */
    public static HeapBudget wholeRun() {
        return new HeapBudget(Runtime.getRuntime().maxMemory(), true);
    }

    /** This JVM's heap, taking part in a run across JVMs (as its driver or a member). */
    public static HeapBudget partOfRun() {
        return new HeapBudget(Runtime.getRuntime().maxMemory(), false);
    }
}
