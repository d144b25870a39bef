package io.fabricemu.results;

/**
 * One flow's outcome.
 *
 * @param id                 flow id (its index in the workload)
 * @param src                sending host
 * @param dst                receiving host
 * @param bytes              payload bytes
 * @param startPs            when the sender started it
 * @param finishPs           when its last byte arrived at the receiver (last bit), or -1 if it did not
 * @param fctPs              flow completion time {@code finishPs - startPs}, or -1
 * @param retransmittedBytes payload bytes the sender sent more than once
 * @param outOfOrderPackets  packets the receiver took while an earlier one was missing (0 under ordered
 *                           delivery); not part of the digest, which predates it
 */
public record FlowResult(int id, int src, int dst, long bytes, long startPs, long finishPs, long fctPs,
                         long retransmittedBytes, long outOfOrderPackets) {

    public boolean finished() {
        return finishPs >= 0;
    }

    /** The canonical line the digest is computed over; changing it changes every digest. */
    String canonical() {
        return id + "," + src + "," + dst + "," + bytes + "," + startPs + "," + finishPs + "," + retransmittedBytes;
    }
}
