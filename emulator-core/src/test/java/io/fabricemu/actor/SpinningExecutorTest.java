package io.fabricemu.actor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The engine's thread pool: every task runs once, a sleeping worker is woken, a failure keeps the worker. */
class SpinningExecutorTest {
    private static final ConcurrentLinkedQueue<Throwable> UNCAUGHT = new ConcurrentLinkedQueue<>();

    private static final ThreadFactory DAEMONS = r -> {
        Thread t = new Thread(r, "spinning-test");
        t.setDaemon(true);
        t.setUncaughtExceptionHandler((thread, e) -> UNCAUGHT.add(e));
        return t;
    };

    @Test
    void everyTaskRunsOnce_fromSeveralThreadsAtOnce() throws Exception {
        SpinningExecutor pool = new SpinningExecutor(2, DAEMONS);
        int perThread = 20_000;
        AtomicInteger ran = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(3 * perThread);
        List<Thread> submitters = List.of(new Thread(() -> submit(pool, perThread, ran, done)),
                new Thread(() -> submit(pool, perThread, ran, done)),
                new Thread(() -> submit(pool, perThread, ran, done)));
        submitters.forEach(Thread::start);
        assertTrue(done.await(30, TimeUnit.SECONDS), "ran " + ran.get() + " of " + 3 * perThread);
        assertEquals(3 * perThread, ran.get());
        pool.shutdown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
    }

    private static void submit(SpinningExecutor pool, int n, AtomicInteger ran, CountDownLatch done) {
        for (int i = 0; i < n; i++) {
            pool.execute(() -> {
                ran.incrementAndGet();
                done.countDown();
            });
        }
    }

    @Test
    void aWorkerAsleepIsWokenByTheNextTask() throws Exception {
        SpinningExecutor pool = new SpinningExecutor(1, DAEMONS);
        CountDownLatch first = new CountDownLatch(1);
        pool.execute(first::countDown);
        assertTrue(first.await(10, TimeUnit.SECONDS));
        Thread.sleep(200); // far past the watch: the worker is asleep
        CountDownLatch second = new CountDownLatch(1);
        pool.execute(second::countDown);
        assertTrue(second.await(10, TimeUnit.SECONDS), "the sleeping worker was not woken");
        pool.shutdownNow();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
    }

    @Test
    void aFailingTaskIsReported_andTheWorkerGoesOn() throws Exception {
        UNCAUGHT.clear();
        SpinningExecutor pool = new SpinningExecutor(1, DAEMONS);
        pool.execute(() -> {
            throw new IllegalStateException("boom");
        });
        CountDownLatch after = new CountDownLatch(1);
        pool.execute(after::countDown);
        assertTrue(after.await(10, TimeUnit.SECONDS), "the only worker died with the failing task");
        assertEquals("boom", UNCAUGHT.peek().getMessage());
        pool.shutdown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
    }

    @Test
    void shutDown_refusesNewTasks_andItsWorkersEnd() throws Exception {
        SpinningExecutor pool = new SpinningExecutor(2, DAEMONS);
        Thread.sleep(100); // both workers asleep
        pool.shutdown();
        assertTrue(pool.isShutdown());
        assertThrows(RejectedExecutionException.class, () -> pool.execute(() -> { }));
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS), "a sleeping worker was not told of the shutdown");
        assertTrue(pool.isTerminated());
    }
}
