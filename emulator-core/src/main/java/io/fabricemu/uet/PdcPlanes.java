package io.fabricemu.uet;

import io.fabricemu.host.NicSetup;
import io.fabricemu.net.DeliveryMode;

/**
 * The planes of every outgoing RUD PDC of one multi-plane NIC ({@link PlanePaths}, one per flow): what the NIC asks
 * before it starts a flow's packet on a port, and what the sender tells it of acknowledgements and timeouts. A NIC
 * of one port, and ordered delivery (ROD, whose cumulative acknowledgements do not say which copy arrived), have
 * none: every call is then a no-op.
 */
final class PdcPlanes {
    private final PlanePaths[] paths;

    PdcPlanes(NicSetup setup, UetPlan uet) {
        int ports = 1 + setup.planes().size();
        if (ports < 2 || uet.deliveryMode() != DeliveryMode.RUD) {
            paths = null;
            return;
        }
        paths = new PlanePaths[setup.outgoing().size()];
        for (int i = 0; i < paths.length; i++) {
            paths[i] = new PlanePaths(ports, setup.transport().rtoPs());
        }
    }

    boolean avoids(int i, int port, long nowPs) {
        return paths != null && paths[i].avoids(port, nowPs);
    }

    void sent(int i, int psn, int port) {
        if (paths != null) {
            paths[i].sent(psn, port);
        }
    }

    void acked(int i, long psn, long nowPs) {
        if (paths != null && psn >= 0) {
            paths[i].acked((int) psn, nowPs);
        }
    }

    void timedOut(int i, int psn, long nowPs) {
        if (paths != null) {
            paths[i].timedOut(psn, nowPs);
        }
    }
}
