package io.fabricemu.fabric;

import java.util.List;

/**
 * Which ports a run's {@code series-ports.csv} and queue plot show besides the hottest, as a scenario's
 * {@code sampling.ports} chooses them (every port is recorded whole; this chooses what is written): a port is shown
 * when any selector takes it. Selectors name a port as {@code ports.csv} does ({@code leaf1:p36}, {@code h7:nic}), a
 * switch or host ({@code switch=spine0}: all its ports), a tier ({@code tier=2}) or {@code all}.
 *
 * @param selectors the selectors, in the order written; none: the hottest ports only
 */
public record PortPick(List<Selector> selectors) {
    /** Nothing chosen: the hottest ports. */
    public static final PortPick HOTTEST = new PortPick(List.of());

    public PortPick {
        selectors = List.copyOf(selectors);
    }

    /** One way of naming ports. */
    public sealed interface Selector permits All, Name, Node, Tier {
        boolean takes(String portId, int tier);
    }

    /** Every port. */
    public record All() implements Selector {
        @Override
        public boolean takes(String portId, int tier) {
            return true;
        }
    }

    /** One port by its id. */
    public record Name(String portId) implements Selector {
        @Override
        public boolean takes(String id, int tier) {
            return id.equals(portId);
        }
    }

    /** Every port of one switch or host. */
    public record Node(String name) implements Selector {
        @Override
        public boolean takes(String portId, int tier) {
            int colon = portId.indexOf(':');
            return colon == name.length() && portId.startsWith(name);
        }
    }

    /** Every port of one tier (0 the hosts' NICs, 1 leaves or ToRs, 2 spines or aggregation, 3 cores). */
    public record Tier(int tier) implements Selector {
        @Override
        public boolean takes(String portId, int portTier) {
            return portTier == tier;
        }
    }

    /** Whether the scenario chose (else the hottest only). */
    public boolean chosen() {
        return !selectors.isEmpty();
    }

    /** Whether a selector takes the port {@code portId} of tier {@code tier}. */
    public boolean takes(String portId, int tier) {
        for (Selector s : selectors) {
            if (s.takes(portId, tier)) {
                return true;
            }
        }
        return false;
    }
}
