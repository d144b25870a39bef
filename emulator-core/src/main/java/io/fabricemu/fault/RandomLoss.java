package io.fabricemu.fault;

/**
 * Each packet is picked independently with probability {@code probability}: a uniformly lossy link.
 *
 * @param probability in (0, 1)
 */
public record RandomLoss(double probability) implements LossModel {
    public RandomLoss {
        if (!(probability > 0 && probability < 1)) {
            throw new IllegalArgumentException("probability must be in (0, 1), was " + probability);
        }
    }
}
