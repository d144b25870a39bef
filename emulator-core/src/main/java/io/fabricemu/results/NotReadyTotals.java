package io.fabricemu.results;

import io.fabricemu.stats.MessageWaits;
import io.fabricemu.stats.PdcWaits;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What receivers that were not ready cost a run (Ultra Ethernet's request-to-wait and request-to-send, US
 * 12,388,756 ¶(59); RoCEv2's RNR NAK from the responder, IBTA Volume 1, 9.7.5.2.8): totals over its flows and one
 * row per flow that met one, in flow order. results.json writes it as {@code receiverNotReady} only when some flow
 * did, so the files of other runs stay as they were.
 *
 * @param rtwCount       request-to-wait messages the sources received
 * @param rtsCount       request-to-send messages the sources received
 * @param discardedBytes payload bytes the targets discarded (UET) or the responders dropped (RoCEv2) for want of
 *                       a posted receive
 * @param waitedPsMax    the longest time one message waited between its RTW and its RTS, or between its first
 *                       RNR NAK and the resend that found the receive
 * @param flows          the flows that met a receiver that was not ready (each flow is one message)
 * @param rnrNaks        RNR NAKs the RoCEv2 responders sent for want of a posted receive (not the switches')
 * @param msns           per flow of {@code flows}, its message sequence number ({@link WaitedMessages#msns})
 * @param pdc            what full PDC tables at targets cost, over every flow of the run ({@link PdcTotals})
 */
public record NotReadyTotals(long rtwCount, long rtsCount, long discardedBytes, long waitedPsMax,
                             List<FlowResult> flows, long rnrNaks, List<Integer> msns, PdcTotals pdc) {
    public NotReadyTotals {
        java.util.Objects.requireNonNull(pdc, "pdc");
        flows = List.copyOf(flows);
        msns = List.copyOf(msns);
        if (msns.size() != flows.size()) {
            throw new IllegalArgumentException(msns.size() + " MSNs for " + flows.size() + " flows");
        }
    }

    /** The totals of {@code result}'s flows. */
    public static NotReadyTotals of(RunResult result) {
        long rtw = 0;
        long rts = 0;
        long discarded = 0;
        long waited = 0;
        long rnr = 0;
        List<FlowResult> met = new ArrayList<>();
        List<Integer> metMsns = new ArrayList<>();
        int[] msn = WaitedMessages.msns(result.flows());
        for (int i = 0; i < result.flows().size(); i++) {
            FlowResult f = result.flows().get(i);
            MessageWaits w = f.waits();
            if (w.any()) {
                metMsns.add(msn[i]);
                rtw += w.rtwCount();
                rts += w.rtsCount();
                discarded += w.discardedBytes();
                waited = Math.max(waited, w.waitedPs());
                rnr += w.rnrNaks();
                met.add(f);
            }
        }
        return new NotReadyTotals(rtw, rts, discarded, waited, met, rnr, metMsns, PdcTotals.of(result.flows()));
    }

    /** The flows that met a receive not posted in time (RTW, RTS, RNR NAK, a fetch), not only a full PDC table. */
    int messagesWaitedForReceive() {
        int n = 0;
        for (FlowResult f : flows) {
            n += f.waits().withPdc(PdcWaits.NONE).any() ? 1 : 0;
        }
        return n;
    }

    /** Whether any flow met a receiver that was not ready. */
    public boolean any() {
        return !flows.isEmpty();
    }

    /** What rendezvous sends cost (eager-then-fetch): all zero when the run answered with request-to-wait. */
    RendezvousTotals rendezvous() {
        return RendezvousTotals.of(flows);
    }

    /** What bounce buffers at the targets held: all zero when the run used none. */
    BounceBufferTotals bounce() {
        return BounceBufferTotals.of(flows);
    }

    /** The {@code receiverNotReady} object of results.json. */
    Map<String, Object> json() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("rtwCount", rtwCount);
        doc.put("rtsCount", rtsCount);
        doc.put("rnrNaks", rnrNaks);
        doc.put("discardedBytes", discardedBytes);
        doc.put("messagesWaited", flows.size());
        doc.put("waitedPsMax", waitedPsMax);
        RendezvousTotals rendezvous = rendezvous();
        if (rendezvous.any()) {
            rendezvous.into(doc);
        }
        if (pdc.any()) {
            pdc.into(doc);
        }
        BounceBufferTotals bounce = bounce();
        if (bounce.any()) {
            bounce.into(doc);
        }
        List<Map<String, Object>> rows = new ArrayList<>(flows.size());
        for (int i = 0; i < flows.size(); i++) {
            FlowResult f = flows.get(i);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("id", f.id());
            row.put("src", f.src());
            row.put("dst", f.dst());
            row.put("msn", msns.get(i));
            row.put("bytes", f.bytes());
            row.put("rtwCount", f.waits().rtwCount());
            row.put("rtsCount", f.waits().rtsCount());
            row.put("rnrNaks", f.waits().rnrNaks());
            row.put("discardedBytes", f.waits().discardedBytes());
            row.put("waitedPs", f.waits().waitedPs());
            if (rendezvous.any()) {
                RendezvousTotals.into(row, f);
            }
            if (pdc.any()) {
                PdcTotals.into(row, f);
            }
            if (bounce.any()) {
                BounceBufferTotals.into(row, f);
            }
            row.put("fctPs", f.fctPs());
            rows.add(row);
        }
        doc.put("flows", rows);
        return doc;
    }
}
