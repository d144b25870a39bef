package io.fabricemu.uet.cc;

/** NSCC's per-ACK loop ({@link PerAckNscc}); it has no settings of its own. */
public record PerAckLoop() implements NsccLoop {
    @Override
    public PerAckNscc create(NsccParams params, NsccCompanions companions) {
        return new PerAckNscc(params, companions);
    }
}
