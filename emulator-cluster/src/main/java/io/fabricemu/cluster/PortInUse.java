package io.fabricemu.cluster;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * A member's port that another process already listens on. Checked before the member's actor system starts, by
 * binding the port for a moment, so the usual case costs no Akka start-up and prints no stack trace; a port taken
 * between that check and Artery's own bind is recognised in the exception Artery throws.
 */
final class PortInUse {
    private PortInUse() {
    }

    /** Whether {@code port} (not 0) on {@code hostname} is taken by another process now. */
    static boolean now(String hostname, int port) {
        if (port == 0) {
            return false;
        }
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getByName(hostname.strip()))) {
            return false;
        } catch (BindException e) {
            return true;
        } catch (IOException e) {
            return false; // not a port conflict: the actor system's own bind will say what it is
        }
    }

    /** Whether {@code failure}, from starting an actor system, is its port being taken. */
    static boolean causeOf(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            // Akka's stream layer reports the bind failure in a message of its own, naming the JDK's exception
            String message = String.valueOf(t.getMessage());
            if (t instanceof BindException || message.contains("BindException")
                    || message.contains("Address already in use")) {
                return true;
            }
        }
        return false;
    }

    /** The one-line error: which port, and what to do. */
    static String message(String hostname, int port, String where) {
        return "port " + port + " on " + hostname + " (" + where + ") is already in use by another process, "
                + "perhaps another fabric-emu node: stop that process, or give this node a free port with --port PORT "
                + "(--port 0 takes any free one)";
    }
}
