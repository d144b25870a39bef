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
 * Flows that wait for others ({@code id}, {@code after}, {@code gap}): each kind of bad input is reported at its
 * own line and field, saying what is allowed; a good list resolves ids to indices.
 */
class DependencyErrorsTest {

    /** FLOWS (lines 24..26) with its three flows replaced. */
    private static String flows(String first, String second, String third) {
        return with(FLOWS, 24, "    - " + first, 25, "    - " + second, 26, "    - " + third);
    }

    static Stream<ScenarioErrorsTest.Case> cases() {
        return Stream.of(
                c("id: twice", flows("{id: a, src: 1, dst: 2, bytes: 1MiB}", "{id: a, src: 3, dst: 4, bytes: 1MiB}",
                        "{src: 4, dst: 5, bytes: 1MiB}"), 25, "workload.flows[1].id",
                        "id 'a' is also given to workload.flows[0]; give each flow its own id"),
                c("id: not a name", flows("{id: 'a b', src: 1, dst: 2, bytes: 1MiB}",
                        "{src: 3, dst: 4, bytes: 1MiB}", "{src: 4, dst: 5, bytes: 1MiB}"), 24, "workload.flows[0].id",
                        "'a b' is not allowed; an id of letters, digits"),
                c("after: unknown id", flows("{id: a, src: 1, dst: 2, bytes: 1MiB}",
                        "{id: b, src: 3, dst: 4, bytes: 1MiB}", "{src: 4, dst: 5, bytes: 1MiB, after: [a, bb]}"), 26,
                        "workload.flows[2].after[1]", "no flow of this list has id 'bb'; the ids are a, b",
                        "did you mean 'b'?"),
                c("after: no ids at all", flows("{src: 1, dst: 2, bytes: 1MiB}", "{src: 3, dst: 4, bytes: 1MiB}",
                        "{src: 4, dst: 5, bytes: 1MiB, after: [x]}"), 26, "workload.flows[2].after[0]",
                        "no flow has an id yet"),
                c("after: itself", flows("{id: a, src: 1, dst: 2, bytes: 1MiB, after: [a]}",
                        "{src: 3, dst: 4, bytes: 1MiB}", "{src: 4, dst: 5, bytes: 1MiB}"), 24,
                        "workload.flows[0].after[0]", "a flow cannot wait for itself"),
                c("after: twice", flows("{id: a, src: 1, dst: 2, bytes: 1MiB}", "{src: 3, dst: 4, bytes: 1MiB}",
                        "{src: 4, dst: 5, bytes: 1MiB, after: [a, a]}"), 26, "workload.flows[2].after[1]",
                        "'a' is listed twice"),
                c("after: not a list", flows("{id: a, src: 1, dst: 2, bytes: 1MiB}", "{src: 3, dst: 4, bytes: 1MiB}",
                        "{src: 4, dst: 5, bytes: 1MiB, after: a}"), 26, "workload.flows[2].after",
                        "expected a list of flow ids such as [step-1, step-2]"),
                c("after: empty", flows("{id: a, src: 1, dst: 2, bytes: 1MiB}", "{src: 3, dst: 4, bytes: 1MiB}",
                        "{src: 4, dst: 5, bytes: 1MiB, after: []}"), 26, "workload.flows[2].after",
                        "the list is empty"),
                c("gap: without after", flows("{id: a, src: 1, dst: 2, bytes: 1MiB}",
                        "{src: 3, dst: 4, bytes: 1MiB, gap: 1us}", "{src: 4, dst: 5, bytes: 1MiB}"), 25,
                        "workload.flows[1].gap", "this flow names none; give after: [ids] or leave gap out"),
                c("recvPosted: not a time", with(FLOWS, 20, "  cc: nscc", 25,
                        "    - {src: 3, dst: 4, bytes: 1MiB, recvPosted: later}"), 25, "workload.flows[1].recvPosted",
                        "'later'"),
                c("recvPosted: the baseline transport", with(FLOWS, 25,
                        "    - {src: 3, dst: 4, bytes: 1MiB, recvPosted: 20us}"), 25, "workload.flows[1].recvPosted",
                        "a receive posted late (recvPosted, recvDelay) needs a transport that answers a packet",
                        "roce or dcqcn (RoCEv2, the responder's RNR NAK)", "this scenario runs transport.cc none"),
                c("recvDelay: with recvPosted", with(FLOWS, 20, "  cc: nscc", 25,
                        "    - {src: 3, dst: 4, bytes: 1MiB, recvPosted: 20us, recvDelay: 5us}"), 25,
                        "workload.flows[1].recvDelay", "both say when the receive is posted; give one of them"),
                c("recvDelay: on a flow that waits", flows("{id: a, src: 1, dst: 2, bytes: 1MiB}",
                        "{src: 3, dst: 4, bytes: 1MiB, after: [a], recvDelay: 5us}", "{src: 4, dst: 5, bytes: 1MiB}"),
                        25, "workload.flows[1].recvDelay", "learns only during the run; give recvPosted"),
                c("gap: not a time", flows("{id: a, src: 1, dst: 2, bytes: 1MiB}",
                        "{src: 3, dst: 4, bytes: 1MiB, after: [a], gap: 3 apples}", "{src: 4, dst: 5, bytes: 1MiB}"),
                        25, "workload.flows[1].gap", "'3 apples'"),
                c("gap: negative", flows("{id: a, src: 1, dst: 2, bytes: 1MiB}",
                        "{src: 3, dst: 4, bytes: 1MiB, after: [a], gap: -1us}", "{src: 4, dst: 5, bytes: 1MiB}"),
                        25, "workload.flows[1].gap", "'-1us'"),
                c("cycle: of three, at its first flow", flows("{id: a, src: 1, dst: 2, bytes: 1MiB, after: [c]}",
                        "{id: b, src: 3, dst: 4, bytes: 1MiB, after: [a]}",
                        "{id: c, src: 4, dst: 5, bytes: 1MiB, after: [b]}"), 24, "workload.flows[0].after",
                        "'a' waits for 'c', which waits for 'b', which waits for 'a': a cycle"),
                c("cycle: of two behind a flow that waits for it", flows("{id: a, src: 1, dst: 2, bytes: 1MiB,"
                        + " after: [b]}", "{id: b, src: 3, dst: 4, bytes: 1MiB, after: [c]}",
                        "{id: c, src: 4, dst: 5, bytes: 1MiB, after: [b]}"), 25, "workload.flows[1].after",
                        "'b' waits for 'c', which waits for 'b': a cycle"),
                c("unknown field: beside after", flows("{id: a, src: 1, dst: 2, bytes: 1MiB}",
                        "{src: 3, dst: 4, bytes: 1MiB, afterr: [a]}", "{src: 4, dst: 5, bytes: 1MiB}"), 25,
                        "workload.flows[1].afterr", "allowed fields of workload.flows[1] are src, dst, bytes, start,"
                                + " id, after, gap", "did you mean 'after'?"),
                c("mix: ids belong to their part", with(ScenarioTexts.MIX, 26, "    - {kind: flows, flows: [{src: 5,"
                        + " dst: 6, bytes: 1MiB, after: [incast]}]}"), 26, "workload.parts[2].flows[0].after[0]",
                        "no flow of this list has id 'incast'"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void parse_badDependency_namesFileLineFieldAndAllowed(ScenarioErrorsTest.Case bad) {
        ScenarioErrorsTest.assertRefused(bad);
    }

    @Test
    void parse_goodDependencies_resolveIdsToIndicesInAnyOrder() throws ScenarioException {
        Scenario s = ScenarioLoader.parse(flows("{id: a, src: 1, dst: 2, bytes: 1MiB, after: [c, b], gap: 2us}",
                "{id: b, src: 3, dst: 4, bytes: 1MiB}", "{id: c, src: 4, dst: 5, bytes: 1MiB, after: [b]}"),
                "scenarios/ok.yaml", List.of());
        List<FlowSpec> flows = s.workload().flows(16, 1);
        assertArrayEquals(new int[] {2, 1}, flows.get(0).after());
        assertEquals(2_000_000, flows.get(0).gapPs());
        assertEquals(0, flows.get(1).dependencyCount());
        assertArrayEquals(new int[] {1}, flows.get(2).after());
    }

    @Test
    void mix_movesEachPartsDependenciesToWhereItsFlowsBegin() throws ScenarioException {
        Scenario s = ScenarioLoader.parse(with(ScenarioTexts.MIX, 26, "    - {kind: flows, flows: [{id: x, src: 5,"
                + " dst: 6, bytes: 1MiB}, {src: 6, dst: 7, bytes: 1MiB, after: [x]}]}"), "scenarios/ok.yaml",
                List.of());
        List<FlowSpec> flows = s.workload().flows(16, 1);
        // 3 incast flows and a 16-host permutation's 16 come first: the flows part begins at index 19.
        assertEquals(21, flows.size());
        assertArrayEquals(new int[] {19}, flows.get(20).after());
        assertEquals(5, flows.get(flows.get(20).dependency(0)).src());
    }
}
