package io.fabricemu.topology;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SpecValidationTest {
    private static final LinkSpec L = Fixtures.G100;

    static Stream<Arguments> badSpecs() {
        return Stream.of(
                bad("rateBps", () -> new LinkSpec(0, 1, 0)),
                bad("delayPs", () -> new LinkSpec(1, 0, 0)),
                bad("fecDelayPs", () -> new LinkSpec(1, 1, -1)),
                bad("lossProbability", () -> new LinkSpec(1, 1, 0, 1)),
                bad("lossProbability", () -> new LinkSpec(1, 1, 0, -0.01)),
                bad("lossProbability", () -> new LinkSpec(1, 1, 0, Double.NaN)),
                bad("leaves", () -> new LeafSpineSpec(0, 1, 1, 1, L, L)),
                bad("hostsPerLeaf", () -> new LeafSpineSpec(1, -1, 1, 1, L, L)),
                bad("spines", () -> new LeafSpineSpec(1, 1, 0, 1, L, L)),
                bad("linksPerSpine", () -> new LeafSpineSpec(1, 1, 1, 0, L, L)),
                bad("fabricLink", () -> new LeafSpineSpec(1, 1, 1, 1, L, null)),
                bad("pods", () -> new FatTreeSpec(0, 1, 1, 1, 1, L, L, L)),
                bad("torsPerPod", () -> new FatTreeSpec(1, 0, 1, 1, 1, L, L, L)),
                bad("hostsPerTor", () -> new FatTreeSpec(1, 1, 0, 1, 1, L, L, L)),
                bad("aggsPerPod", () -> new FatTreeSpec(1, 1, 1, 0, 1, L, L, L)),
                bad("cores", () -> new FatTreeSpec(1, 1, 1, 2, 3, L, L, L)),
                bad("coreLink", () -> new FatTreeSpec(1, 1, 1, 1, 1, L, L, null)),
                bad("k", () -> FatTreeSpec.kAry(5, L, L, L)),
                bad("segmentsPerPod", () -> new RailOptimisedSpec(1, 0, 1, 1, 1, 0, L, L, null)),
                bad("gpusPerNode", () -> new RailOptimisedSpec(1, 1, 1, 0, 1, 0, L, L, null)),
                bad("superSpines", () -> new RailOptimisedSpec(1, 1, 1, 1, 1, 2, L, L, null)),
                bad("superSpines", () -> new RailOptimisedSpec(2, 1, 1, 1, 1, 0, L, L, L)),
                bad("superLink", () -> new RailOptimisedSpec(2, 1, 1, 1, 1, 1, L, L, null)),
                bad("switches", () -> new RingSpec(2, 1, L, L, RingRouting.CLOCKWISE)),
                bad("hostsPerSwitch", () -> new RingSpec(3, 0, L, L, RingRouting.CLOCKWISE)),
                bad("ringLink", () -> new RingSpec(3, 1, L, null, RingRouting.SHORTEST)),
                bad("routing", () -> new RingSpec(3, 1, L, L, null)),
                bad("leaves x hostsPerLeaf = 1,000,000,000,000 hosts, with 1,000,001 switches; a fabric has at most"
                        + " 2,147,483,647 hosts and switches", () -> new LeafSpineSpec(1_000_000, 1_000_000, 1, 1, L, L)),
                bad("leaves x hostsPerLeaf = 2,147,483,647 hosts, with 2 switches",
                        () -> new LeafSpineSpec(1, Integer.MAX_VALUE, 1, 1, L, L)),
                bad("pods x torsPerPod x hostsPerTor = 1,000,000,000,000 hosts",
                        () -> new FatTreeSpec(1_000_000, 1_000, 1_000, 1, 1, L, L, L)),
                bad("pods x segmentsPerPod x nodesPerSegment x gpusPerNode = more than 9,223,372,036,854,775,806"
                        + " hosts", () -> new RailOptimisedSpec(Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE,
                        Integer.MAX_VALUE, 1, 1, L, L, L)),
                bad("switches x hostsPerSwitch = 1,000,000,000,000 hosts",
                        () -> new RingSpec(1_000_000, 1_000_000, L, L, RingRouting.SHORTEST)),
                bad("k = 100000 makes (k/2)^2 = 2500000000 cores", () -> FatTreeSpec.kAry(100_000, L, L, L)),
                bad("spec", () -> Topologies.build(null)),
                bad("tier", () -> new Cable(0, 0, 0, 1, 0, L, null)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badSpecs")
    void constructor_badArgument_throwsNamingTheField(String field, Executable construct) {
        // counts whose hosts and switches overflow an int are refused before any int arithmetic on them
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, construct);
        assertTrue(e.getMessage().contains(field), e.getMessage());
    }

    private static Arguments bad(String field, Executable construct) {
        return Arguments.of(field, construct);
    }
}
