package io.fabricemu.cluster;

import akka.actor.Address;
import akka.cluster.ClusterEvent;

/** What a cluster event says of a member a driver counts on: that it is lost, and how; or nothing. */
final class MemberEvents {
    private MemberEvents() {
    }

    /** A member lost: its address, and what happened to it in a few words. */
    record Loss(Address address, String what) {
    }

    /** The loss {@code e} reports, or null for an event that loses nobody (a member joined, became reachable). */
    static Loss lossOf(ClusterEvent.ClusterDomainEvent e) {
        if (e instanceof ClusterEvent.UnreachableMember u) {
            return new Loss(u.member().address(), "became unreachable (no heartbeat for over "
                    + MemberConfig.HEARTBEAT_PAUSE_MS / 1000 + " s)");
        }
        if (e instanceof ClusterEvent.MemberRemoved r) {
            return new Loss(r.member().address(), "was removed from the cluster");
        }
        if (e instanceof ClusterEvent.MemberExited x) {
            return new Loss(x.member().address(), "left the cluster");
        }
        if (e instanceof ClusterEvent.MemberDowned d) {
            return new Loss(d.member().address(), "was downed");
        }
        return null;
    }
}
