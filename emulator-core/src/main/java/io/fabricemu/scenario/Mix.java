package io.fabricemu.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * Several workloads at once, e.g. an incast with background traffic beside it: the flows of every part, part
 * by part in the order given. A part that draws at random (a permutation) draws from the scenario seed mixed
 * with its index, so two permutations in one mix are not the same permutation, and adding a part after it
 * does not change it.
 */
public record Mix(List<WorkloadSpec> parts) implements WorkloadSpec {
    public Mix {
        parts = List.copyOf(parts);
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("parts must not be empty");
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
    public List<FlowSpec> flows(int hostCount, long seed) {
        List<FlowSpec> flows = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            flows.addAll(parts.get(i).flows(hostCount, partSeed(seed, i)));
        }
        return flows;
    }

    /** The seed part {@code index} draws from: the first part keeps the scenario seed itself. */
    static long partSeed(long seed, int index) {
        return index == 0 ? seed : seed ^ (0x9E3779B97F4A7C15L * index);
    }
}
