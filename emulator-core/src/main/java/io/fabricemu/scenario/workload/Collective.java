package io.fabricemu.scenario.workload;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.fabric.WorkloadChecks;
import io.fabricemu.net.Packets;
import io.fabricemu.topology.FabricCounts;
import java.util.ArrayList;
import java.util.List;

/**
 * A collective operation of AI training as a workload: its ranks exchange data in steps, each step's transfers
 * made flows that wait for the flows of the step before ({@link FlowSpec#after}), as NCCL runs them step by step
 * and as packet simulators driven by collective schedules (SimAI, ASTRA-sim; the UEC's htsim with flows
 * triggered by the end of others) express them. {@code bytes} is each rank's buffer as nccl-tests counts it (its
 * PERFORMANCE.md): the all-reduce's buffer, the all-gather's output, the reduce-scatter's input and the
 * all-to-all's send buffer; with n ranks every step moves a slice of it.
 *
 * <ul>
 * <li>all-reduce, ring: 2(n-1) steps (reduce-scatter, then all-gather), in each every rank sends one slice,
 *     bytes/n, to the next rank and forwards in the next step what it has just received.</li>
 * <li>all-reduce, halving-doubling (Rabenseifner; n a power of two): log2(n) steps of recursive halving, rank i
 *     sending bytes/2, bytes/4, ..., bytes/n to partner i XOR n/2, i XOR n/4, ..., i XOR 1, then log2(n) steps of
 *     recursive doubling, the same sizes in reverse to i XOR 1, i XOR 2, ..., i XOR n/2.</li>
 * <li>all-gather and reduce-scatter, ring: n-1 steps, each rank sending one slice to the next.</li>
 * <li>all-to-all, pairwise: n-1 steps, in step s rank i sends its slice for rank i+s and receives from i-s; a
 *     rank moves on once both are done. all-to-all, simultaneous: every slice at once, n(n-1) flows.</li>
 * </ul>
 * Slices are bytes/n, the first bytes mod n of them one byte more. With {@code chunks} c, each transfer is c
 * flows of a c-th of it: chunk k of a step waits for chunk k of the step before, and the chunks of one transfer
 * leave in order ({@link FlowSpec#follows}), so a rank can forward a chunk while the rest are still coming.
 * Iteration t+1 begins at a rank {@code computeGap} after the rank's last step of iteration t is done (what it
 * received and sent then), as the next layer's compute would; the first iteration begins at {@code start}.
 *
 * @param kind         one of {@link #KINDS}
 * @param algorithm    one of {@link #algorithms}
 * @param ranks        the hosts of the ranks, in rank order, at least 2, none twice
 * @param chunks       pieces each transfer is cut into, at least 1
 * @param iterations   times the collective runs, at least 1
 * <p>Rank skew ({@code skewMaxPs} > 0): real ranks do not finish their compute at the same time. Each rank's every
 * step is delayed by its own skew, drawn uniformly from 0 to {@code skewMaxPs} per rank, iteration and step from
 * the scenario seed (its own stream, so other workloads draw as before): the rank's sends of the step start that
 * much later, and the rank posts its receives for the step as its own send of the same chunk starts
 * ({@link FlowSpec#recvWith}). A rank that is early sends into a neighbour that has not posted its receive yet;
 * under Ultra Ethernet the neighbour answers with requests to wait (US 12,388,756 ¶(59)). Without skew every
 * receive is posted in time, as before; with {@code prePosted} too (receives posted ahead, as a library that keeps
 * its receive buffers posted does), which leaves the skew's own cost.
 *
 * @param computeGapPs idle time at a rank between iterations
 * @param skewMaxPs    the largest delay of a rank's step, 0 for none
 * @param prePosted    with skew: every receive is posted in time all the same
 */
