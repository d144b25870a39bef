package io.fabricemu.host;

import io.fabricemu.engine.Signal;
import io.fabricemu.fault.LinkTimeline;
import io.fabricemu.net.Transmitter;
import io.fabricemu.net.TxDone;

/**
 * A NIC's ports: one, or one per plane of a multi-plane fabric, each with its own transmitter at its own link's
 * rate. Like htsim's {@code UecNIC} ({@code findFreePort}, {@code sendOnFreePortNow} in {@code uec.cpp}), the NIC
 * starts its next packet on a free port, trying them in round-robin order from the one after the port it used last.
 * It skips a port whose own link is down while another port's link is up, so a plane whose NIC link failed gets
 * nothing more from this NIC; when every link is down it sends as a NIC with one port does (the packets are lost).
 */
final class NicPorts {
    /** Port {@code port}'s transmitter is done; port 0's is {@link TxDone}, so a NIC of one port is as it was. */
    record PortDone(int port) implements Signal {
    }

    private final Transmitter[] tx;
    private final LinkTimeline[] faults;
    private final String[] names;
    private int next;

    NicPorts(NicSetup setup) {
        int n = 1 + setup.planes().size();
        tx = new Transmitter[n];
        faults = new LinkTimeline[n];
        names = new String[n];
        tx[0] = new Transmitter(setup.linkId(), setup.rateBps(), setup.handoffPs(), setup.faults());
        faults[0] = setup.faults();
        names[0] = setup.name();
        for (int p = 1; p < n; p++) {
            NicPort port = setup.planes().get(p - 1);
            tx[p] = new Transmitter(port.linkId(), port.rateBps(), port.handoffPs(), port.faults(), new PortDone(p));
            faults[p] = port.faults();
            names[p] = port.name();
        }
    }

    int count() {
        return tx.length;
    }

    Transmitter tx(int port) {
        return tx[port];
    }

    String name(int port) {
        return names[port];
    }

    /** The port round robin tries first. */
    int first() {
        return next;
    }

    /** A packet started on {@code port}: round robin tries the port after it first. */
    void used(int port) {
        next = port + 1 == tx.length ? 0 : port + 1;
    }

    /** Ends the service of the transmitter whose timer {@code signal} is; false when it is no such timer. */
    boolean done(Signal signal) {
        if (signal == TxDone.INSTANCE) {
            tx[0].done();
            return true;
        }
        if (signal instanceof PortDone d) {
            tx[d.port()].done();
            return true;
        }
        return false;
    }

    /** Whether a packet may start on {@code port} now: it is free, and its link is up or every link is down. */
    boolean usable(int port, long nowPs) {
        if (tx[port].busy()) {
            return false;
        }
        return tx.length == 1 || up(port, nowPs) || firstUp(0, nowPs) < 0;
    }

    /**
     * The plane of a flow that keeps to one ({@link NicProtocol#spraysPlanes()} false): {@code preferred}, or while
     * its link is down the next plane whose link is up; {@code preferred} when every link is down.
     */
    int planeFor(int preferred, long nowPs) {
        if (up(preferred, nowPs)) {
            return preferred;
        }
        int p = firstUp(preferred, nowPs);
        return p < 0 ? preferred : p;
    }

    private boolean up(int port, long nowPs) {
        return faults[port].downFaultAt(nowPs) < 0;
    }

    /** The first port from {@code from} on, wrapping around, whose link is up now; -1 when none is. */
    private int firstUp(int from, long nowPs) {
        for (int k = 0; k < tx.length; k++) {
            int p = (from + k) % tx.length;
            if (up(p, nowPs)) {
                return p;
            }
        }
        return -1;
    }
}
