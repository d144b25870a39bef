package io.fabricemu.scenario;

/**
 * Binds the optional {@code transport} section; an absent field takes its value from
 * {@link TransportConfig#defaults()}. The MTU counts the header, so the payload per packet is mtu - header.
 */
final class TransportBinder {
    private TransportBinder() {
    }

    static TransportConfig bind(Section t) throws ScenarioException {
        TransportConfig d = TransportConfig.defaults();
        t.declare("mtu", "header", "window", "rto", "cc");
        t.rejectUnknownFields();
        int headerBytes = (int) t.optionalBytes("header", d.headerBytes(), 1, TransportConfig.MAX_MTU_BYTES - 1);
        int mtuBytes = (int) t.optionalBytes("mtu", d.mtuBytes(), headerBytes + 1L, TransportConfig.MAX_MTU_BYTES);
        if (headerBytes >= mtuBytes) {
            throw t.error("header", "'" + t.optional("header").text() + "' must be less than transport.mtu ("
                    + Units.exactBytes(mtuBytes) + ", the default); lower it or set mtu");
        }
        long windowBytes = t.optionalBytes("window", d.windowBytes(), mtuBytes, Long.MAX_VALUE);
        long rtoPs = t.optionalTimePs("rto", d.rtoPs(), 1, Long.MAX_VALUE);
        String cc = t.optionalOneOf("cc", d.congestionControl(), TransportConfig.CONGESTION_CONTROLS);
        try {
            return new TransportConfig(mtuBytes, headerBytes, windowBytes, rtoPs, cc);
        } catch (IllegalArgumentException invalid) {
            throw t.error(invalid);
        }
    }
}
