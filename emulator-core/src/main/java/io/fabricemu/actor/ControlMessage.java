package io.fabricemu.actor;

/**
 * A message of the engine's control protocol that may cross a JVM boundary: windows opened and finished,
 * element reports, failures. A cluster binds this one interface to its control-message serializer (Jackson
 * CBOR in {@code emulator-cluster}); in one JVM it costs nothing. Packet batches ({@link ShardActor.PeerBatch})
 * are deliberately not control messages: they have a compact serializer of their own.
 */
public interface ControlMessage {
}
