package io.fabricemu.metrics;

/** The live metrics cannot be served as asked; the message says why, for the user. */
public final class MetricsException extends Exception {
    public MetricsException(String message) {
        super(message);
    }
}
