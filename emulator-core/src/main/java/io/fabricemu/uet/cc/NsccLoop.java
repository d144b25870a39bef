package io.fabricemu.uet.cc;

/**
 * How an NSCC context turns ACKs into window changes, and so which {@link Nscc} it runs: per ACK
 * ({@link PerAckLoop}, {@link PerAckNscc}: each ACK's own delay sample sizes every change at once, as this
 * emulator did first) or as the Ultra Ethernet Consortium's reference simulator does ({@link ReferenceLoop},
 * {@link ReferenceNscc}: htsim, {@code htsim/sim/uec.cpp}, {@code UecSrc::initNsccParams}, {@code quick_adapt},
 * {@code update_delay}, {@code fulfill_adjustment}, {@code multiplicative_decrease}).
 *
 * <p>The Ultra Ethernet plan holds one loop, bound from the scenario; every context's controller is made from
 * it ({@link #create}), so the loop is chosen once, when the fabric is built, and a NIC's contexts all run the
 * same class.
 */
public sealed interface NsccLoop permits PerAckLoop, ReferenceLoop {
    /** The per-ACK loop. */
    PerAckLoop PER_ACK = new PerAckLoop();
    /** The reference simulator's loop with its defaults. */
    ReferenceLoop REFERENCE = new ReferenceLoop(true, 3, 80, ReferenceLoop.DERIVE, ReferenceLoop.DERIVE,
            ReferenceLoop.DERIVE, ReferenceLoop.DERIVE, 80, BaseRttLearning.OFF);

    /** A context in state READY on the path {@code params} describes, running this loop and {@code companions}. */
    Nscc create(NsccParams params, NsccCompanions companions);
}
