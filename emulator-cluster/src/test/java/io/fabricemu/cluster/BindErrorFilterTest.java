package io.fabricemu.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.ExtendedActorSystem;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import akka.event.LoggingFilter;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A member on a port another process holds: Artery's failure is recognised as the port being taken, and Akka's TCP
 * listener logs no stack trace for it; once a member has bound, the listener's errors are logged again.
 */
class BindErrorFilterTest {
    private static final String LISTENER = "akka.io.TcpListener";

    @Test
    void aTakenPort_failsTheActorSystemAsATakenPort_andLogsNothing() throws Exception {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        root.addAppender(logged);
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            ClusterSettings settings = ClusterSettings.forked("127.0.0.1:" + taken.getLocalPort(), TlsSettings.OFF,
                    "compact").withPort(taken.getLocalPort());
            RuntimeException failure = assertThrows(RuntimeException.class, () -> ActorSystem.create(
                    Behaviors.empty(), MemberConfig.SYSTEM, MemberConfig.of(settings, MemberConfig.WORKER)));
            assertTrue(PortInUse.causeOf(failure), String.valueOf(failure));
            Thread.sleep(500); // Akka logs asynchronously: give a late error the time to arrive
            List<String> fromListener = logged.list.stream().filter(e -> e.getLoggerName().equals(LISTENER))
                    .map(ILoggingEvent::getFormattedMessage).toList();
            assertEquals(List.of(), fromListener);
            assertTrue(PortInUse.now("127.0.0.1", taken.getLocalPort()));
        } finally {
            root.detachAppender(logged);
        }
    }

    @Test
    void aBoundMember_logsItsListenersErrorsAgain() throws Exception {
        ClusterSettings settings = ClusterSettings.forked("127.0.0.1:1", TlsSettings.OFF, "compact");
        ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), MemberConfig.SYSTEM,
                MemberConfig.of(settings, MemberConfig.WORKER));
        try {
            LoggingFilter filter = ((ExtendedActorSystem) system.classicSystem()).logFilter();
            Class<?> listener = Class.forName(LISTENER);
            assertFalse(filter.isErrorEnabled(listener, "listener"), "silent until bound");
            assertTrue(filter.isErrorEnabled(BindErrorFilterTest.class, "other"), "others log as before");
            BindErrorFilter.bound(system);
            assertTrue(filter.isErrorEnabled(listener, "listener"), "logged once bound");
        } finally {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().get(20, TimeUnit.SECONDS);
        }
    }
}
