package io.fabricemu.cluster.wire;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.annotation.JsonTypeIdResolver;

/**
 * Jackson mix-in for {@link io.fabricemu.engine.Signal}: a property {@code "t"} holds the signal's short name from
 * {@link WireSignals}, which also refuses, naming the class, a signal that must never cross a JVM boundary.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.CUSTOM, include = JsonTypeInfo.As.PROPERTY, property = "t")
@JsonTypeIdResolver(SignalTypeIds.class)
interface SignalMixin {
}
