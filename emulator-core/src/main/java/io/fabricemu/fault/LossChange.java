package io.fabricemu.fault;

import java.util.Objects;

/**
 * From the fault's time on, the link loses (or corrupts) packets as {@code model} draws; {@link NoLoss} ends it.
 *
 * @param model  which packets are picked
 * @param effect lost on the wire, or corrupted and discarded by the receiver
 */
public record LossChange(LossModel model, LossEffect effect) implements FaultAction {
    public LossChange {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(effect, "effect");
    }
}
