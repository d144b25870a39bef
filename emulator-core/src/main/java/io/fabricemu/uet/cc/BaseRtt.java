package io.fabricemu.uet.cc;

import io.fabricemu.time.Ps;

/**
 * config_base_rtt built from the components of the longest zero-load path, as the UET congestion management
 * posts ("UET Congestion Management: CCC Base RTT", nwktimes.blogspot.com, Figure 6-7) add them up:
 * <ul>
 *   <li>serialization of one MTU, counted once, on the first link: switches cut through, so the tail of the
 *       frame follows its head through the fabric rather than being re-serialized at every hop;</li>
 *   <li>propagation, 5 ns per metre of fibre (or a given delay);</li>
 *   <li>switching latency of every switch on the path;</li>
 *   <li>FEC accumulation at every hop: the whole Reed-Solomon codeword must arrive before it is corrected.</li>
 * </ul>
 * Their sum is the one-way delay; the round trip is twice that. Values are immutable and every step returns
 * a new one, all in integer picoseconds:
 * <pre>{@code
 * long rttPs = BaseRtt.ZERO.plusSerialization(9_216, 100_000_000_000L).plusFibreMetres(50)
 *         .plusSwitches(3, 400_000).plusFecHops(4, BaseRtt.fecCodewordPs(544, 10, 400_000_000_000L))
 *         .roundTripPs();
 * }</pre>
 * The post rounds the result up "to a safe, reasonable integer" by hand; that choice is the caller's.
 */
public final class BaseRtt {
    /** Light in fibre: about 5 ns per metre (the same post). */
    public static final long FIBRE_PS_PER_METRE = 5 * Ps.PER_NS;
    /** No delay yet. */
    public static final BaseRtt ZERO = new BaseRtt(0, false);

    private final long oneWayPs;
    private final boolean serialized;

    private BaseRtt(long oneWayPs, boolean serialized) {
        this.oneWayPs = oneWayPs;
        this.serialized = serialized;
    }

    /**
     * Time to clock one codeword of {@code symbols} symbols of {@code bitsPerSymbol} bits onto a link of
     * {@code rateBps}, in ps rounded up: the accumulation delay of Reed-Solomon FEC. RS(544,514) with 10-bit
     * symbols at 400 Gb/s is 5,440 bits, 13,600 ps.
     */
    public static long fecCodewordPs(int symbols, int bitsPerSymbol, long rateBps) {
        if (symbols <= 0 || bitsPerSymbol <= 0) {
            throw new IllegalArgumentException("symbols " + symbols + ", bitsPerSymbol " + bitsPerSymbol);
        }
        if (rateBps <= 0) {
            throw new IllegalArgumentException("rateBps must be > 0, was " + rateBps);
        }
        return Wide.mulDivCeil((long) symbols * bitsPerSymbol, Ps.PER_S, rateBps);
    }

    /**
     * Adds the serialization of one {@code mtuBytes} frame on the first link, of {@code firstLinkRateBps}.
     * Counted once per path (cut-through), so a second call is refused.
     */
    public BaseRtt plusSerialization(long mtuBytes, long firstLinkRateBps) {
        if (serialized) {
            throw new IllegalStateException("serialization counts once, on the first link (cut-through)");
        }
        if (mtuBytes <= 0) {
            throw new IllegalArgumentException("mtuBytes must be > 0, was " + mtuBytes);
        }
        return new BaseRtt(Math.addExact(oneWayPs, Ps.serializationPs(mtuBytes, firstLinkRateBps)), true);
    }

    /** Adds the propagation through {@code metres} of fibre at {@link #FIBRE_PS_PER_METRE}. */
    public BaseRtt plusFibreMetres(long metres) {
        if (metres < 0) {
            throw new IllegalArgumentException("metres must be >= 0, was " + metres);
        }
        return plusPropagationPs(Math.multiplyExact(metres, FIBRE_PS_PER_METRE));
    }

    /** Adds a propagation delay given directly, in ps. */
    public BaseRtt plusPropagationPs(long propagationPs) {
        if (propagationPs < 0) {
            throw new IllegalArgumentException("propagationPs must be >= 0, was " + propagationPs);
        }
        return new BaseRtt(Math.addExact(oneWayPs, propagationPs), serialized);
    }

    /** Adds {@code switches} switch traversals of {@code latencyPerSwitchPs} each. */
    public BaseRtt plusSwitches(int switches, long latencyPerSwitchPs) {
        if (switches < 0 || latencyPerSwitchPs < 0) {
            throw new IllegalArgumentException("switches " + switches + ", latencyPerSwitchPs " + latencyPerSwitchPs);
        }
        return new BaseRtt(Math.addExact(oneWayPs, Math.multiplyExact(switches, latencyPerSwitchPs)), serialized);
    }

    /**
     * Adds FEC at {@code hops} hops of {@code fecPerHopPs} each: {@link #fecCodewordPs} for the bare
     * accumulation, or a measured figure that includes the decoder.
     */
    public BaseRtt plusFecHops(int hops, long fecPerHopPs) {
        if (hops < 0 || fecPerHopPs < 0) {
            throw new IllegalArgumentException("hops " + hops + ", fecPerHopPs " + fecPerHopPs);
        }
        return new BaseRtt(Math.addExact(oneWayPs, Math.multiplyExact(hops, fecPerHopPs)), serialized);
    }

    /** The sum of the components so far: the one-way zero-load delay, in ps. */
    public long oneWayPs() {
        return oneWayPs;
    }

    /** Twice {@link #oneWayPs()}: config_base_rtt before any rounding, in ps. */
    public long roundTripPs() {
        return Math.multiplyExact(2, oneWayPs);
    }

    @Override
    public String toString() {
        return "BaseRtt[oneWay=" + Ps.format(oneWayPs) + ", roundTrip=" + Ps.format(roundTripPs()) + "]";
    }
}
