package io.fabricemu.scenario.bind;

import io.fabricemu.cc.CongestionControlKind;
import io.fabricemu.roce.DcqcnCompanions;
import io.fabricemu.roce.DcqcnParams;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.time.Ps;
import io.fabricemu.uet.cc.CongestedPaths;
import io.fabricemu.uet.cc.CongestionEwma;
import io.fabricemu.uet.cc.NsccCompanions;
import io.fabricemu.uet.cc.NsccLoop;
import io.fabricemu.uet.cc.PathNotCongested;
import java.util.List;

/**
 * Binds the companion mechanisms of US 12,388,756 (RTT+ECN path-not-congested test, responsibility-scaled
 * decrease, spraying gates), each off unless named. Under {@code transport.nscc}, with NSCC running:
 * <pre>
 * nscc:
 *   pathNotCongested: {slackPackets: 1, gainPer1024: 1024}     # {} for these defaults
 *   responsibilityScaled: true                                 # default false
 *   ewmaGate: {gainPer1024: 64, thresholdPer1024: 256}
 *   pathGate: {paths: 64, thresholdPer1024: 512}
 * </pre>
 * and inside {@code transport.dcqcn}, with {@code cc: dcqcn}:
 * <pre>
 * dcqcn:
 *   pathNotCongested: {period: 55us, slackPackets: 1}          # period defaults to the rate timer T
 *   responsibilityScaled: true
 * </pre>
 * A map's presence turns its mechanism on; every field in it is optional.
 */
final class CompanionBinder {
    static final List<String> BOOLEAN = List.of("false", "true");
    /** The keys {@link #dcqcn} reads from the {@code dcqcn} map. */
    static final String[] DCQCN_KEYS = {"pathNotCongested", "responsibilityScaled"};

    private CompanionBinder() {
    }

    /** {@code transport.nscc}, or {@link NsccCompanions#OFF} when absent; an error unless {@code cc} runs NSCC. */
    static NsccCompanions nscc(Section t, CongestionControlKind cc) throws ScenarioException {
        if (!t.has("nscc")) {
            return NsccCompanions.OFF;
        }
        if (!cc.nscc()) {
            throw t.error("nscc", "sets NSCC's companion mechanisms, but cc: " + cc.scenarioName()
                    + " runs no NSCC; set "
                    + "transport.cc to nscc or nscc+rccc, or remove it");
        }
        Section n = t.requiredSection("nscc");
        n.declare("pathNotCongested", "responsibilityScaled", "ewmaGate", "pathGate");
        n.declare(NsccLoopBinder.KEYS);
        n.rejectUnknownFields();
        PathNotCongested.Params clear = null;
        if (n.has("pathNotCongested")) {
            Section s = n.requiredSection("pathNotCongested");
            s.declare("slackPackets", "gainPer1024");
            s.rejectUnknownFields();
            PathNotCongested.Params d = PathNotCongested.Params.DEFAULTS;
            clear = new PathNotCongested.Params(
                    s.optionalInt("slackPackets", d.slackPackets(), 0, PathNotCongested.Params.MAX_SLACK_PACKETS),
                    s.optionalInt("gainPer1024", d.gainPer1024(), 1, PathNotCongested.Params.MAX_GAIN_PER_1024));
        }
        boolean scaled = responsibilityScaled(n);
        CongestionEwma.Params ewma = null;
        if (n.has("ewmaGate")) {
            Section s = n.requiredSection("ewmaGate");
            s.declare("gainPer1024", "thresholdPer1024");
            s.rejectUnknownFields();
            CongestionEwma.Params d = CongestionEwma.Params.DEFAULTS;
            ewma = new CongestionEwma.Params(s.optionalInt("gainPer1024", d.gainPer1024(), 1, 1024),
                    s.optionalInt("thresholdPer1024", d.thresholdPer1024(), 1, 1024));
        }
        CongestedPaths.Params paths = null;
        if (n.has("pathGate")) {
            Section s = n.requiredSection("pathGate");
            s.declare("paths", "thresholdPer1024");
            s.rejectUnknownFields();
            CongestedPaths.Params d = CongestedPaths.Params.DEFAULTS;
            paths = new CongestedPaths.Params(s.optionalInt("paths", d.paths(), 1, CongestedPaths.Params.MAX_PATHS),
                    s.optionalInt("thresholdPer1024", d.thresholdPer1024(), 1, 1024));
        }
        return new NsccCompanions(clear, scaled, ewma, paths);
    }

    /**
     * NSCC's control loop from {@code transport.nscc} ({@link NsccLoopBinder}); the reference loop when the
     * map is absent. Call after {@link #nscc}, which checks that {@code cc} runs NSCC and declares the keys.
     */
    static NsccLoop nsccLoop(Section t) throws ScenarioException {
        return NsccLoopBinder.bind(t.has("nscc") ? t.requiredSection("nscc") : null);
    }

    /**
     * The companion keys of the {@code dcqcn} map {@code m} (whose {@link #DCQCN_KEYS} are declared); the base
     * RTT is left 0, to be derived from the topology.
     */
    static DcqcnCompanions dcqcn(Section m, DcqcnParams dcqcn, int mtuBytes) throws ScenarioException {
        boolean scaled = responsibilityScaled(m);
        long periodPs = 0;
        int slackPackets = 0;
        if (m.has("pathNotCongested")) {
            Section s = m.requiredSection("pathNotCongested");
            s.declare("period", "slackPackets");
            s.rejectUnknownFields();
            periodPs = s.optionalTimePs("period", dcqcn.rateTimerPs(), 1, Ps.PER_S);
            slackPackets = s.optionalInt("slackPackets", 1, 0, DcqcnCompanions.MAX_SLACK_PACKETS);
        }
        return new DcqcnCompanions(scaled, periodPs, 0, slackPackets, mtuBytes);
    }

    private static boolean responsibilityScaled(Section s) throws ScenarioException {
        return "true".equals(s.optionalOneOf("responsibilityScaled", "false", BOOLEAN));
    }
}
