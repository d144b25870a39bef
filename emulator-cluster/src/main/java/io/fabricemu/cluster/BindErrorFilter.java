package io.fabricemu.cluster;

import akka.actor.ActorSystem;
import akka.actor.ClassicActorSystemProvider;
import akka.actor.ExtendedActorSystem;
import akka.event.EventStream;
import akka.event.LogMarker;
import akka.event.LoggingFilterWithMarker;
import akka.event.slf4j.Slf4jLoggingFilter;

/**
 * A member's log filter: the engine's (SLF4J's levels), except that until the member has bound its port, Akka's
 * TCP listener may not log its bind failure. That failure, a port already in use, is a stack trace of some thirty
 * lines; Artery also throws it from the actor system's creation, where the member reports it in one line saying
 * what to do ({@link NodeCommand}). Once bound ({@link #bound}), the listener logs as before: what it could log
 * then, a failure to accept a connection, is news.
 */
final class BindErrorFilter implements LoggingFilterWithMarker {
    private static final String LISTENER = "akka.io.TcpListener";
    private final Slf4jLoggingFilter levels;
    private volatile boolean bound;

    /** Made by Akka, through {@code akka.logging-filter}, for each actor system. */
    BindErrorFilter(ActorSystem.Settings settings, EventStream eventStream) {
        this.levels = new Slf4jLoggingFilter(settings, eventStream);
    }

    /** The member {@code system} has bound its port: the listener's errors are logged from now on. */
    static void bound(ClassicActorSystemProvider system) {
        if (((ExtendedActorSystem) system.classicSystem()).logFilter() instanceof BindErrorFilter filter) {
            filter.bound = true;
        }
    }

    private boolean silenced(Class<?> logClass) {
        return !bound && logClass.getName().equals(LISTENER);
    }

    @Override
    public boolean isErrorEnabled(Class<?> logClass, String logSource) {
        return !silenced(logClass) && levels.isErrorEnabled(logClass, logSource);
    }

    @Override
    public boolean isErrorEnabled(Class<?> logClass, String logSource, LogMarker marker) {
        return !silenced(logClass) && levels.isErrorEnabled(logClass, logSource, marker);
    }

    @Override
    public boolean isWarningEnabled(Class<?> logClass, String logSource) {
        return levels.isWarningEnabled(logClass, logSource);
    }

    @Override
    public boolean isWarningEnabled(Class<?> logClass, String logSource, LogMarker marker) {
        return levels.isWarningEnabled(logClass, logSource, marker);
    }

    @Override
    public boolean isInfoEnabled(Class<?> logClass, String logSource) {
        return levels.isInfoEnabled(logClass, logSource);
    }

    @Override
    public boolean isInfoEnabled(Class<?> logClass, String logSource, LogMarker marker) {
        return levels.isInfoEnabled(logClass, logSource, marker);
    }

    @Override
    public boolean isDebugEnabled(Class<?> logClass, String logSource) {
        return levels.isDebugEnabled(logClass, logSource);
    }

    @Override
    public boolean isDebugEnabled(Class<?> logClass, String logSource, LogMarker marker) {
        return levels.isDebugEnabled(logClass, logSource, marker);
    }
}
