package io.fabricemu.baseline;

import io.fabricemu.host.Nic;
import io.fabricemu.host.NicSetup;
import io.fabricemu.pfc.PfcPauses;

/**
 * A host's NIC running the baseline reliable transport ({@link BaselineProtocol}) for the flows it sends and
 * receives.
 *
 * <p>Its transmitter serves ACKs first (control class), then data packets, taking flows in round-robin
 * order among those whose window (and pacing) lets a packet go. Every data packet is acknowledged with
 * the cumulative PSN as soon as its last bit has arrived. Each flow has at most one pending
 * retransmission timer event, re-armed lazily when its deadline moves.
 *
 * <p>PFC: the NIC honours the pause frames its switch sends ({@link PfcPauses}): while the data class is
 * paused it starts no data packet; ACKs, in the control class, keep going.
 */
public final class BaselineNic extends Nic {
    /**
     * @param setup       where the NIC sits and the flows it carries
     * @param windowBytes payload bytes each flow may have in flight ({@link FixedWindow})
     */
    public BaselineNic(NicSetup setup, long windowBytes) {
        super(setup, nic -> new BaselineProtocol(setup, windowBytes, nic));
    }
}
