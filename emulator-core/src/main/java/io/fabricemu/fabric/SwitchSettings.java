package io.fabricemu.fabric;

/**
 * Settings every switch of a fabric shares.
 *
 * @param latencyPs          pipeline latency, ingress to egress, greater than zero
 * @param mode               cut-through or store-and-forward
 * @param queueBytesPerClass tail-drop limit of each egress queue (port x traffic class)
 * @param trafficClasses     egress classes per port
 * @param sharedBufferBytes  size of each switch's shared buffer pool, which queues borrow from beyond their
 *                           own limit; 0 means no pool
 */
public record SwitchSettings(long latencyPs, ForwardingMode mode, long queueBytesPerClass, int trafficClasses,
                             long sharedBufferBytes) {
    public SwitchSettings {
        if (latencyPs <= 0 || queueBytesPerClass <= 0 || trafficClasses < 2 || sharedBufferBytes < 0) {
            throw new IllegalArgumentException("latencyPs " + latencyPs + ", queueBytesPerClass "
                    + queueBytesPerClass + ", trafficClasses " + trafficClasses + ", sharedBufferBytes "
                    + sharedBufferBytes);
        }
    }
}
