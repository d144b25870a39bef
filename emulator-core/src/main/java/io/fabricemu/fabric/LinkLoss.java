package io.fabricemu.fabric;

/** A link's loss probability, from its cable's and the one every link has. */
final class LinkLoss {
    private LinkLoss() {
    }

    /**
     * The cable's loss ({@link io.fabricemu.topology.LinkSpec#lossProbability()}, a topology file's) and the one every
     * link has ({@code everyLink}, tests'), independent draws in effect; either alone when the other is 0.
     */
    static double of(double everyLink, double cableLoss) {
        if (cableLoss == 0) {
            return everyLink;
        }
        return everyLink == 0 ? cableLoss : 1 - (1 - everyLink) * (1 - cableLoss);
    }
}
