package io.fabricemu.switching;

import io.fabricemu.fabric.SwitchConfig;
import io.fabricemu.fabric.SwitchStages;

/** Switch plans for tests: a port's stages are the ones a fabric builds from the same settings. */
public final class TestPlans {
    private TestPlans() {
    }

    /** A switch as {@link SwitchPlan}, with the stages {@link SwitchStages} builds from {@code settings}. */
    public static SwitchPlan of(int node, int[] portElementIds, long[] portRatesBps, SwitchConfig settings,
                                long ecmpSalt, Routes routes, PoolPlan pool) {
        return new SwitchPlan(node, portElementIds, portRatesBps, settings, ecmpSalt, routes, pool,
                new SwitchStages(settings));
    }
}
