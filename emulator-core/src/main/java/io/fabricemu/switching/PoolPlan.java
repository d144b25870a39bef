package io.fabricemu.switching;

/**
 * Where a switch's shared buffer pool is, as its ports see it.
 *
 * @param elementId the pool's element id, or -1 when the switch has no pool
 * @param sizeBytes the pool's size in bytes, 0 when the switch has no pool
 */
public record PoolPlan(int elementId, long sizeBytes) {
    /** A switch without a shared pool: each egress queue has only its dedicated limit. */
    public static final PoolPlan NONE = new PoolPlan(-1, 0);

    public PoolPlan {
        if (sizeBytes < 0 || (elementId < 0) != (sizeBytes == 0)) {
            throw new IllegalArgumentException("a pool has an element id and a size > 0, or neither: elementId "
                    + elementId + ", sizeBytes " + sizeBytes);
        }
    }

    public boolean exists() {
        return sizeBytes > 0;
    }
}
