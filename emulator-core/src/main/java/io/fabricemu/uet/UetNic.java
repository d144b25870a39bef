package io.fabricemu.uet;

import io.fabricemu.host.Nic;
import io.fabricemu.host.NicSetup;
import io.fabricemu.pfc.PfcPauses;

/**
 * A host's NIC running the Ultra Ethernet transport ({@link UetProtocol}): the initiator side
 * ({@link UetSender}) for the flows it sends, the target side ({@link UetReceiver}) for those it receives, and
 * one transmitter shared by both. Control packets (ACK_CCs, NACKs, credit) go first, then data in round-robin
 * order over the PDCs. While the switch pauses the data class (PFC, {@link PfcPauses}) no data packet starts;
 * control packets, credit requests included, keep going.
 */
public final class UetNic extends Nic {
    /**
     * @param setup where the NIC sits and the flows it carries
     * @param uet   the Ultra Ethernet transport's settings
     * @param seed  the scenario seed, from which each PDC's load balancer draws
     */
    public UetNic(NicSetup setup, UetPlan uet, long seed) {
        super(setup, nic -> {
            PdcPlanes planes = new PdcPlanes(setup, uet);
            return new UetProtocol(new UetSender(setup, uet, seed, nic, planes), new UetReceiver(setup, uet, nic),
                    planes);
        });
    }
}
