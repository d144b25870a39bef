package io.fabricemu.trace;

/** A trace selection names what the fabric does not have: the message names the option and what it allows. */
public final class TraceSelectionException extends Exception {
    private static final long serialVersionUID = 1L;

    public TraceSelectionException(String message) {
        super(message);
    }
}
