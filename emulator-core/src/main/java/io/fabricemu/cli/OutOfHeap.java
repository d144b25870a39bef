package io.fabricemu.cli;

/**
 * Ends the JVM with exit code 255 when it runs out of heap, in whatever phase and thread: loading a scenario,
 * sizing or building its fabric on the main thread, the run on the actor system's threads (which Akka ends the
 * same way, {@code akka.jvm-exit-on-fatal-error}), writing the results. Without it an OutOfMemoryError on the main
 * thread would print a Java stack trace and end with exit code 1, as an ordinary failure does, and one on another
 * thread would leave the JVM running without it.
 *
 * <p>{@code bin/fabric-emu} has the JVM print what to do about it at the first OutOfMemoryError
 * ({@code -XX:OnOutOfMemoryError}, its text in the environment variable {@value #HINT_VARIABLE}); a JVM started
 * another way gets a line of its own here instead. {@link System#exit} runs the shutdown hooks, so the staging
 * folder of a claimed output folder is removed as on any other exit; the heap that the failed allocation would
 * have taken is free again by then.
 */
final class OutOfHeap {
    /** Exit code of a JVM ended by a fatal error, as Akka's {@code System.exit(-1)} gives too. */
    static final int EXIT_CODE = 255;
    /** Set by bin/fabric-emu: the hint the JVM prints itself at the first OutOfMemoryError. */
    static final String HINT_VARIABLE = "FABRIC_EMU_OOM_HINT";

    private OutOfHeap() {
    }

    /** Says so unless the JVM already did, and gives the exit code. */
    static int exit(OutOfMemoryError e) {
        if (System.getenv(HINT_VARIABLE) == null) {
            System.err.println("error: fabric-emu ran out of Java heap (" + e.getMessage() + ") and stopped; nothing"
                    + " was written. Give the JVM more, e.g. -Xmx16g, or record less: sampling: {interval: off}");
            System.err.flush();
        }
        return EXIT_CODE;
    }

    /**
     * The default handler of every thread: out of heap ends the JVM, unless it is ending already (a shutdown hook
     * that called {@link System#exit} would wait for itself); anything else is printed as the JVM does.
     */
    static void uncaught(Thread thread, Throwable e) {
        if (e instanceof OutOfMemoryError oom && !shuttingDown()) {
            System.exit(exit(oom));
        }
        System.err.print("Exception in thread \"" + thread.getName() + "\" ");
        e.printStackTrace();
    }

    /** Whether the JVM runs its shutdown hooks: it then refuses new ones. */
    private static boolean shuttingDown() {
        Thread probe = new Thread(() -> {
        });
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }
}
