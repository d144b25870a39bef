package io.fabricemu.fabric;

import io.fabricemu.engine.Signal;

/**
 * A packet crossed a switch from an ingress port and is ready to queue at the egress port that handles
 * this event, at the event's time.
 */
public record Forward(Packet packet) implements Signal {
}
