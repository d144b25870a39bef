package io.fabricemu.scenario.workload;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.topology.FabricCounts;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Several workloads at once, e.g. an incast with background traffic beside it: the flows of every part, part
 * by part in the order given, each flow in the group named after its part, so that results can say how the
 * incast and the background each fared. A part that draws at random (a permutation) draws from the scenario
 * seed mixed with its index, so two permutations in one mix are not the same permutation, and adding a part
 * after it does not change it. A flow that waits for others ({@link FlowSpec#after}) waits for flows of its own
 * part, its indices moved by where the part's flows begin in the mix's list.
 *
 * @param names the parts' group names, distinct and not empty
 * @param parts the workloads, none of them a mix
 */
public record Mix(List<String> names, List<WorkloadSpec> parts) implements WorkloadSpec {
    public Mix {
        names = List.copyOf(names);
        parts = List.copyOf(parts);
        if (parts.isEmpty() || names.size() != parts.size()) {
            throw new IllegalArgumentException("a mix needs at least one part and one name per part, had "
                    + parts.size() + " parts and " + names.size() + " names");
        }
        Set<String> seen = new HashSet<>();
        for (String name : names) {
            if (name.isEmpty() || !seen.add(name)) {
                throw new IllegalArgumentException("part name '" + name + "' is empty or used twice");
            }
        }
        for (WorkloadSpec part : parts) {
            if (part instanceof Mix) {
                throw new IllegalArgumentException("a mix cannot contain a mix; list its parts directly");
            }
        }
    }

    @Override
    public String kind() {
        return "mix";
    }

    @Override
    public long flowCount(int hostCount) {
        long flows = 0;
        for (WorkloadSpec part : parts) {
            flows = FabricCounts.plus(flows, part.flowCount(hostCount));
        }
        return flows;
    }

    @Override
    public long packetCount(int hostCount, int payloadBytes) {
        long packets = 0;
        for (WorkloadSpec part : parts) {
            packets = FabricCounts.plus(packets, part.packetCount(hostCount, payloadBytes));
        }
        return packets;
    }

    @Override
    public List<FlowSpec> flows(int hostCount, long seed) {
        List<FlowSpec> flows = new ArrayList<>(FlowCounts.listable("the mix", flowCount(hostCount)));
        for (int i = 0; i < parts.size(); i++) {
            int base = flows.size();
            for (FlowSpec f : parts.get(i).flows(hostCount, partSeed(seed, i))) {
                flows.add(f.shifted(base).inGroup(names.get(i)));
            }
        }
        return flows;
    }

    /**
     * Every part's collectives, named after their part (PART-NAME when the part's own have several names, as a
     * Chakra trace's do), their flows where the part's begin in the mix.
     */
    @Override
    public List<CollectiveSpan> collectives(int hostCount) {
        List<CollectiveSpan> spans = new ArrayList<>();
        long base = 0;
        for (int i = 0; i < parts.size(); i++) {
            List<CollectiveSpan> own = parts.get(i).collectives(hostCount);
            boolean named = own.stream().map(CollectiveSpan::name).distinct().count() > 1;
            for (CollectiveSpan span : own) {
                spans.add(span.moved(named ? names.get(i) + "-" + span.name() : names.get(i),
                        Math.toIntExact(base)));
            }
            base += parts.get(i).flowCount(hostCount);
        }
        return spans;
    }

    /** The one part that is a Chakra trace, where its flows begin, its collectives named as above; else none. */
    Optional<ChakraPart> chakraPart(int hostCount) {
        ChakraPart found = null;
        long base = 0;
        for (int i = 0; i < parts.size(); i++) {
            if (parts.get(i) instanceof Chakra chakra) {
                if (found != null) {
                    return Optional.empty();
                }
                boolean named = chakra.collectives(hostCount).stream().map(CollectiveSpan::name).distinct().count() > 1;
                found = new ChakraPart(chakra.hosts(), ChakraPart.renamed(chakra.timeline(), names.get(i), named),
                        Math.toIntExact(base), Math.toIntExact(chakra.flowCount(hostCount)));
            }
            base += parts.get(i).flowCount(hostCount);
        }
        return Optional.ofNullable(found);
    }

    /** The seed part {@code index} draws from: the first part keeps the scenario seed itself. */
    static long partSeed(long seed, int index) {
        return index == 0 ? seed : seed ^ (0x9E3779B97F4A7C15L * index);
    }
}
