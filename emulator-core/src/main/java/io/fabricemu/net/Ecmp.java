package io.fabricemu.net;

/**
 * Equal-cost multi-path selection: a hash of the 5-tuple (source and destination address, UDP ports,
 * protocol) and the packet's entropy value, salted per switch so that consecutive tiers do not make
 * correlated choices (hash polarisation). Stable: the same packet fields and salt always choose the same
 * member, on every JVM.
 */
public final class Ecmp {
    private Ecmp() {
    }

    /** Index in {@code [0, members)} of the member that carries {@code p} at a switch salted {@code salt}. */
    public static int select(Packet p, long salt, int members) {
        if (members == 1) {
            return 0;
        }
        long h = salt;
        h = mix(h ^ p.src());
        h = mix(h ^ p.dst());
        h = mix(h ^ (((long) p.udpSrcPort() << 16) | Packet.UDP_DST_PORT));
        h = mix(h ^ Packet.PROTO_UDP);
        h = mix(h ^ p.entropy());
        return (int) Long.remainderUnsigned(h, members);
    }

    /** SplitMix64's finaliser: a bijective 64-bit mix with full avalanche. */
    public static long mix(long z) {
        z += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
