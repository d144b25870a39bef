package io.fabricemu.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the operating system says of a process this JVM started, beyond whether it is alive: whether it is stopped
 * (SIGSTOP, SIGTSTP from Ctrl-Z, a debugger). A stopped JVM is alive, holds its sockets and answers nothing, so
 * the cluster would learn of it only once its heartbeats are overdue; its parent can see it at once. Linux tells
 * a process's state in the third field of {@code /proc/PID/stat} (proc(5)): {@code T} stopped by a signal,
 * {@code t} stopped by a tracer. Where there is no {@code /proc}, nothing is known and the heartbeats decide.
 */
final class ProcessState {
    private ProcessState() {
    }

    /** Whether process {@code pid} is stopped; false when it runs, is gone, or the system does not say. */
    static boolean stopped(long pid) {
        String stat;
        try {
            stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
        } catch (IOException | RuntimeException e) {
            return false;
        }
        // "PID (COMMAND) STATE ...": the command may hold spaces and parentheses, so the state follows the last ')'
        int close = stat.lastIndexOf(')');
        if (close < 0 || close + 2 >= stat.length()) {
            return false;
        }
        char state = stat.charAt(close + 2);
        return state == 'T' || state == 't';
    }

    /** How a process that exited with {@code code} ended, e.g. {@code "exited with code 137 (SIGKILL)"}. */
    static String exit(int code) {
        String signal = switch (code - 128) {
            case 1 -> "SIGHUP";
            case 2 -> "SIGINT";
            case 6 -> "SIGABRT";
            case 9 -> "SIGKILL";
            case 11 -> "SIGSEGV";
            case 15 -> "SIGTERM";
            default -> null;
        };
        return "exited with code " + code + (signal == null ? "" : " (" + signal + ")");
    }
}
