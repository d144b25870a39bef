package io.fabricemu.fault;

/** How a faulty link picks the packets it loses; each link draws from a generator of its own, seeded per link. */
public sealed interface LossModel permits NoLoss, RandomLoss, GilbertElliott {
}
