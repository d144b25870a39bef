package io.fabricemu.actor;

import akka.dispatch.DispatcherPrerequisites;
import akka.dispatch.ExecutorServiceConfigurator;
import akka.dispatch.ExecutorServiceFactory;
import com.typesafe.config.Config;
import java.util.concurrent.ThreadFactory;

/**
 * Makes a dispatcher's {@link SpinningExecutor}: named in the dispatcher's {@code executor} setting, which Akka
 * instantiates by reflection (hence public). Its size comes from the dispatcher's {@code spinning-executor} section:
 * {@code parallelism-factor} times the processors, at least {@code parallelism-min}, at most {@code parallelism-max}.
 */
public final class SpinningExecutorConfigurator extends ExecutorServiceConfigurator {
    private final int threads;

    public SpinningExecutorConfigurator(Config config, DispatcherPrerequisites prerequisites) {
        super(config, prerequisites);
        Config c = config.getConfig("spinning-executor");
        int wanted = (int) Math.ceil(Runtime.getRuntime().availableProcessors() * c.getDouble("parallelism-factor"));
        this.threads = Math.min(c.getInt("parallelism-max"), Math.max(c.getInt("parallelism-min"), wanted));
    }

    @Override
    public ExecutorServiceFactory createExecutorServiceFactory(String id, ThreadFactory threadFactory) {
        return () -> new SpinningExecutor(threads, threadFactory);
    }
}
