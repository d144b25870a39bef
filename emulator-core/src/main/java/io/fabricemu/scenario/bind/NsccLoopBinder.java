package io.fabricemu.scenario.bind;

import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.time.Ps;
import io.fabricemu.uet.cc.BaseRttLearning;
import io.fabricemu.uet.cc.NsccLoop;
import io.fabricemu.uet.cc.NsccParams;
import io.fabricemu.uet.cc.ReferenceLoop;
import java.util.List;

/**
 * Binds NSCC's control loop ({@link NsccLoop}) from the {@code transport.nscc} map, next to the companion
 * mechanisms {@link CompanionBinder} reads there:
 * <pre>
 * nscc:
 *   loop: reference            # reference (default) | perAck
 *   quickAdapt: true           # the reference loop's fields; each optional, defaults derived from the path
 *   quickAdaptGate: 3
 *   delayAverageDivisor: 80
 *   fairIncrease: 10240B       # default 5 x MTU x BDP / 150,000 B
 *   eta: 307B                  # default 0.15 x MTU x BDP / 150,000 B
 *   adjustBytes: 32768B        # default 8 x MTU
 *   adjustPeriod: 6us          # default the base RTT
 *   decreaseGammaPercent: 80
 *   learnBaseRtt: off          # off (default) | acks | acksAndNacks
 * </pre>
 * The reference loop's fields are an error with {@code loop: perAck}, which ignores them.
 */
final class NsccLoopBinder {
    static final String REFERENCE = "reference";
    static final String PER_ACK = "perAck";
    static final List<String> LOOPS = List.of(REFERENCE, PER_ACK);
    /** The reference loop's keys of the {@code nscc} map. */
    static final List<String> REFERENCE_KEYS = List.of("quickAdapt", "quickAdaptGate", "delayAverageDivisor",
            "fairIncrease", "eta", "adjustBytes", "adjustPeriod", "decreaseGammaPercent", "learnBaseRtt");
    /** Every key this binder reads from the {@code nscc} map. */
    static final String[] KEYS = {"loop", "quickAdapt", "quickAdaptGate", "delayAverageDivisor", "fairIncrease",
        "eta", "adjustBytes", "adjustPeriod", "decreaseGammaPercent", "learnBaseRtt"};

    private NsccLoopBinder() {
    }

    /** The loop of {@code n}, the {@code nscc} map (its {@link #KEYS} declared), or the reference loop if null. */
    static NsccLoop bind(Section n) throws ScenarioException {
        if (n == null) {
            return NsccLoop.REFERENCE;
        }
        n.declare(KEYS);
        String loop = n.optionalOneOf("loop", REFERENCE, LOOPS);
        if (loop.equals(PER_ACK)) {
            for (String key : REFERENCE_KEYS) {
                if (n.has(key)) {
                    throw n.error(key, "applies to the reference loop only, but loop: " + PER_ACK + " sizes every "
                            + "change per ACK; set loop: " + REFERENCE + " or remove it");
                }
            }
            return NsccLoop.PER_ACK;
        }
        ReferenceLoop d = NsccLoop.REFERENCE;
        boolean quickAdapt = "true".equals(n.optionalOneOf("quickAdapt", "true", CompanionBinder.BOOLEAN));
        int gate = n.optionalInt("quickAdaptGate", d.quickAdaptGate(), 0, ReferenceLoop.MAX_QUICK_ADAPT_GATE);
        int divisor = n.optionalInt("delayAverageDivisor", d.delayAverageDivisor(), 1,
                ReferenceLoop.MAX_DELAY_AVERAGE_DIVISOR);
        long fi = n.optionalBytes("fairIncrease", ReferenceLoop.DERIVE, 0, NsccParams.MAX_WINDOW_BYTES);
        long eta = n.optionalBytes("eta", ReferenceLoop.DERIVE, 0, NsccParams.MAX_WINDOW_BYTES);
        long adjustBytes = n.optionalBytes("adjustBytes", ReferenceLoop.DERIVE, 0, NsccParams.MAX_WINDOW_BYTES);
        long adjustPeriodPs = n.optionalTimePs("adjustPeriod", ReferenceLoop.DERIVE, 1, Ps.PER_S);
        int gamma = n.optionalInt("decreaseGammaPercent", d.decreaseGammaPercent(), 0, 100);
        BaseRttLearning learn = BaseRttLearning.named(n.optionalOneOf("learnBaseRtt",
                d.learnBaseRtt().scenarioName(), BaseRttLearning.scenarioNames()));
        try {
            return new ReferenceLoop(quickAdapt, gate, divisor, fi, eta, adjustBytes, adjustPeriodPs, gamma, learn);
        } catch (IllegalArgumentException invalid) {
            throw n.error(invalid);
        }
    }
}
