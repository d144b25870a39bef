package io.fabricemu.fault;

/**
 * The link goes down (no light: the transmitter sends nothing, what is on the wire is lost) or comes back up.
 *
 * @param down true for down, false for up
 */
public record LinkState(boolean down) implements FaultAction {
}