public record Collective(String kind, String algorithm, List<Integer> ranks, long bytes, int chunks, int iterations,
                         long computeGapPs, long startPs, long skewMaxPs, boolean prePosted)
        implements WorkloadSpec {
    public static final List<String> KINDS = List.of("all-reduce", "all-gather", "reduce-scatter", "all-to-all");

    /** A collective whose ranks keep in step. */
    public Collective(String kind, String algorithm, List<Integer> ranks, long bytes, int chunks, int iterations,
                      long computeGapPs, long startPs) {
        this(kind, algorithm, ranks, bytes, chunks, iterations, computeGapPs, startPs, 0, false);
    }

    public Collective {
        ranks = List.copyOf(ranks);
        if (skewMaxPs < 0) {
            throw new IllegalArgumentException("skewMaxPs must be >= 0, was " + skewMaxPs);
        }
        if (!KINDS.contains(kind) || !algorithms(kind).contains(algorithm)) {
            throw new IllegalArgumentException("kind " + kind + " with algorithm " + algorithm + " is not a collective");
        }
        if (ranks.size() < 2 || ranks.stream().distinct().count() != ranks.size()) {
            throw new IllegalArgumentException("ranks must be at least 2 distinct hosts, were " + ranks);
        }
        if (algorithm.equals("halving-doubling") && Integer.bitCount(ranks.size()) != 1) {
            throw new IllegalArgumentException("ranks: halving-doubling needs a power of two ranks, had "
                    + ranks.size());
        }
        if (chunks < 1 || iterations < 1 || computeGapPs < 0) {
            throw new IllegalArgumentException("chunks " + chunks + " and iterations " + iterations
                    + " must be >= 1, computeGapPs " + computeGapPs + " >= 0");
        }
        WorkloadChecks.bytesAndStart(bytes, startPs);
        long smallest = minBytes(ranks.size(), chunks);
        if (bytes < smallest) {
            throw new IllegalArgumentException("bytes " + bytes + " is too few for " + ranks.size() + " ranks in "
                    + chunks + " chunks: every chunk of every step needs a byte, so at least " + smallest);
        }
    }

    /** The algorithms {@code kind} allows, the default first. */
    public static List<String> algorithms(String kind) {
        return switch (kind) {
            case "all-reduce" -> List.of("ring", "halving-doubling");
            case "all-to-all" -> List.of("pairwise", "simultaneous");
            default -> List.of("ring");
        };
    }

    /**
     * The fewest bytes that give every chunk of every step at least one byte: the smallest transfer of every
     * algorithm is a slice, bytes/n (halving-doubling's last halving step and first doubling step too).
     */
    public static long minBytes(int n, int chunks) {
        return Math.multiplyExact((long) n, chunks);
    }

    /** The steps of one iteration: each a list of transfers {from rank, to rank, bytes}. */
    List<long[][]> steps() {
        int n = ranks.size();
        List<long[][]> steps = new ArrayList<>();
        switch (kind + "/" + algorithm) {
            case "all-reduce/ring" -> {
                for (int s = 0; s < 2 * (n - 1); s++) {
                    int step = s;
                    steps.add(ring(i -> step < n - 1 ? i - step : i + 1 - (step - (n - 1))));
                }
            }
            case "all-gather/ring" -> {
                for (int s = 0; s < n - 1; s++) {
                    int step = s;
                    steps.add(ring(i -> i - step));
                }
            }
            case "reduce-scatter/ring" -> {
                for (int s = 0; s < n - 1; s++) {
                    int step = s;
                    steps.add(ring(i -> i - step - 1));
                }
            }
            case "all-reduce/halving-doubling" -> {
                int log = Integer.numberOfTrailingZeros(n);
                for (int k = 0; k < log; k++) {
                    steps.add(exchange(n >> (k + 1), bytes >> (k + 1)));
                }
                for (int k = 0; k < log; k++) {
                    steps.add(exchange(1 << k, bytes >> (log - k)));
                }
            }
            case "all-to-all/pairwise" -> {
                for (int s = 1; s < n; s++) {
                    long[][] step = new long[n][];
                    for (int i = 0; i < n; i++) {
                        int to = (i + s) % n;
                        step[i] = new long[] {i, to, slice(to)};
                    }
                    steps.add(step);
                }
            }
            case "all-to-all/simultaneous" -> {
                long[][] step = new long[n * (n - 1)][];
                int t = 0;
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                        if (j != i) {
                            step[t++] = new long[] {i, j, slice(j)};
                        }
                    }
                }
                steps.add(step);
            }
            default -> throw new AssertionError(kind + "/" + algorithm);
        }
        return steps;
    }

    /** Whether a rank's next step waits for what it sent in this one too (pairwise exchange), not only received. */
    boolean waitsForSends() {
        return algorithm.equals("pairwise");
    }

    /** A ring step: every rank i sends slice {@code slice(i)} (mod n) to rank i+1. */
    private long[][] ring(java.util.function.IntUnaryOperator sliceOf) {
        int n = ranks.size();
        long[][] step = new long[n][];
        for (int i = 0; i < n; i++) {
            step[i] = new long[] {i, (i + 1) % n, slice(Math.floorMod(sliceOf.applyAsInt(i), n))};
        }
        return step;
    }

    /** Every rank i sends {@code size} bytes to rank i XOR {@code distance}. */
    private long[][] exchange(int distance, long size) {
        int n = ranks.size();
        long[][] step = new long[n][];
        for (int i = 0; i < n; i++) {
            step[i] = new long[] {i, i ^ distance, size};
        }
        return step;
    }

    /** Slice {@code j} of the buffer: bytes/n, one more for the first bytes mod n. */
    private long slice(int j) {
        int n = ranks.size();
        return bytes / n + (j < bytes % n ? 1 : 0);
    }

    /**
     * Counted, as {@link #packetCount}, by arithmetic from the steps' shapes rather than by making them: the size
     * check runs before anything is built, and the all-to-all steps of n ranks hold n^2 transfers.
     */
    @Override
    public long flowCount(int hostCount) {
        long n = ranks.size();
        long perIteration = algorithm.equals("simultaneous") ? n * (n - 1) : n * stepCount();
        return FabricCounts.times(FabricCounts.times(perIteration, chunks), iterations);
    }

    @Override
    public long packetCount(int hostCount, int payloadBytes) {
        int n = ranks.size();
        long packets = 0;
        if (algorithm.equals("halving-doubling")) {
            // n transfers of bytes/2 ... bytes/n halving, the same sizes again doubling
            for (int k = 1; k <= Integer.numberOfTrailingZeros(n); k++) {
                packets = FabricCounts.plus(packets, FabricCounts.times(2L * n, packetsOf(bytes >> k, payloadBytes)));
            }
        } else {
            // every other step sends each of the n slices once (simultaneous: n - 1 times in its one step)
            long slices = FabricCounts.plus(FabricCounts.times(bytes % n, packetsOf(bytes / n + 1, payloadBytes)),
                    FabricCounts.times(n - bytes % n, packetsOf(bytes / n, payloadBytes)));
            packets = FabricCounts.times(slices, algorithm.equals("simultaneous") ? n - 1 : stepCount());
        }
        return FabricCounts.times(packets, iterations);
    }

    /** The packets of one transfer of {@code transferBytes} cut into chunks ({@link #chunkBytes}). */
    private long packetsOf(long transferBytes, int payloadBytes) {
        long larger = transferBytes % chunks;
        return FabricCounts.plus(FabricCounts.times(larger, Packets.of(transferBytes / chunks + 1, payloadBytes)),
                FabricCounts.times(chunks - larger, Packets.of(transferBytes / chunks, payloadBytes)));
    }

    /** How many steps {@link #steps} makes. */
    private int stepCount() {
        int n = ranks.size();
        return switch (algorithm) {
            case "halving-doubling" -> 2 * Integer.numberOfTrailingZeros(n);
            case "simultaneous" -> 1;
            default -> kind.equals("all-reduce") ? 2 * (n - 1) : n - 1;
        };
    }

    /** Chunk {@code k} of a transfer of {@code bytes}: bytes/chunks, one more for the first bytes mod chunks. */
    long chunkBytes(long transferBytes, int k) {
        return transferBytes / chunks + (k < transferBytes % chunks ? 1 : 0);
    }

    @Override
    public List<FlowSpec> flows(int hostCount, long seed) {
        for (int host : ranks) {
            HostRange.require("ranks", host, hostCount);
        }
        return new CollectiveSchedule(this, seed).flows(FlowCounts.listable(kind + " of " + ranks.size() + " ranks",
                flowCount(hostCount)));
    }

    @Override
    public List<CollectiveSpan> collectives(int hostCount) {
        int perIteration = (int) (flowCount(hostCount) / iterations);
        int steps = stepCount();
        List<CollectiveSpan> spans = new ArrayList<>(iterations);
        for (int t = 0; t < iterations; t++) {
            spans.add(new CollectiveSpan(kind, kind, algorithm, ranks, bytes, t, steps, t * perIteration,
                    (t + 1) * perIteration));
        }
        return spans;
    }
}
