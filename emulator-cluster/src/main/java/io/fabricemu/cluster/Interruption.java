package io.fabricemu.cluster;

import akka.actor.ClassicActorSystemProvider;
import akka.actor.CoordinatedShutdown;

/**
 * Whether a driver is ending because its JVM was asked to: SIGINT (Ctrl-C) or SIGTERM start the JVM's shutdown
 * hooks, Akka's coordinated shutdown among them, with {@link CoordinatedShutdown#jvmExitReason()}. Leaving the
 * cluster then removes every member from this driver's view, which must not read as members lost: the user
 * interrupted the run.
 */
final class Interruption {
    private Interruption() {
    }

    /** What interrupted the run on {@code system}, or null if its JVM was not asked to end. */
    static String of(ClassicActorSystemProvider system) {
        return CoordinatedShutdown.get(system).getShutdownReason()
                .filter(reason -> reason.equals(CoordinatedShutdown.jvmExitReason()))
                .map(reason -> "this JVM was asked to end (SIGINT, as Ctrl-C sends, or SIGTERM)")
                .orElse(null);
    }
}
