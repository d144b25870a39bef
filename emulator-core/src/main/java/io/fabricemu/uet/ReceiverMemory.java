package io.fabricemu.uet;

import io.fabricemu.cc.AckCc;
import io.fabricemu.time.Ps;

/**
 * The memory write path of a UET receiver NIC: a buffer in front of the memory (HBM) controller, which
 * retires the payload of arriving data packets at a fixed rate, and the destination flow control signals
 * ({@code rcv_cwnd_pend} and the {@code rc} restore flag) the NIC derives from that buffer's occupancy.
 *
 * <h2>The write path</h2>
 * "Local Congestion", in the Introduction post that {@link MemoryParams} cites, has the NIC write RMA payloads
 * into GPU memory by DMA through the HBM
 * controller, which arbitrates them with every other access; when the packets arrive faster than the
 * controller's "transactional retirement rate" ("NSCC Destination Flow Control", Figure 6-14) they wait in
 * "internal buffers at the memory interface". Here the controller is one server retiring writes first-in
 * first-out, one at a time, at {@link MemoryParams#writeRateBps()}: a write starts at the later of its
 * arrival and the end of the previous write, and takes {@link Ps#serializationPs} of its bytes at that rate,
 * rounded up to a whole picosecond for each write. Vector: at 100 Gb/s a 4,096 B write takes 327,680 ps, so
 * four packets arriving together commit at 327,680, 655,360, 983,040 and 1,310,720 ps.
 *
 * <p>Occupancy at time {@code t} is the bytes of admitted writes that have not committed by {@code t}
 * (commit time {@code > t}); a write in progress counts in full. A packet arriving at {@code t} is admitted
 * if occupancy at {@code t} plus its bytes is at most {@link MemoryParams#bufferBytes()}, and otherwise
 * dropped: counted, and with no other effect. Arbitration against the GPU's own accesses is not modelled;
 * a lower {@code writeRateBps} stands for the share the NIC gets.
 *
 * <h2>When the ACK_CC leaves</h2>
 * The ACK_CC for a packet is sent when its write commits, the time {@link #admit} returns: the nwktimes.blogspot.com
 * RCCC post ("Credit Allocation and Flow") returns credits in ACK_CCs "once data is successfully committed", and the
 * {@code service_time} an ACK_CC carries, rx to response, includes "data writing" ("Inflight Bytes and CWND
 * Adjustment", section "CWND Adjustment"). So the service time includes the wait in this buffer, the
 * sender's queuing delay sees the fabric only, and the memory speaks through {@code rcv_cwnd_pend} instead.
 *
 * <h2>Destination flow control</h2>
 * For every ACK_CC it generates, at the time {@code t} the ACK_CC is sent, the NIC calls
 * {@link #rcvCwndPend}{@code (t)} and, for a sender it has penalised, {@link #restoreLevelReached}{@code (t)},
 * and puts the results in the ACK_CC's {@code rcv_cwnd_pend} field and {@code rc} flag (UE 1.0, NSCC;
 * Figure 6-12 of "Ultra Ethernet: Inflight Bytes and CWND Adjustment", nwktimes.blogspot.com).
 * <ul>
 *   <li>{@code rcv_cwnd_pend}: 0 while occupancy is at most {@link MemoryParams#penaltyThresholdBytes()};
 *       above it, {@code ceil(127 x (occupancy - threshold) / (buffer - threshold))}, rising linearly to 127
 *       at a full buffer. The blog gives only the scale (0 ignored, 127 the strongest decrement) and an
 *       example value, 64, a 50% penalty on the newly acknowledged bytes; the linear ramp and its rounding
 *       up (any occupancy above the threshold gives at least 1) are our choice. Vector: threshold
 *       65,536 B, buffer 131,072 B, occupancy 98,304 B: {@code ceil(127 x 32,768 / 65,536) = ceil(63.5) =
 *       64}, the blog's value.</li>
 *   <li>The restore flag, the {@code rc} flag of the ACK_CC ("the original CWND can be utilized again"): the
 *       blog does not say when the receiver sets it; the hysteresis here is our choice. An ACK_CC with a
 *       non-zero pend starts a penalty episode for the sender context it goes to; the first ACK_CC to that
 *       context sent once occupancy has fallen to {@code penaltyThresholdBytes / 2} (rounded down) or below
 *       ({@link #restoreLevelReached}) carries {@code rc} and ends its episode. Between half
 *       the threshold and the threshold neither signal is sent, so a buffer hovering at the threshold does
 *       not make the senders alternate between cutting and restoring. A non-zero pend and a restore never
 *       go in the same ACK_CC: the first needs occupancy above the threshold, the second at or below half
 *       of it.</li>
 * </ul>
 * Episodes belong to the sender contexts, not to the memory, so every penalised sender is told to restore:
 * the NIC keeps them ({@link UetReceiver}).
 *
 * <p>Time is integer picoseconds and never goes backwards: each method taking {@code nowPs} rejects a value
 * below the largest one seen by any of them. The pending writes are kept in two parallel power-of-two ring
 * arrays, commit time and size, and retired as time passes.
 */
public final class ReceiverMemory {
    private static final int INITIAL_CAPACITY = 16;

