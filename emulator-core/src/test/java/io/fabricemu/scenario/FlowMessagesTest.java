package io.fabricemu.scenario;

import static io.fabricemu.scenario.ScenarioErrorsTest.c;
import static io.fabricemu.scenario.ScenarioTexts.FLOWS;
import static io.fabricemu.scenario.ScenarioTexts.with;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.scenario.yaml.ScenarioException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Flow entries of several messages ({@code messages}, {@code recvEvery}): split into one flow per message, each
 * queued behind the one before, with receives posted one by one; bad values refused at their line and field.
 */
class FlowMessagesTest {

    /** FLOWS under NSCC (request-to-wait needs it), its three flows replaced (lines 24..26). */
    private static String flows(String first, String second, String third) {
        return with(FLOWS, 20, "  cc: nscc", 24, "    - " + first, 25, "    - " + second, 26, "    - " + third);
    }

    static Stream<ScenarioErrorsTest.Case> cases() {
        return Stream.of(
                c("messages: zero", flows("{src: 1, dst: 2, bytes: 1MiB, messages: 0}",
                        "{src: 3, dst: 4, bytes: 1MiB}", "{src: 4, dst: 5, bytes: 1MiB}"), 24,
                        "workload.flows[0].messages", "'0'", "1 to 65536"),
                c("messages: more than bytes", flows("{src: 1, dst: 2, bytes: 1MiB}",
                        "{src: 3, dst: 4, bytes: 3B, messages: 4}", "{src: 4, dst: 5, bytes: 1MiB}"), 25,
                        "workload.flows[1].messages", "4 messages of a flow of 3 B would leave some empty",
                        "give at most 3"),
                c("recvEvery: one message", flows("{src: 1, dst: 2, bytes: 1MiB, recvPosted: 5us, recvEvery: 1us}",
                        "{src: 3, dst: 4, bytes: 1MiB}", "{src: 4, dst: 5, bytes: 1MiB}"), 24,
                        "workload.flows[0].recvEvery", "this flow is one message; give messages: N (2 or more)"),
                c("recvEvery: receives in time", flows("{src: 1, dst: 2, bytes: 1MiB, messages: 2, recvEvery: 1us}",
                        "{src: 3, dst: 4, bytes: 1MiB}", "{src: 4, dst: 5, bytes: 1MiB}"), 24,
                        "workload.flows[0].recvEvery", "give recvPosted or recvDelay"),
                c("recvEvery: not a time", flows("{src: 1, dst: 2, bytes: 1MiB, messages: 2, recvPosted: 5us,"
                        + " recvEvery: soon}", "{src: 3, dst: 4, bytes: 1MiB}", "{src: 4, dst: 5, bytes: 1MiB}"), 24,
                        "workload.flows[0].recvEvery", "'soon'"),
                c("messages: misspelt", flows("{src: 1, dst: 2, bytes: 1MiB, mesages: 2}",
                        "{src: 3, dst: 4, bytes: 1MiB}", "{src: 4, dst: 5, bytes: 1MiB}"), 24,
                        "workload.flows[0].mesages", "recvDelay, messages, recvEvery", "did you mean 'messages'?"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void parse_badMessages_namesFileLineFieldAndAllowed(ScenarioErrorsTest.Case bad) {
        ScenarioErrorsTest.assertRefused(bad);
    }

    /**
     * 1,000 B in 3 messages: 333 B, 333 B and the remainder 334 B; receives at 10 us, 10 + 5 = 15 us and
     * 10 + 2 x 5 = 20 us; messages 1 and 2 follow the one before (indices 0 and 1); the entry after it, which
     * waited for entry 0, now waits for all three (indices 0, 1, 2) and is index 3; the last entry is index 4.
     */
    @Test
    void parse_threeMessages_splitInOrderWithReceivesPostedOneByOne() throws ScenarioException {
        Scenario s = ScenarioLoader.parse(flows("{id: a, src: 1, dst: 2, bytes: 1000B, start: 2us, messages: 3,"
                + " recvPosted: 10us, recvEvery: 5us}", "{src: 3, dst: 4, bytes: 1MiB, after: [a]}",
                "{src: 4, dst: 5, bytes: 512KiB, messages: 1}"), "scenarios/ok.yaml", List.of());
        List<FlowSpec> flows = s.workload().flows(16, 1);
        assertEquals(5, flows.size());
        long[] bytes = new long[3];
        long[] postedPs = new long[3];
        int[] follows = new int[3];
        for (int k = 0; k < 3; k++) {
            FlowSpec m = flows.get(k);
            assertEquals(1, m.src());
            assertEquals(2, m.dst());
            assertEquals(2_000_000, m.startPs());
            bytes[k] = m.bytes();
            postedPs[k] = m.recvPostedPs();
            follows[k] = m.follows();
        }
        assertArrayEquals(new long[] {333, 333, 334}, bytes);
        assertArrayEquals(new long[] {10_000_000, 15_000_000, 20_000_000}, postedPs);
        assertArrayEquals(new int[] {-1, 0, 1}, follows);
        assertArrayEquals(new int[] {0, 1, 2}, flows.get(3).after());
        assertEquals(new FlowSpec(4, 5, 512 * 1024, 0), flows.get(4));
    }

    /** recvDelay counts from the start: 2 us + 3 us = 5 us for the first, all at once without recvEvery. */
    @Test
    void parse_messagesWithoutRecvEvery_postAllReceivesAtOnce() throws ScenarioException {
        Scenario s = ScenarioLoader.parse(flows("{src: 1, dst: 2, bytes: 1MiB, start: 2us, messages: 2,"
                + " recvDelay: 3us}", "{src: 3, dst: 4, bytes: 1MiB}", "{src: 4, dst: 5, bytes: 1MiB}"),
                "scenarios/ok.yaml", List.of());
        List<FlowSpec> flows = s.workload().flows(16, 1);
        assertEquals(4, flows.size());
        assertEquals(5_000_000, flows.get(0).recvPostedPs());
        assertEquals(5_000_000, flows.get(1).recvPostedPs());
        assertEquals(512 * 1024, flows.get(1).bytes());
    }
}
