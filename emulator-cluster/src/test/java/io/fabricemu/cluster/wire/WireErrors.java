package io.fabricemu.cluster.wire;

/** The messages of a failure and of its causes, one line each, for asserting on what a user would read. */
final class WireErrors {
    private WireErrors() {
    }

    static String chain(Throwable failure) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            text.append(t.getClass().getName()).append(": ").append(t.getMessage()).append('\n');
        }
        return text.toString();
    }
}
