package io.fabricemu.fault;

/**
 * What a fault does to each link direction it names, from its time on: the variants are the kinds of fault a
 * scenario can schedule.
 */
public sealed interface FaultAction permits LinkState, Flap, RateChange, LossChange {
}
