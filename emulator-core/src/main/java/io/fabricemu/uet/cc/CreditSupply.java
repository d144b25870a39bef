package io.fabricemu.uet.cc;

import io.fabricemu.time.Ps;

/**
 * How many bytes of credit the receiver may hand out in each successive time slice: its link rate times
 * the slice length, in whole bytes, with the fractional byte carried so that nothing is lost or invented.
 *
 * <p>Slice {@code k} (counting from 1) supplies {@code floor(k x S x R / 8e12) - floor((k-1) x S x R /
 * 8e12)} bytes for a slice of {@code S} ps and a rate of {@code R} b/s, so the first {@code k} slices
 * together supply exactly {@code floor(k x S x R / 8e12)}. At 100 Gb/s and 1 us that is 12,500 B every
 * slice (the RCCC post on nwktimes.blogspot.com, "Target RCCC Operation - Credit Assignment"); at 100 Gb/s
 * and 333,333 ps it is
 * 4,166 or 4,167 B, averaging the exact rate.
 *
 * <p>The schedule depends on the slice count only: a slice whose supply nobody wanted does not roll its
 * bytes forward. Banking idle capacity would let the receiver later grant more than its link can drain in
 * a slice, the incast RCCC exists to prevent.
 */
final class CreditSupply {
    private final long receiverRateBps;
    private final long sliceLengthPs;
    private long slices;
    private long suppliedBytes;

    CreditSupply(long receiverRateBps, long sliceLengthPs) {
        this.receiverRateBps = receiverRateBps;
        this.sliceLengthPs = sliceLengthPs;
    }

    /** Starts the next slice and returns its supply in bytes. */
    long nextSliceBytes() {
        slices++;
        long totalBytes = Ps.bytesIn(Math.multiplyExact(slices, sliceLengthPs), receiverRateBps);
        long sliceBytes = totalBytes - suppliedBytes;
        suppliedBytes = totalBytes;
        return sliceBytes;
    }

    /** Slices started so far. */
    long slices() {
        return slices;
    }

    /** Bytes supplied by all slices started so far, whether granted or not. */
    long suppliedBytes() {
        return suppliedBytes;
    }
}
