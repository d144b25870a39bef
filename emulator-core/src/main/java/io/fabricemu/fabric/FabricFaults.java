package io.fabricemu.fabric;

import io.fabricemu.fault.CableChanges;
import io.fabricemu.fault.Failover;
import io.fabricemu.fault.FailoverIndex;
import io.fabricemu.fault.FailoverRoutes;
import io.fabricemu.fault.FaultGraph;
import io.fabricemu.fault.FaultPlan;
import io.fabricemu.fault.FaultTimelines;
import io.fabricemu.fault.LinkFaults;
import io.fabricemu.fault.LinkTimeline;
import io.fabricemu.net.Ecmp;
import io.fabricemu.switching.PortFaults;
import io.fabricemu.topology.Cable;
import io.fabricemu.topology.Topology;
import java.util.Arrays;

/**
 * What a fabric's faults give each of its elements, built once and shared read-only: the timeline of every link
 * direction ({@code 2 * cable + d}, {@code d = 0} from the cable's end A to its end B), the cables that ever go down
 * and the failover times. A healthy fabric's elements get nothing from it.
 */
final class FabricFaults implements FaultGraph {
    private final Topology topology;
    private final FaultPlan plan;
    private final Failover failover;
    private final LinkTimeline[] timelines;
    /** The cables that ever go down, or null when none does (routes never change). */
    private final FailoverIndex downCables;

    FabricFaults(Topology topology, FaultPlan plan, Failover failover) {
        this.topology = topology;
        this.plan = plan;
        this.failover = failover;
        this.timelines = FaultTimelines.of(plan, 2 * topology.cableCount());
        int[] cables = new int[topology.cableCount()];
        int n = 0;
        for (int c = 0; c < cables.length; c++) {
            if (timelines[2 * c].goesDown() || timelines[2 * c + 1].goesDown()) {
                cables[n++] = c;
            }
        }
        this.downCables = n == 0 ? null : new FailoverIndex(Arrays.copyOf(cables, n));
    }

    FaultPlan plan() {
        return plan;
    }

    /** The faults of link direction {@code direction}. */
    LinkTimeline timeline(int direction) {
        return timelines[direction];
    }

    /**
     * What the switch port at ({@code node}, {@code port}), whose outgoing direction is {@code outDirection}, needs of
     * the faults, or null in a healthy fabric.
     */
    PortFaults port(int node, int port, int outDirection) {
        if (plan.isEmpty()) {
            return null;
        }
        Cable c = topology.cableAt(node, port);
        FailoverRoutes routes = downCables == null ? null
                : new FailoverRoutes(node, this, downCables, topology.hostCount());
        CableChanges changes = CableChanges.of(timelines[2 * c.id()], timelines[2 * c.id() + 1], failover.detectPs());
        return new PortFaults(timelines[outDirection], routes, c.id(), changes, failover.convergePs());
    }

    /**
     * Whether link direction {@code direction} is healthy: no fault touches it, and it loses nothing with
     * {@code everyLinkLoss} besides its cable's own loss ({@link LinkLoss}).
     */
    boolean healthy(int direction, double everyLinkLoss) {
        double cableLoss = topology.cable(direction / 2).spec().lossProbability();
        return LinkLoss.of(everyLinkLoss, cableLoss) == 0 && timelines[direction].healthy();
    }

    /**
     * What link direction {@code direction} (element {@code elementId}) does to the packets it carries, or null when
     * no fault touches it; its loss draws are seeded from the scenario's {@code seed} and the element.
     */
    LinkFaults link(int direction, int elementId, long seed) {
        LinkTimeline timeline = timelines[direction];
        if (timeline.healthy()) {
            return null;
        }
        Cable c = topology.cable(direction / 2);
        boolean aToB = direction % 2 == 0;
        int from = aToB ? c.nodeA() : c.nodeB();
        int to = aToB ? c.nodeB() : c.nodeA();
        int toPort = aToB ? c.portB() : c.portA();
        return new LinkFaults(timeline, c.spec().rateBps(), topology.isHost(from),
                Ecmp.mix(seed ^ (0xFA17_0000_0000L + elementId)),
                topology.name(from) + " -> " + topology.name(to), FabricBuilder.portName(topology, to, toPort));
    }

    @Override
    public int[] nextPorts(int node, int dstHost) {
        return topology.nextPorts(node, dstHost);
    }

    @Override
    public int peerNode(int node, int port) {
        return topology.peerNode(node, port);
    }

    @Override
    public int cableAt(int node, int port) {
        return topology.cableAt(node, port).id();
    }

    @Override
    public boolean isHost(int node) {
        return topology.isHost(node);
    }
}
