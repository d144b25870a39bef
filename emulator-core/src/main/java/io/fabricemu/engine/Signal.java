package io.fabricemu.engine;

/**
 * What an event carries: a packet on a wire, a packet forwarded inside a switch, a timer. Each model
 * defines the signals it accepts as small immutable records implementing this interface.
 */
public interface Signal {
}
