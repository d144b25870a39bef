package io.fabricemu.results;

/** Whether, and how soon, the fabric's aggregate goodput came back after a fault ({@link FaultRecovery}). */
public sealed interface Recovery permits Recovery.Back, Recovery.NotBack, Recovery.Unmeasured {

    /**
     * Goodput was back within {@link FaultRecovery#WITHIN_PERCENT}% of its level before the fault.
     *
     * @param afterPs        from the fault to the end of the first interval whose goodput was back
     * @param levelBeforeBps the level before the fault
     */
    record Back(long afterPs, long levelBeforeBps) implements Recovery {
    }

    /**
     * Goodput was not back by the run's last sample.
     *
     * @param levelBeforeBps the level before the fault
     */
    record NotBack(long levelBeforeBps) implements Recovery {
    }

    /**
     * There is nothing to measure against: why (no sampling, a fault at time 0, no traffic before it, no sample
     * after it).
     */
    record Unmeasured(String note) implements Recovery {
    }
}
