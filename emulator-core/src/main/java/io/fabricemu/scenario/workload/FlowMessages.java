package io.fabricemu.scenario.workload;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.time.Ps;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits the entries of a {@code flows} list that send several messages ({@code messages: N}) into one flow per
 * message, as a collective's chunks are: the messages of one entry are the sends an application posts to one queue
 * pair, in order, so each message queues behind the one before ({@link FlowSpec#follows}: it starts once that one
 * has put its last packet on the wire), and each has its own message sequence number (MSN) at the target, the
 * next of its source's, so the target matches them in order however they arrive (US 12,388,756 ¶(57)-(58),
 * FIG. 1F). The first message takes the entry's start and its waits ({@code after}, {@code gap}); an entry that
 * waits for a split one waits for every one of its messages.
 *
 * <p>The flow's bytes are split into N messages of {@code bytes / N}, the last one carrying the remainder. The
 * receive of message k is posted at the entry's receive time ({@code recvPosted}, or {@code recvDelay} after its
 * start) plus {@code k x recvEvery}: a receiver that posts its receives one by one, as NCCL posts a step's
 * receives in order; {@code recvEvery} absent, all are posted at once. An entry without {@code messages} is one
 * flow, exactly as before.
 */
final class FlowMessages {
    /** The most messages one entry may be split into. */
    static final int MAX_MESSAGES = 1 << 16;

    private FlowMessages() {
    }

    /**
     * The flows of {@code entries}, each bound already as one flow ({@code bound}, same order, dependencies as
     * indices into {@code entries}), with every entry that names {@code messages} split into its messages.
     */
    static List<FlowSpec> split(List<Section> entries, List<FlowSpec> bound) throws ScenarioException {
        int[] counts = new int[entries.size()];
        long[] everyPs = new long[entries.size()];
        boolean any = false;
        for (int i = 0; i < counts.length; i++) {
            Section entry = entries.get(i);
            FlowSpec f = bound.get(i);
            counts[i] = count(entry, f);
            everyPs[i] = every(entry, f, counts[i]);
            any |= counts[i] > 1;
        }
        if (!any) {
            return bound;
        }
        int[] first = new int[counts.length + 1];
        for (int i = 0; i < counts.length; i++) {
            first[i + 1] = Math.addExact(first[i], counts[i]);
        }
        List<FlowSpec> flows = new ArrayList<>(first[counts.length]);
        for (int i = 0; i < counts.length; i++) {
            FlowSpec f = bound.get(i);
            int[] after = waits(f, first, counts);
            long share = f.bytes() / counts[i];
            for (int k = 0; k < counts[i]; k++) {
                long bytes = k == counts[i] - 1 ? f.bytes() - share * (counts[i] - 1) : share;
                long postedPs = f.recvPostedPs() < 0 ? -1 : Ps.plusSaturated(f.recvPostedPs(),
                        k > 0 && everyPs[i] > Long.MAX_VALUE / k ? Long.MAX_VALUE : k * everyPs[i]);
                flows.add(k == 0
                        ? new FlowSpec(f.src(), f.dst(), bytes, f.startPs(), f.group(), after, f.gapPs(), f.follows(),
                                postedPs, f.recvWith())
                        : new FlowSpec(f.src(), f.dst(), bytes, f.startPs(), f.group(), new int[0], 0,
                                first[i] + k - 1, postedPs, f.recvWith()));
            }
        }
        return flows;
    }

    private static int count(Section entry, FlowSpec f) throws ScenarioException {
        if (!entry.has("messages")) {
            return 1;
        }
        int n = entry.optionalInt("messages", 1, 1, MAX_MESSAGES);
        if (n > f.bytes()) {
            throw entry.error("messages", n + " messages of a flow of " + f.bytes() + " B would leave some empty;"
                    + " give at most " + f.bytes() + " (one byte each) or more bytes");
        }
        return n;
    }

    private static long every(Section entry, FlowSpec f, int count) throws ScenarioException {
        if (!entry.has("recvEvery")) {
            return 0;
        }
        if (count < 2) {
            throw entry.error("recvEvery", "spaces the receives of a flow's messages, and this flow is one message;"
                    + " give messages: N (2 or more) or leave recvEvery out");
        }
        if (f.recvPostedPs() < 0) {
            throw entry.error("recvEvery", "spaces receives posted late, and this flow's are posted in time; give"
                    + " recvPosted or recvDelay (when the first message's receive is posted) or leave recvEvery out");
        }
        return entry.optionalTimePs("recvEvery", 0, 0, Limits.MAX_TIME_PS);
    }

    /** The entry's waits, each entry it names replaced by all of that entry's messages. */
    private static int[] waits(FlowSpec f, int[] first, int[] counts) {
        int n = 0;
        for (int k = 0; k < f.dependencyCount(); k++) {
            n += counts[f.dependency(k)];
        }
        int[] after = new int[n];
        int at = 0;
        for (int k = 0; k < f.dependencyCount(); k++) {
            int j = f.dependency(k);
            for (int m = 0; m < counts[j]; m++) {
                after[at++] = first[j] + m;
            }
        }
        return after;
    }
}
