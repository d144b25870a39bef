package io.fabricemu.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** What the operating system says of a child process: stopped or not, and how it exited. */
class ProcessStateTest {
    @Test
    void aStoppedProcess_isSeenStopped_andRunningAgainOnceContinued() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc", "self")), "this system has no /proc");
        Process sleeper = new ProcessBuilder("sleep", "30").start();
        try {
            assertFalse(ProcessState.stopped(sleeper.pid()), "a sleeping process is not stopped");
            signal(sleeper, "STOP");
            assertTrue(waitFor(sleeper.pid(), true), "stopped after SIGSTOP");
            signal(sleeper, "CONT");
            assertTrue(waitFor(sleeper.pid(), false), "running again after SIGCONT");
        } finally {
            sleeper.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
        assertFalse(ProcessState.stopped(sleeper.pid()), "a process that is gone is not stopped");
    }

    @Test
    void anExitBySignal_namesTheSignal() {
        assertEquals("exited with code 137 (SIGKILL)", ProcessState.exit(137));
        assertEquals("exited with code 143 (SIGTERM)", ProcessState.exit(143));
        assertEquals("exited with code 1", ProcessState.exit(1));
    }

    private static boolean waitFor(long pid, boolean stopped) throws InterruptedException {
        for (int i = 0; i < 50; i++) {
            if (ProcessState.stopped(pid) == stopped) {
                return true;
            }
            Thread.sleep(100);
        }
        return false;
    }

    private static void signal(Process p, String signal) throws Exception {
        new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).inheritIO().start()
                .waitFor(5, TimeUnit.SECONDS);
    }
}