    private final MemoryParams params;
    private long[] commitPs = new long[INITIAL_CAPACITY];
    private int[] sizeBytes = new int[INITIAL_CAPACITY];
    private int head;
    private int count;

    private long nowPs;
    /** When the last admitted write finishes; a new write starts no earlier. */
    private long lastCommitPs;
    /** Bytes admitted and not yet retired: the occupancy at {@link #nowPs}. */
    private long queuedBytes;
    private long admittedBytes;
    private long peakOccupancyBytes;
    private long droppedPackets;
    private long droppedBytes;

    /** An empty buffer and an idle memory controller at time 0. */
    public ReceiverMemory(MemoryParams params) {
        if (params == null) {
            throw new IllegalArgumentException("params must not be null");
        }
        this.params = params;
    }

    /**
     * The payload of a data packet, {@code bytes} long, arrives at {@code nowPs}.
     *
     * @return when its write commits, in ps, or -1 if the buffer cannot hold it (then it is dropped and
     *     counted, and nothing else changes)
     */
    public long admit(long nowPs, int bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("bytes must be > 0, was " + bytes);
        }
        advanceTo(nowPs);
        if (bytes > params.bufferBytes() - queuedBytes) { // occupancy + bytes > buffer, without overflow
            droppedPackets++;
            droppedBytes += bytes;
            return -1;
        }
        long startPs = Math.max(nowPs, lastCommitPs);
        long doneAtPs = Math.addExact(startPs, Ps.serializationPs(bytes, params.writeRateBps()));
        push(doneAtPs, bytes);
        lastCommitPs = doneAtPs;
        queuedBytes += bytes;
        admittedBytes = Math.addExact(admittedBytes, bytes);
        peakOccupancyBytes = Math.max(peakOccupancyBytes, queuedBytes);
        return doneAtPs;
    }

    /** Bytes admitted whose write has not committed by {@code nowPs}, a write in progress included. */
    public long occupancyBytes(long nowPs) {
        advanceTo(nowPs);
        return queuedBytes;
    }

    /** The {@code rcv_cwnd_pend} for an ACK_CC sent at {@code nowPs}, 0 to 127 (see the class comment). */
    public int rcvCwndPend(long nowPs) {
        advanceTo(nowPs);
        long threshold = params.penaltyThresholdBytes();
        if (queuedBytes <= threshold) {
            return 0;
        }
        long numerator = Math.multiplyExact((long) AckCc.MAX_RCV_CWND_PEND, queuedBytes - threshold);
        long range = params.bufferBytes() - threshold;
        long pend = numerator / range + (numerator % range == 0 ? 0 : 1);
        return (int) Math.min(pend, AckCc.MAX_RCV_CWND_PEND);
    }

    /**
     * Whether occupancy at {@code nowPs} is at most {@code penaltyThresholdBytes / 2} (rounded down): low
     * enough for an ACK_CC to a penalised sender to carry {@code rc}.
     */
    public boolean restoreLevelReached(long nowPs) {
        advanceTo(nowPs);
        return queuedBytes <= params.penaltyThresholdBytes() / 2;
    }

    /** The largest occupancy there has been, in bytes. */
    public long peakOccupancyBytes() {
        return peakOccupancyBytes;
    }

    /** Packets dropped because the buffer could not hold them. */
    public long droppedPackets() {
        return droppedPackets;
    }

    /** Payload bytes of the dropped packets. */
    public long droppedBytes() {
        return droppedBytes;
    }

    /** Bytes whose write finished at or before {@code nowPs}. */
    public long committedBytes(long nowPs) {
        advanceTo(nowPs);
        return admittedBytes - queuedBytes;
    }

    /** The parameters this memory was built with. */
    public MemoryParams params() {
        return params;
    }

    /** Moves the clock to {@code nowPs} and retires the writes committed by then. */
    private void advanceTo(long nowPs) {
        if (nowPs < this.nowPs) {
            throw new IllegalArgumentException("nowPs must be >= " + this.nowPs
                    + " (time never goes backwards), was " + nowPs);
        }
        this.nowPs = nowPs;
        int mask = commitPs.length - 1;
        while (count > 0 && commitPs[head] <= nowPs) {
            queuedBytes -= sizeBytes[head];
            head = (head + 1) & mask;
            count--;
        }
    }

    private void push(long doneAtPs, int bytes) {
        if (count == commitPs.length) {
            grow();
        }
        int tail = (head + count) & (commitPs.length - 1);
        commitPs[tail] = doneAtPs;
        sizeBytes[tail] = bytes;
        count++;
    }

    /** Doubles the rings, unwrapping them so that the oldest write is at index 0. */
    private void grow() {
        int capacity = commitPs.length;
        long[] newCommitPs = new long[capacity * 2];
        int[] newSizeBytes = new int[capacity * 2];
        int firstPart = capacity - head;
        System.arraycopy(commitPs, head, newCommitPs, 0, firstPart);
        System.arraycopy(commitPs, 0, newCommitPs, firstPart, head);
        System.arraycopy(sizeBytes, head, newSizeBytes, 0, firstPart);
        System.arraycopy(sizeBytes, 0, newSizeBytes, firstPart, head);
        commitPs = newCommitPs;
        sizeBytes = newSizeBytes;
        head = 0;
    }
}
