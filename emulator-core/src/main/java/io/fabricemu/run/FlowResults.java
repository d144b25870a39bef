package io.fabricemu.run;

import io.fabricemu.engine.ElementReport;
import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.results.FlowResult;
import io.fabricemu.stats.FlowReceiverStats;
import io.fabricemu.stats.FlowSenderStats;
import io.fabricemu.stats.FlowStarted;
import io.fabricemu.stats.MessageWaits;
import io.fabricemu.stats.PortStats;
import java.util.ArrayList;
import java.util.List;

/** Joins what senders and receivers reported into one result per flow, and collects port counters. */
final class FlowResults {
    private FlowResults() {
    }

    static List<FlowResult> join(List<FlowSpec> flows, List<ElementReport> reports) {
        long[] retransmitted = new long[flows.size()];
        long[] finish = new long[flows.size()];
        long[] delivered = new long[flows.size()];
        boolean[] failed = new boolean[flows.size()];
        long[] outOfOrder = new long[flows.size()];
        MessageWaits[] waits = new MessageWaits[flows.size()];
        long[] buffered = new long[flows.size()];
        long[] targetBuffered = new long[flows.size()];
        int[] targetPdcEntries = new int[flows.size()];
        boolean[] bounced = new boolean[flows.size()];
        java.util.Arrays.fill(waits, MessageWaits.NONE);
        java.util.Arrays.fill(finish, -1);
        // A flow that waits for others starts when the run says so; one that never started reports -1.
        long[] start = new long[flows.size()];
        for (int id = 0; id < flows.size(); id++) {
            start[id] = flows.get(id).waits() ? -1 : flows.get(id).startPs();
        }
        for (ElementReport r : reports) {
            for (FlowStarted s : r.started()) {
                start[s.flowId()] = s.startPs();
            }
            for (FlowSenderStats s : r.senders()) {
                retransmitted[s.flowId()] = s.retransmittedBytes();
                failed[s.flowId()] = s.failed();
                if (s.waits().any()) {
                    waits[s.flowId()] = s.waits(); // Ultra Ethernet: the source counts RTWs and RTSs
                }
            }
            for (FlowReceiverStats s : r.receivers()) {
                if (s.finishPs() >= 0 && s.deliveredBytes() != flows.get(s.flowId()).bytes()) {
                    throw new IllegalStateException("flow " + s.flowId() + " finished with " + s.deliveredBytes()
                            + " of " + flows.get(s.flowId()).bytes() + " bytes");
                }
                finish[s.flowId()] = s.finishPs();
                delivered[s.flowId()] = s.deliveredBytes();
                outOfOrder[s.flowId()] = s.outOfOrderPackets();
                buffered[s.flowId()] = s.bufferedBytes();
                targetBuffered[s.flowId()] = s.targetBufferedBytes();
                bounced[s.flowId()] = s.bounced();
                if (s.waits().any()) {
                    waits[s.flowId()] = s.waits(); // a RoCEv2 responder's RNR NAKs; its requester reports none
                }
                targetPdcEntries[s.flowId()] = s.waits().pdc().targetEntries(); // a UET target's, with a table limit
            }
        }
        List<FlowResult> out = new ArrayList<>(flows.size());
        for (int id = 0; id < flows.size(); id++) {
            FlowSpec f = flows.get(id);
            long fct = finish[id] >= 0 ? finish[id] - start[id] : -1;
            out.add(new FlowResult(id, f.src(), f.dst(), f.bytes(), start[id], finish[id], fct, retransmitted[id],
                    delivered[id], failed[id], outOfOrder[id], f.group(), waits[id].withBuffered(buffered[id],
                    targetBuffered[id], bounced[id]).withPdc(waits[id].pdc().withTargetEntries(targetPdcEntries[id]))));
        }
        return out;
    }

    static List<PortStats> ports(List<ElementReport> reports) {
        List<PortStats> out = new ArrayList<>();
        for (ElementReport r : reports) {
            out.addAll(r.ports());
        }
        return out;
    }
}
