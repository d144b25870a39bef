package io.fabricemu.uet;

import io.fabricemu.host.FlowReceiver;
import io.fabricemu.host.NicFlow;
import io.fabricemu.net.DeliveryMode;
import io.fabricemu.net.PdsRequest;

/**
 * A target's packet delivery context (PDC) entries, one per incoming flow that has reached it, as US 12,388,756
 * FIG. 2D handles a data packet (operation 231):
 *
 * <ul>
 *   <li>233: no entry for the packet's PDC and the table full ({@link PdcLimit#entries()} in use): the packet is not
 *       taken, and the caller answers it with a PDC-level receiver-not-ready message (RNR);</li>
 *   <li>235: an entry exists, or one is free and the packet carries SYN: the entry (its id from 1 up, in the order
 *       they are made) takes the packet, whose receive context the caller updates;</li>
 *   <li>237: the entry has received every packet ({@link #completed}): it is removed, freeing its slot. The ACK_CC
 *       of the last packet tells the sender, which closes its PDC. As clause 2 (¶(207)) has it, the PDC is then
 *       complete at the target: what was committed stays known, so a late duplicate is still acknowledged, and
 *       never needs a new entry.</li>
 * </ul>
 *
 * <p>An entry made for a ROD request runs a {@link RodReceiver}; every later request must name the same mode and,
 * once it has the id, address it. Per flow it keeps what the target kept before entries could be removed (an id,
 * negative once removed, and the ROD state), and with a limit the entries in use when the flow's was made. Plain
 * and single-threaded.
 */
final class TargetPdcs {
    private final String name;
    private final NicFlow[] flows;
    private final FlowReceiver[] receivers;
    private final int limit;
    /** Per flow, its PDC id; 0 before its entry, the id negated once the entry is removed. */
    private final int[] ids;
    private final RodReceiver[] rods;
    /** Per flow, the entries in use just after its own was made; null without a limit. */
    private final int[] entriesAtOpen;
    private int nextId = 1;
    private int inUse;
    private int peak;

    /**
     * @param name      the NIC, for messages
     * @param flows     the incoming flows, by index (not copied)
     * @param receivers each incoming flow's receive state, by index (not copied): its packet count
     * @param limit     the most entries at once, 0 for no limit
     */
    TargetPdcs(String name, NicFlow[] flows, FlowReceiver[] receivers, int limit) {
        this.name = name;
        this.flows = flows;
        this.receivers = receivers;
        this.limit = limit;
        this.ids = new int[flows.length];
        this.rods = new RodReceiver[flows.length];
        this.entriesAtOpen = limit > 0 ? new int[flows.length] : null;
    }

    /**
     * A request {@code q} of incoming flow {@code i} arrived (FIG. 2D operation 231).
     *
     * @return true when the flow's PDC has an entry, found or made now (235); false when it has none and the table is
     *     full (233): the packet must not be taken
     */
    boolean admit(int i, PdsRequest q) {
        if (ids[i] == 0) {
            if (!q.syn()) {
                throw new IllegalStateException("NIC " + name + ": flow " + flows[i].flowId() + " sent without SYN to"
                        + " a PDC that does not exist");
            }
            if (limit > 0 && inUse >= limit) {
                return false;
            }
            ids[i] = nextId++;
            inUse++;
            peak = Math.max(peak, inUse);
            if (entriesAtOpen != null) {
                entriesAtOpen[i] = inUse;
            }
            if (q.mode() == DeliveryMode.ROD) {
                rods[i] = new RodReceiver(Math.toIntExact(receivers[i].packetCount()));
            }
        } else if (!q.syn() && q.dpdcid() != id(i)) {
            throw new IllegalStateException("NIC " + name + ": flow " + flows[i].flowId() + " addressed PDC "
                    + q.dpdcid() + ", its PDC is " + id(i));
        }
        if ((rods[i] != null) != (q.mode() == DeliveryMode.ROD)) {
            throw new IllegalStateException("NIC " + name + ": flow " + flows[i].flowId() + " sent a " + q.mode()
                    + " request to its PDC " + id(i) + " of the other delivery mode");
        }
        return true;
    }

    /** Incoming flow {@code i} has every packet (FIG. 2D operation 237): its entry is removed, once. */
    void completed(int i) {
        if (ids[i] > 0) {
            ids[i] = -ids[i];
            inUse--;
        }
    }

    /** Flow {@code i}'s PDC id, the SPDCID of its ACK_CCs; 0 before it has an entry. */
    int id(int i) {
        return Math.abs(ids[i]);
    }

    /** Flow {@code i}'s ordered-delivery state, or null for RUD (or before its entry). */
    RodReceiver rod(int i) {
        return rods[i];
    }

    /** Entries in use now. */
    int inUse() {
        return inUse;
    }

    /** The most entries in use at once so far. */
    int peak() {
        return peak;
    }

    /** Entries in use just after flow {@code i}'s was made, 0 before. */
    int entriesAtOpen(int i) {
        return entriesAtOpen == null ? 0 : entriesAtOpen[i];
    }
}
