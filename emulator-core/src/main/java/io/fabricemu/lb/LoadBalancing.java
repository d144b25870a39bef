package io.fabricemu.lb;

import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The load-balancing strategies a scenario can name, each with its default parameters, and the factory
 * that makes one per connection.
 */
public enum LoadBalancing {
    /** Per-flow ECMP: one EV per connection, the baseline ({@link FlowEcmp}). */
    ECMP("ecmp"),
    /** Oblivious per-packet spraying: a fresh random EV for every packet ({@link ObliviousSpray}). */
    SPRAY("spray"),
    /** Spraying over a set of EVs, skipping those penalised by ECN, NACKs and timeouts ({@link PenaltyBitmap}). */
    BITMAP("bitmap"),
    /** Recycled entropy packet spraying ({@link Reps}). */
    REPS("reps");

    private final String scenarioName;

    LoadBalancing(String scenarioName) {
        this.scenarioName = scenarioName;
    }

    /** How scenario files spell it. */
    public String scenarioName() {
        return scenarioName;
    }

    /** Every scenario spelling, in declaration order. */
    public static List<String> scenarioNames() {
        return Arrays.stream(values()).map(LoadBalancing::scenarioName).toList();
    }

    /** The strategy spelled {@code name} in a scenario. */
    public static LoadBalancing named(String name) {
        for (LoadBalancing b : values()) {
            if (b.scenarioName.equals(name)) {
                return b;
            }
        }
        throw new IllegalArgumentException("load balancing must be one of " + scenarioNames() + ", was " + name);
    }

    /**
     * A new balancer for one connection.
     *
     * @param flowEntropy  the connection's own EV, used by per-flow ECMP
     * @param random       the connection's own seeded generator, used by the spraying strategies
     * @param switchesTrim whether the fabric's switches trim: REPS then freezes on a timeout
     *                     ({@link Reps.Params#defaults(boolean)}, as htsim's {@code UecMpReps} is given
     *                     {@code !disable_trim})
     */
    public LoadBalancer create(int flowEntropy, RandomGenerator random, boolean switchesTrim) {
        return switch (this) {
            case ECMP -> new FlowEcmp(flowEntropy);
            case SPRAY -> new ObliviousSpray(random);
            case BITMAP -> PenaltyBitmap.create(PenaltyBitmap.Params.defaults(), random);
            case REPS -> Reps.create(Reps.Params.defaults(switchesTrim), random);
        };
    }
}
