package io.fabricemu.pfc;

import io.fabricemu.net.PfcFrame;
import java.math.BigInteger;

/**
 * Priority flow control as every switch of a fabric applies it: which classes are lossless, the per
 * ingress queue thresholds and the pause time.
 *
 * <p>Thresholds count the bytes that arrived through one ingress port in one class and are still in the
 * switch ({@link PfcIngress}). Above {@code xoff} the port pauses its upstream; at {@code xon} or below it
 * resumes it. What still arrives after the pause was decided must fit in the headroom above {@code xoff};
 * a packet that would take the count beyond {@code xoff + headroom} is dropped and counted as a headroom
 * overflow, which only a misconfiguration causes.
 *
 * <p>Automatic headroom ({@link #autoHeadroomBytes}) is the classic worst case (IEEE 802.1Qbb Annex N,
 * "Buffer requirements"; the same terms as Cisco's "Priority Flow Control: Build Reliable Layer 2
 * Infrastructure" white paper): once the count crosses {@code xoff},
 * <ol>
 *   <li>the pause may wait for a frame of up to one MTU that this port is serializing (a PFC frame never
 *       preempts one),</li>
 *   <li>the pause frame itself takes {@link PfcFrame#SIZE_BYTES} to serialize,</li>
 *   <li>it crosses the cable (one flight time), during which the upstream keeps sending,</li>
 *   <li>the upstream takes its response time to act on it, then may have just started one MTU it will
 *       finish,</li>
 *   <li>and everything the upstream put on the cable still arrives (another flight time).</li>
 * </ol>
 * All at the link's rate: {@code ceil((2 x flight x rate + 8 x (2 x mtu + 64) + response) / 8)} bytes, the
 * times in bit times, computed exactly. The response time is given in bit times as the standards state it:
 * IEEE 802.3 Annex 31D (Table 31D-1, "PFC delay constraints") bounds it per PHY, from 60 quanta (30,720 bit
 * times) at 10GBASE-R to 394 quanta (201,728 bit times) at 100GBASE-R; the default here, 3,840 bit times,
 * is much less, because this emulator's devices act on a pause the moment its last bit arrives (the
 * response delay models hardware this emulator does not have). Set it to the PHY's bound for a real
 * switch's headroom.
 *
 * @param losslessMask     bit {@code c} set: class {@code c} is lossless (PFC-enabled); 0 means PFC is off
 * @param xoffBytes        pause above this many bytes per (ingress port, class)
 * @param xonBytes         resume at or below this many, at most {@code xoffBytes}
 * @param headroomBytes    bytes accepted above {@code xoffBytes}, or {@link #AUTO_HEADROOM}
 * @param quanta           pause time of every pause frame, 1..65535 quanta of 512 bit times
 * @param responseBitTimes the upstream's response time in bit times, for automatic headroom
 * @param mtuBytes         the largest packet, for automatic headroom
 * @param deadlockTimeoutPs a class paused continuously this long with bytes waiting counts as stuck
 */
public record PfcSettings(int losslessMask, long xoffBytes, long xonBytes, long headroomBytes, int quanta,
                          long responseBitTimes, int mtuBytes, long deadlockTimeoutPs) {
    /** Headroom computed per port from its link ({@link #autoHeadroomBytes}). */
    public static final long AUTO_HEADROOM = -1;
    /** Every class lossy: no pause frames, no monitor. */
    public static final PfcSettings NONE = new PfcSettings(0, 1, 0, 0, 1, 0, 1, 1);

    public PfcSettings {
        if (losslessMask < 0 || losslessMask > 0xFF) {
            throw new IllegalArgumentException("losslessMask must name classes 0..7, was " + losslessMask);
        }
        if (xoffBytes <= 0 || xonBytes < 0 || xonBytes > xoffBytes) {
            throw new IllegalArgumentException("need 0 <= xon <= xoff and xoff > 0: xon " + xonBytes + ", xoff "
                    + xoffBytes);
        }
        if (headroomBytes < 0 && headroomBytes != AUTO_HEADROOM) {
            throw new IllegalArgumentException("headroomBytes must be >= 0 or AUTO_HEADROOM, was " + headroomBytes);
        }
        if (quanta < 1 || quanta > PfcFrame.MAX_QUANTA) {
            throw new IllegalArgumentException("quanta must be 1.." + PfcFrame.MAX_QUANTA + ", was " + quanta);
        }
        if (responseBitTimes < 0 || mtuBytes <= 0 || deadlockTimeoutPs <= 0) {
            throw new IllegalArgumentException("responseBitTimes " + responseBitTimes + ", mtuBytes " + mtuBytes
                    + ", deadlockTimeoutPs " + deadlockTimeoutPs);
        }
    }

    public boolean enabled() {
        return losslessMask != 0;
    }

    public boolean lossless(int trafficClass) {
        return (losslessMask & (1 << trafficClass)) != 0;
    }

    /** The headroom of a port whose link has {@code flightPs} and {@code rateBps}, in bytes. */
    public long headroomBytes(long flightPs, long rateBps) {
        return headroomBytes == AUTO_HEADROOM ? autoHeadroomBytes(flightPs, rateBps, mtuBytes, responseBitTimes)
                : headroomBytes;
    }

    /**
     * The bytes that can still arrive after a port decides to pause (see the class comment):
     * {@code ceil((2 x flightPs x rateBps / 10^12 + 8 x (2 x mtuBytes + 64) + responseBitTimes) / 8)}.
     */
    public static long autoHeadroomBytes(long flightPs, long rateBps, int mtuBytes, long responseBitTimes) {
        if (flightPs < 0 || rateBps <= 0 || mtuBytes <= 0 || responseBitTimes < 0) {
            throw new IllegalArgumentException("flightPs " + flightPs + ", rateBps " + rateBps + ", mtuBytes "
                    + mtuBytes + ", responseBitTimes " + responseBitTimes);
        }
        BigInteger psPerS = BigInteger.valueOf(1_000_000_000_000L);
        BigInteger fixedBits = BigInteger.valueOf(8L * (2L * mtuBytes + PfcFrame.SIZE_BYTES) + responseBitTimes);
        // bits x 10^12, so the cable's bits need no rounding before the sum
        BigInteger scaledBits = BigInteger.valueOf(2 * flightPs).multiply(BigInteger.valueOf(rateBps))
                .add(fixedBits.multiply(psPerS));
        BigInteger[] qr = scaledBits.divideAndRemainder(psPerS.multiply(BigInteger.valueOf(8)));
        return qr[0].longValueExact() + (qr[1].signum() == 0 ? 0 : 1);
    }
}
