package io.fabricemu.actor;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The engine's thread pool: a few workers taking actors' mailboxes from one queue, which, finding it empty, watch it
 * for a while before they sleep. A window of the engine ends in a hand-off between shards (each waits for the other's
 * batch), every 20 to 50 us on the incasts of BENCHMARKS.md; a worker that sleeps there is woken by the operating
 * system in tens of microseconds, one that watches takes the batch at once. The watch is bounded
 * ({@link #SPIN_NANOS}), so an idle actor system still sleeps.
 */
final class SpinningExecutor extends AbstractExecutorService {
    /** How long an idle worker watches the queue before it sleeps. */
    static final long SPIN_NANOS = 50_000;
    /**
     * Workers awake (running a task or watching) in every pool of this JVM: one watches only while they are no more
     * than the processors, so runs side by side in one JVM ({@code compare}, ensembles) never watch at each other's
     * expense.
     */
    private static final AtomicInteger AWAKE = new AtomicInteger();
    private static final int PROCESSORS = Runtime.getRuntime().availableProcessors();

    private final Object lock = new Object();
    private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();
    /** The workers asleep, most recent last; guarded by {@link #lock}. */
    private final ArrayDeque<Thread> sleeping = new ArrayDeque<>();
    private final List<Thread> workers = new ArrayList<>();
    /** Tasks queued, for the workers' watch: written under the lock, read without it. */
    private volatile int queued;
    private volatile boolean shutdown;

    SpinningExecutor(int threads, ThreadFactory threadFactory) {
        if (threads < 1) {
            throw new IllegalArgumentException("a pool of " + threads + " threads");
        }
        for (int i = 0; i < threads; i++) {
            Thread t = threadFactory.newThread(this::work);
            workers.add(t);
        }
        for (Thread t : workers) {
            t.start();
        }
    }

    @Override
    public void execute(Runnable task) {
        Thread wake;
        synchronized (lock) {
            if (shutdown) {
                throw new RejectedExecutionException("the pool is shut down");
            }
            tasks.addLast(task);
            queued = tasks.size();
            wake = sleeping.pollLast();
        }
        if (wake != null) {
            LockSupport.unpark(wake);
        }
    }

    private Runnable poll() {
        synchronized (lock) {
            Runnable r = tasks.pollFirst();
            queued = tasks.size();
            return r;
        }
    }

    private void work() {
        AWAKE.incrementAndGet();
        try {
            workUntilShutdown();
        } finally {
            AWAKE.decrementAndGet();
        }
    }

    private void workUntilShutdown() {
        Thread self = Thread.currentThread();
        while (true) {
            Runnable task = queued > 0 ? poll() : null;
            if (task != null) {
                run(self, task);
                continue;
            }
            if (AWAKE.get() <= PROCESSORS) {
                long until = System.nanoTime() + SPIN_NANOS;
                while (queued == 0 && !shutdown && System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            }
            if (queued > 0) {
                continue;
            }
            synchronized (lock) {
                if (!tasks.isEmpty()) {
                    continue;
                }
                if (shutdown) {
                    return;
                }
                sleeping.addLast(self);
            }
            AWAKE.decrementAndGet();
            LockSupport.park(this);
            AWAKE.incrementAndGet();
            synchronized (lock) {
                sleeping.remove(self); // woken by a task (already taken off) or spuriously
            }
        }
    }

    private static void run(Thread self, Runnable task) {
        try {
            task.run();
        } catch (Throwable t) { // the worker stays: what failed is reported as the thread factory says
            self.getUncaughtExceptionHandler().uncaughtException(self, t);
        }
    }

    @Override
    public void shutdown() {
        List<Thread> wake;
        synchronized (lock) {
            shutdown = true;
            wake = new ArrayList<>(sleeping);
        }
        wake.forEach(LockSupport::unpark);
    }

    @Override
    public List<Runnable> shutdownNow() {
        List<Runnable> left;
        synchronized (lock) {
            left = new ArrayList<>(tasks);
            tasks.clear();
            queued = 0;
        }
        shutdown();
        return left;
    }

    @Override
    public boolean isShutdown() {
        return shutdown;
    }

    @Override
    public boolean isTerminated() {
        if (!shutdown) {
            return false;
        }
        for (Thread t : workers) {
            if (t.isAlive()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        for (Thread t : workers) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return isTerminated();
            }
            TimeUnit.NANOSECONDS.timedJoin(t, left);
        }
        return isTerminated();
    }
}
