package io.fabricemu.topology;

/**
 * Wires a {@link RingSpec}: switches {@code ring0 .. ring<N-1>}, all of tier 1; host {@code i} on switch
 * {@code i / hostsPerSwitch}. Host cables come first, then one "ring" cable per switch {@code i}, from
 * {@code ring<i>} (end A) to its clockwise neighbour {@code ring<(i+1) mod N>} (end B), so cable
 * {@code hostCount + i} leaves switch {@code i} clockwise. With the assembler's port numbering every switch
 * then has its hosts on ports {@code 0 .. H-1}, its counter-clockwise neighbour on port {@code H} and its
 * clockwise neighbour on port {@code H + 1}. Clockwise routing makes every ring cable one-way for routes.
 */
final class RingBuilder {
    private RingBuilder() {
    }

    static Topology build(RingSpec spec) {
        FabricAssembler fabric = new FabricAssembler(spec);
        int[] ring = new int[spec.switches()];
        for (int i = 0; i < ring.length; i++) {
            ring[i] = fabric.addSwitch("ring" + i, 1, "ring");
        }
        for (int h = 0; h < spec.hostCount(); h++) {
            fabric.connect(fabric.host(h), ring[h / spec.hostsPerSwitch()], spec.hostLink(), "host");
        }
        boolean oneWay = spec.routing() == RingRouting.CLOCKWISE;
        for (int i = 0; i < ring.length; i++) {
            fabric.connectSameTier(ring[i], ring[(i + 1) % ring.length], spec.ringLink(), "ring", oneWay);
        }
        return fabric.finish();
    }
}
