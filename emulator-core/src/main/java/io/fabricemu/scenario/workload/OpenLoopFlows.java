package io.fabricemu.scenario.workload;

import java.util.Arrays;
import java.util.List;

/** Which flows of a workload an open-loop load ({@link OpenLoop}) made: the flows FCT slowdown is computed for. */
public final class OpenLoopFlows {
    private OpenLoopFlows() {
    }

    /** True if {@code workload} is an open-loop load or a mix with one among its parts. */
    public static boolean any(WorkloadSpec workload) {
        if (workload instanceof Mix mix) {
            return mix.parts().stream().anyMatch(p -> p instanceof OpenLoop);
        }
        return workload instanceof OpenLoop;
    }

    /**
     * {@code result[i]} is true if flow {@code i} of {@code workload.flows(hostCount, seed)} (of {@code flowCount}
     * flows) is an open-loop flow; a mix's parts take their flows in order, each {@link WorkloadSpec#flowCount} long.
     */
    public static boolean[] marks(WorkloadSpec workload, int hostCount, int flowCount) {
        boolean[] marks = new boolean[flowCount];
        if (workload instanceof OpenLoop) {
            Arrays.fill(marks, true);
        } else if (workload instanceof Mix mix) {
            List<WorkloadSpec> parts = mix.parts();
            int base = 0;
            for (WorkloadSpec part : parts) {
                int count = Math.toIntExact(part.flowCount(hostCount));
                if (part instanceof OpenLoop) {
                    Arrays.fill(marks, base, base + count, true);
                }
                base += count;
            }
        }
        return marks;
    }
}
