package io.fabricemu.run;

/**
 * A run across JVMs was stopped because this JVM was asked to end (SIGINT, as Ctrl-C sends, or SIGTERM): no member
 * was lost, the user interrupted it. The JVM then exits with 128 plus the signal's number (130, 143).
 */
public final class RunInterruptedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public RunInterruptedException(String message) {
        super(message);
    }
}
