package io.fabricemu.scenario.workload;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.scenario.yaml.ScenarioException;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Flow-size CDFs in their text form: the built-in WebSearch and Hadoop CDFs read, their means as HPCC's
 * traffic generator computes them (the trapezoids of the CDF), sizes read between points on straight lines, and
 * every bad file refused at its own line.
 */
class CdfTextTest {
    private static final String GOOD = String.join("\n", "# sizes", "0 0", "", "1000 0.5", "3000 1", "");

    @Test
    void builtIn_websearchAndHadoop_haveThePublishedMeans() {
        // WebSearch: sum of (p1 - p0) x (s0 + s1) / 2 over its 11 segments = 1,711,250 B; Hadoop's 19: 120,420.75 B.
        FlowSizeCdf web = CdfText.builtIn("websearch");
        FlowSizeCdf hadoop = CdfText.builtIn("hadoop");
        assertAll(
                () -> assertEquals(1_711_250, web.meanBytes(), 1e-6),
                () -> assertEquals(30_000_000, web.maxBytes()),
                () -> assertEquals(120_420.75, hadoop.meanBytes(), 1e-6),
                () -> assertEquals(10_000_000, hadoop.maxBytes()));
    }

    @Test
    void sizeAt_readsBetweenPointsOnStraightLines() throws ScenarioException {
        FlowSizeCdf cdf = CdfText.parse("t.cdf", GOOD);
        // u = 0.25 is halfway from (0, 0) to (1000, 0.5): 500 B; u = 0.75 halfway to (3000, 1): 2000 B.
        assertAll(
                () -> assertEquals(500, cdf.sizeAt(0.25)),
                () -> assertEquals(2000, cdf.sizeAt(0.75)),
                () -> assertEquals(1, cdf.sizeAt(0.0), "at least one byte"),
                () -> assertEquals(1000, cdf.sizeAt(0.5)),
                () -> assertEquals(1250, cdf.meanBytes(), 1e-9, "0.5 x 500 + 0.5 x 2000"));
    }

    @Test
    void sample_manyDraws_meanWithinOnePercentOfTheCdfsMean() {
        FlowSizeCdf web = CdfText.builtIn("websearch");
        SplittableRandom random = new SplittableRandom(7);
        double sum = 0;
        int n = 400_000;
        for (int i = 0; i < n; i++) {
            sum += web.sample(random);
        }
        // The sizes' standard deviation is 3.97 MB, so the mean of 400,000 draws is within 6.3 KB (0.37%) of
        // 1,711,250 B at one sigma; 1% is 2.7 sigmas.
        assertEquals(web.meanBytes(), sum / n, web.meanBytes() * 0.01);
    }

    @Test
    void firstPointAboveZero_isAStepAtTheFirstSize() throws ScenarioException {
        FlowSizeCdf cdf = CdfText.parse("t.cdf", "100 0.4\n200 1\n");
        assertAll(
                () -> assertEquals(100, cdf.sizeAt(0.3)),
                () -> assertEquals(150, cdf.sizeAt(0.7)),
                () -> assertEquals(0.4 * 100 + 0.6 * 150, cdf.meanBytes(), 1e-9));
    }

    static Stream<Arguments> badFiles() {
        return Stream.of(
                Arguments.of("0 0\n1000 0.5\n1000 1\n", 3, "is not larger than the one before (1000)"),
                Arguments.of("0 0\n1000 0.5\n2000 0.4\n3000 1\n", 3, "is smaller than the one before"),
                Arguments.of("0 0\n1000 1.5\n", 2, "is outside 0..1"),
                Arguments.of("0 0\n1000 -0.5\n2000 1\n", 2, "is outside 0..1"),
                Arguments.of("# c\n0 0\n1000 0.5\n", 3, "the last probability is 0.5, not 1"),
                Arguments.of("0 0\n10KB 1\n", 2, "'10KB' is not a size"),
                Arguments.of("0 0\n1000 half\n", 2, "'half' is not a probability"),
                Arguments.of("0 0\n1000 0.5 7\n", 2, "expected 2 numbers"),
                Arguments.of("# only a comment\n", 1, "the file has no point"));
    }

    @ParameterizedTest(name = "{2}")
    @MethodSource("badFiles")
    void parse_badFile_refusedAtItsLine(String text, int line, String fragment) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> CdfText.parse("bad.cdf", text));
        assertAll(
                () -> assertEquals("bad.cdf", e.source()),
                () -> assertEquals(line, e.line(), e.getMessage()),
                () -> assertTrue(e.getMessage().contains(fragment), e.getMessage()),
                () -> assertTrue(e.getMessage().contains("bad.cdf:" + line), e.getMessage()));
    }

    @Test
    void builtIn_unknownName_refused() {
        assertThrows(IllegalArgumentException.class, () -> CdfText.builtIn("datamining"));
        assertEquals(List.of("websearch", "hadoop"), CdfText.BUILT_IN);
    }
}
