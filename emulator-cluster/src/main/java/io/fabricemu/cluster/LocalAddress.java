package io.fabricemu.cluster;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;

/**
 * Checks the address a member is to listen on before its actor system starts: the member binds to the very name
 * the others reach it at, so it must be an address of this machine. Without the check an empty, misspelt or
 * foreign name fails inside the remoting layer, as a logged stack trace and exit code 1.
 */
final class LocalAddress {
    private LocalAddress() {
    }

    /** Why a member cannot listen on {@code hostname}, or null when it can. */
    static String problem(String hostname) {
        String example = "; give an address of this machine as the other members reach it, e.g. 10.0.0.1 or 127.0.0.1";
        if (hostname.isBlank()) {
            return "empty" + example;
        }
        InetAddress address;
        try {
            address = InetAddress.getByName(hostname.strip());
        } catch (UnknownHostException | SecurityException e) {
            return "'" + hostname + "' is not an address, and no host of that name is known" + example;
        }
        if (address.isAnyLocalAddress()) {
            return "'" + hostname + "' stands for every address of this machine, at none of which the others could"
                    + " reach it" + example;
        }
        if (address.isLoopbackAddress()) {
            return null;
        }
        try {
            if (NetworkInterface.getByInetAddress(address) != null) {
                return null;
            }
        } catch (SocketException e) {
            return null; // the interfaces cannot be listed: let the bind itself decide
        }
        String resolved = address.getHostAddress().equals(hostname.strip()) ? "" : " (" + address.getHostAddress() + ")";
        return "'" + hostname + "'" + resolved + " is not an address of this machine" + example;
    }
}
