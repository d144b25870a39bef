package io.fabricemu.results;

import java.util.ArrayList;
import java.util.List;

/**
 * The ports with the deepest peak queue among those offered, at most {@code most} of them, deepest first; a tie goes
 * to the port offered first (element order: NIC transmitters, then switch ports). Also counts the ports offered and
 * those that ever queued anything.
 */
final class HottestPorts {
    private final int most;
    private final List<PortSeries> ports = new ArrayList<>();
    private final List<Long> peaks = new ArrayList<>();
    private int offered;
    private int queued;

    HottestPorts(int most) {
        this.most = most;
    }

    void offer(PortSeries p) {
        offered++;
        long peak = p.peakQueueBytes();
        if (peak > 0) {
            queued++;
        }
        int at = ports.size();
        while (at > 0 && peaks.get(at - 1) < peak) {
            at--;
        }
        if (at < most) {
            ports.add(at, p);
            peaks.add(at, peak);
            if (ports.size() > most) {
                ports.remove(most);
                peaks.remove(most);
            }
        }
    }

    /** The hottest ports, deepest peak first. */
    List<PortSeries> ports() {
        return List.copyOf(ports);
    }

    /** Of {@link #ports()}, those that ever queued anything. */
    List<PortSeries> queuedPorts() {
        List<PortSeries> out = new ArrayList<>();
        for (int i = 0; i < ports.size(); i++) {
            if (peaks.get(i) > 0) {
                out.add(ports.get(i));
            }
        }
        return out;
    }

    /** How many ports were offered. */
    int offered() {
        return offered;
    }

    /** How many of them ever queued anything. */
    int queued() {
        return queued;
    }
}
