package io.fabricemu.scenario.yaml;

import io.fabricemu.net.Packets;
import io.fabricemu.time.Ps;

/**
 * The global bounds of what a scenario may give, chosen generous for any real use and tight enough that the
 * models' integer arithmetic cannot overflow at them. {@link Field} enforces the time, rate and size bounds on
 * every value it reads, so a binder cannot forget them; binders name the tighter ones.
 *
 * <p>The arithmetic they protect, at the bounds (a long holds up to 9.2 x 10^18):
 * <ul>
 *   <li>Times: every event is scheduled at the time now (before the stop time, at most {@link #MAX_TIME_PS})
 *       plus a delay: a link's flight, a switch latency, a timeout, a pause, a serialization. Each delay the
 *       scenario gives is at most an hour too, so the sum of any 2,500 of them fits.
 *   <li>Rates: a serialization time is {@code bytes x 8 x 10^12 / rateBps}. At {@link #MIN_RATE_BPS} a
 *       port's whole backlog (eight classes of {@link #MAX_BUFFER_BYTES} and a shared pool as large) drains
 *       in 4.9 x 10^18 ps, which still fits. The rate a bandwidth-delay product multiplies stays below
 *       NSCC's own bound (10^15 b/s), and {@code rate x time} products are computed wide.
 *   <li>Buffers, windows and thresholds: products with parts per million ({@code 10^6 x bytes}, ECN and WREB
 *       ramps) and with WREB's level weights ({@code 10^6 x 9 x} {@link #MAX_BUFFER_BYTES}) fit.
 *   <li>Flows: {@code bytes} sums with a packet's payload and headers and with the other flows' bytes of a
 *       host fit; the packet count is checked against {@link #MAX_PACKETS_PER_FLOW} separately.
 * </ul>
 */
public final class Limits {
    /** One hour of virtual time: the longest time a scenario may give, the stop time included. */
    public static final long MAX_TIME_PS = 3_600 * Ps.PER_S;
    /**
     * 1 Mb/s: the slowest rate. Nothing in a datacenter fabric is slower (DCQCN's steps are 20 and 200 Mb/s,
     * its floor 100 Mb/s), and a slower rate would let a full buffer's drain time overflow (see above).
     */
    public static final long MIN_RATE_BPS = 1_000_000L;
    /** 100 Tb/s: the fastest rate, sixty times today's fastest Ethernet port (1.6 Tb/s). */
    public static final long MAX_RATE_BPS = 100_000_000_000_000L;
    /** 1 TiB: the largest flow (and RoCEv2 message), far more than a collective's transfer. */
    public static final long MAX_FLOW_BYTES = 1L << 40;
    /**
     * 64 GiB: the largest buffer, window, threshold or credit; deep-buffer switch chips hold 8 to 16 GB of
     * packet memory in all.
     */
    public static final long MAX_BUFFER_BYTES = 64L << 30;
    /**
     * The most packets one flow may be cut into: receivers and Ultra Ethernet senders keep a bit or an array
     * slot per packet, indexed by an int.
     */
    public static final long MAX_PACKETS_PER_FLOW = Packets.MAX_INDEXED;
    /**
     * 16 MiB: the largest scenario file, some 350,000 explicit flows. The tree of nodes it becomes takes about ten
     * times its size in heap, so a file beyond that is a mistake (or a trace better cut down) long before it is a
     * scenario; it is refused after reading one byte more than this, whatever the file's size.
     */
    public static final int MAX_SCENARIO_BYTES = 16 << 20;
    /**
     * 64 MiB: the largest CSV schedule a scenario may name ({@code workload.schedule}), some 3.4 million flows of 20
     * bytes a line; validating such a file took 11 s and 5.5 GB, most of it the loader's tree before the fabric's
     * size is checked. Like a scenario file it is refused after reading one byte more than this.
     */
    public static final int MAX_SCHEDULE_BYTES = 64 << 20;

    private Limits() {
    }
}
