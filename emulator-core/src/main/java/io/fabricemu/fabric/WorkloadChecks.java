package io.fabricemu.fabric;

/** Argument checks the workload records share. */
public final class WorkloadChecks {
    private WorkloadChecks() {
    }

    /** Every flow of a workload carries at least one byte and starts at or after time zero. */
    public static void bytesAndStart(long bytes, long startPs) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("bytes must be > 0, was " + bytes);
        }
        if (startPs < 0) {
            throw new IllegalArgumentException("startPs must be >= 0, was " + startPs);
        }
    }
}
