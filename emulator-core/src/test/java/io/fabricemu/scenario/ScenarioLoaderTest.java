package io.fabricemu.scenario;

import static io.fabricemu.scenario.ScenarioTexts.BASE;
import static io.fabricemu.scenario.ScenarioTexts.FAT_TREE;
import static io.fabricemu.scenario.ScenarioTexts.MINIMAL;
import static io.fabricemu.scenario.ScenarioTexts.RING;
import static io.fabricemu.scenario.ScenarioTexts.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.cc.CongestionControlKind;
import io.fabricemu.engine.Sampling;
import io.fabricemu.fabric.SwitchConfig;
import io.fabricemu.roce.DcqcnCompanions;
import io.fabricemu.scenario.transport.TransportConfig;
import io.fabricemu.scenario.workload.AllToAll;
import io.fabricemu.scenario.workload.Incast;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.switching.ForwardingMode;
import io.fabricemu.topology.FatTreeSpec;
import io.fabricemu.topology.LeafSpineSpec;
import io.fabricemu.topology.LinkSpec;
import io.fabricemu.topology.RailOptimisedSpec;
import io.fabricemu.topology.RingRouting;
import io.fabricemu.topology.RingSpec;
import io.fabricemu.uet.cc.BaseRttLearning;
import io.fabricemu.uet.cc.CongestedPaths;
import io.fabricemu.uet.cc.CongestionEwma;
import io.fabricemu.uet.cc.NsccCompanions;
import io.fabricemu.uet.cc.NsccLoop;
import io.fabricemu.uet.cc.PathNotCongested;
import io.fabricemu.uet.cc.ReferenceLoop;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioLoaderTest {
    private static final LinkSpec HOST_100G = new LinkSpec(100_000_000_000L, 500_000, 0);

    @Test
    void parse_namesThatAreSafeFolderNames_areKept() throws ScenarioException {
        for (String name : List.of("A", "9", "incast-7to1", "v1.2_final", "n".repeat(100))) {
            assertEquals(name, ScenarioLoader.parse(BASE, "base.yaml", List.of("name=" + name)).name());
        }
    }

    @Test
    void parse_everyField_bindsToTheRecords() throws ScenarioException {
        Scenario s = ScenarioLoader.parse(BASE, "base.yaml", List.of());
        Scenario expected = new Scenario("err", 3,
                new LeafSpineSpec(2, 8, 2, 1, HOST_100G, new LinkSpec(400_000_000_000L, 500_000, 150_000)),
                SwitchConfig.defaults(),
                new TransportConfig(4150, 64, 256 * 1024, 100_000_000, CongestionControlKind.NONE),
                new Incast(0, List.of(1, 2, 3), 2L << 20, 0),
                1_000_000_000_000L, "base.yaml", Sampling.DEFAULT);
        assertEquals(expected, s);
        assertEquals(4086, s.transport().payloadBytes());
    }

    @Test
    void parse_onlyRequiredFields_takesTheDefaults() throws ScenarioException {
        Scenario s = ScenarioLoader.parse(MINIMAL, "min.yaml", List.of());
        assertEquals(1, s.seed());
        assertEquals(SwitchConfig.defaults(), s.switchConfig());
        assertEquals(TransportConfig.defaults(), s.transport());
        assertEquals(1_000_000_000_000L, s.stopPs());
        assertEquals(new AllToAll(1L << 20, 0), s.workload());
        assertEquals(1, ((LeafSpineSpec) s.topology()).linksPerSpine());
    }

    @Test
    void parse_emptySections_takeTheDefaults() throws ScenarioException {
        Scenario s = ScenarioLoader.parse(MINIMAL + "switch:\ntransport: ~\n", "min.yaml", List.of());
        assertEquals(SwitchConfig.defaults(), s.switchConfig());
        assertEquals(TransportConfig.defaults(), s.transport());
    }

    @Test
    void parse_nsccCompanions_bindEachMechanismWithItsDefaultsOrValues() throws ScenarioException {
        Scenario s = ScenarioLoader.parse(with(BASE, 20, "  cc: nscc\n  nscc: {pathNotCongested: {}, "
                + "responsibilityScaled: true, ewmaGate: {thresholdPer1024: 512}, pathGate: {paths: 8}}"),
                "c.yaml", List.of());
        assertEquals(new NsccCompanions(PathNotCongested.Params.DEFAULTS, true, new CongestionEwma.Params(64, 512),
                new CongestedPaths.Params(8, 512)), s.transport().uet().nsccCompanions());
        Scenario plain = ScenarioLoader.parse(with(BASE, 20, "  cc: nscc"), "p.yaml", List.of());
        assertEquals(NsccCompanions.OFF, plain.transport().uet().nsccCompanions());
    }

    @Test
    void parse_nsccLoop_referenceByDefaultPerAckOnRequestAndEachFieldBound() throws ScenarioException {
        Scenario plain = ScenarioLoader.parse(with(BASE, 20, "  cc: nscc"), "p.yaml", List.of());
        assertEquals(NsccLoop.REFERENCE, plain.transport().uet().nsccLoop());
        Scenario perAck = ScenarioLoader.parse(with(BASE, 20, "  cc: nscc\n  nscc: {loop: perAck}"), "a.yaml",
                List.of());
        assertEquals(NsccLoop.PER_ACK, perAck.transport().uet().nsccLoop());
        Scenario tuned = ScenarioLoader.parse(with(BASE, 20, "  cc: nscc+rccc\n  nscc: {quickAdapt: false, "
                + "quickAdaptGate: 2, delayAverageDivisor: 8, fairIncrease: 4KB, eta: 100B, adjustBytes: 16KB, "
                + "adjustPeriod: 3us, decreaseGammaPercent: 50, responsibilityScaled: true}"), "t.yaml", List.of());
        assertEquals(new ReferenceLoop(false, 2, 8, 4_000, 100, 16_000, 3_000_000, 50, BaseRttLearning.OFF),
                tuned.transport().uet().nsccLoop());
        assertTrue(tuned.transport().uet().nsccCompanions().responsibilityScaled());
    }

    @Test
    void parse_dcqcnCompanions_periodDefaultsToTheRateTimer() throws ScenarioException {
        Scenario s = ScenarioLoader.parse(with(BASE, 20, "  cc: dcqcn\n  dcqcn: {timer: 40us, "
                + "pathNotCongested: {slackPackets: 2}, responsibilityScaled: true}"), "d.yaml", List.of());
        assertEquals(new DcqcnCompanions(true, 40_000_000, 0, 2, 4150), s.transport().roce().dcqcnCompanions());
        Scenario plain = ScenarioLoader.parse(with(BASE, 20, "  cc: dcqcn"), "p.yaml", List.of());
        assertEquals(DcqcnCompanions.OFF, plain.transport().roce().dcqcnCompanions());
    }

    @Test
    void parse_storeAndForwardAndSharedBuffer() throws ScenarioException {
        Scenario s = ScenarioLoader.parse(MINIMAL + "switch: {forwarding: store-and-forward, sharedBuffer: 16MiB,"
                + " trafficClasses: 8, queue: 64KiB, latency: 1.5us, trimming: true}\n", "min.yaml", List.of());
        assertEquals(SwitchConfig.defaults().withLatencyPs(1_500_000).withForwarding(ForwardingMode.STORE_AND_FORWARD)
                .withQueueBytes(65_536).withSharedBufferBytes(16L << 20).withTrafficClasses(8).withTrimming(true),
                s.switchConfig());
    }

    @Test
    void parse_explicitFatTree() throws ScenarioException {
        FatTreeSpec spec = (FatTreeSpec) ScenarioLoader.parse(FAT_TREE, "f.yaml", List.of()).topology();
        assertEquals(new FatTreeSpec(4, 2, 2, 2, 4, HOST_100G, HOST_100G, HOST_100G), spec);
        assertEquals(16, spec.hostCount());
    }

    @Test
    void parse_kAryFatTree() throws ScenarioException {
        String yaml = with(FAT_TREE, 5, "  k: 4", 6, "", 7, "", 8, "", 9, "");
        FatTreeSpec spec = (FatTreeSpec) ScenarioLoader.parse(yaml, "f.yaml", List.of()).topology();
        assertEquals(FatTreeSpec.kAry(4, HOST_100G, HOST_100G, HOST_100G), spec);
    }

    @Test
    void parse_railOptimisedAcrossPods() throws ScenarioException {
        String yaml = String.join("\n", "name: rail", "topology:", "  kind: rail-optimised", "  pods: 2",
                "  segmentsPerPod: 2", "  nodesPerSegment: 2", "  gpusPerNode: 4", "  spinesPerPod: 2",
                "  superSpines: 2", "  hostLink: {rate: 100Gbps, delay: 500ns}",
                "  fabricLink: {rate: 100Gbps, delay: 500ns}", "  superLink: {rate: 400Gbps, delay: 1us}",
                "workload: {kind: permutation, bytes: 1MiB, start: 1us}", "");
        Scenario s = ScenarioLoader.parse(yaml, "r.yaml", List.of());
        assertEquals(new RailOptimisedSpec(2, 2, 2, 4, 2, 2, HOST_100G, HOST_100G,
                new LinkSpec(400_000_000_000L, 1_000_000, 0)), s.topology());
        assertEquals(32, s.workload().flows(s.topology().hostCount(), s.seed()).size());
    }

    @Test
    void parse_clockwiseRing() throws ScenarioException {
        Scenario s = ScenarioLoader.parse(RING, "ring.yaml", List.of());
        assertEquals(new RingSpec(4, 4, HOST_100G, HOST_100G, RingRouting.CLOCKWISE), s.topology());
        assertEquals(16, s.topology().hostCount());
    }

    @Test
    void parse_ringWithoutRouting_routesTheShortestWay() throws ScenarioException {
        Scenario s = ScenarioLoader.parse(with(RING, 7, ""), "ring.yaml", List.of());
        assertEquals(RingRouting.SHORTEST, ((RingSpec) s.topology()).routing());
    }

    @Test
    void load_readsAFileAndNamesItInErrors(@TempDir Path dir) throws IOException, ScenarioException {
        Path good = Files.writeString(dir.resolve("good.yaml"), MINIMAL);
        Scenario s = ScenarioLoader.load(good, List.of("seed=5"));
        assertEquals(good.toString(), s.source());
        assertEquals(5, s.seed());

        Path bad = Files.writeString(dir.resolve("bad.yaml"), with(MINIMAL, 4, "  leaves: 0"));
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(bad, List.of()));
        assertTrue(e.getMessage().startsWith(bad + ":4: topology.leaves: "), e.getMessage());
    }

    @Test
    void load_missingFile_saysThereIsNoSuchFile(@TempDir Path dir) {
        Path missing = dir.resolve("missing.yaml");
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(missing, List.of()));
        assertEquals(missing + ": no such file", e.getMessage());
        assertEquals(0, e.line());
    }

    @Test
    void parse_samplingSection_setsIntervalAndPoints() throws ScenarioException {
        Scenario s = ScenarioLoader.parse(BASE + "sampling: {interval: 5us, maxPoints: 1000}\n", "s.yaml", List.of());
        assertEquals(new Sampling(5_000_000, 1000), s.sampling());
    }

    @Test
    void parse_samplingOff_recordsNothing() throws ScenarioException {
        Scenario s = ScenarioLoader.parse(BASE, "s.yaml", List.of("sampling.interval=off"));
        assertEquals(Sampling.OFF, s.sampling());
    }

    @Test
    void parse_samplingIntervalOverride_keepsDefaultPoints() throws ScenarioException {
        Scenario s = ScenarioLoader.parse(BASE, "s.yaml", List.of("sampling.interval=250ns"));
        assertEquals(new Sampling(250_000, Sampling.DEFAULT.maxPoints()), s.sampling());
    }
}
