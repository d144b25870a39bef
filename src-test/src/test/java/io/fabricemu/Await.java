package io.fabricemu;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Waiting for what another process or thread does, by polling for it with a deadline: a suite waits exactly as
 * long as it takes, up to the deadline, rather than sleeping for a time guessed to be enough, and says what it
 * waited for when that never happens.
 */
final class Await {
    private static final long POLL_MILLIS = 100;

    /** Whether what is awaited has happened; an {@link IOException} (a server not up yet) counts as not yet. */
    interface Condition {
        boolean holds() throws Exception;
    }

    private Await() {
    }

    /** Waits up to {@code seconds} for {@code condition}; fails naming {@code what} if it never holds. */
    static void until(String what, int seconds, Condition condition) throws Exception {
        until(what, seconds, condition, () -> "");
    }

    /** As above; a failure also tells {@code state}, read at the deadline (say, the output so far). */
    static void until(String what, int seconds, Condition condition, Supplier<String> state) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        IOException lastError = null;
        while (true) {
            try {
                if (condition.holds()) {
                    return;
                }
            } catch (IOException e) {
                lastError = e;
            }
            if (System.nanoTime() > deadline) {
                String details = state.get();
                throw new AssertionError("waited " + seconds + " s for " + what
                        + (lastError == null ? "" : " (last try: " + lastError.getMessage() + ")")
                        + (details.isEmpty() ? "" : "\n" + details));
            }
            Thread.sleep(POLL_MILLIS);
        }
    }
}
