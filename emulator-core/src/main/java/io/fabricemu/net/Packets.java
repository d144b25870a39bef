package io.fabricemu.net;

/** How many packets a flow is cut into, for every transport's sender and receiver. */
public final class Packets {
    /**
     * The most packets of one flow a receiver (or an Ultra Ethernet sender) can keep apart: it indexes them by an
     * int, from 0, and one index past the last must still be one.
     */
    public static final long MAX_INDEXED = Integer.MAX_VALUE - 1;

    private Packets() {
    }

    /**
     * {@code ceil(totalBytes / payloadPerPacketBytes)} for positive arguments, without the overflow of the usual
     * {@code (total + payload - 1) / payload}, which turned a flow of nearly {@link Long#MAX_VALUE} bytes into a
     * negative count of packets and a sender with nothing to send.
     */
    public static long of(long totalBytes, long payloadPerPacketBytes) {
        if (totalBytes < 0 || payloadPerPacketBytes <= 0) {
            throw new IllegalArgumentException("totalBytes " + totalBytes + " must be >= 0 and payloadPerPacketBytes "
                    + payloadPerPacketBytes + " > 0");
        }
        return totalBytes / payloadPerPacketBytes + (totalBytes % payloadPerPacketBytes == 0 ? 0 : 1);
    }
}
