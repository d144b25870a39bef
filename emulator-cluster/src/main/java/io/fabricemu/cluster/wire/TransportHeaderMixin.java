package io.fabricemu.cluster.wire;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.fabricemu.net.BtsHeader;
import io.fabricemu.net.NoHeader;
import io.fabricemu.net.PdsAck;
import io.fabricemu.net.PdsRequest;
import io.fabricemu.net.RoceHeader;

/**
 * Jackson mix-in for the sealed {@link io.fabricemu.net.TransportHeader}: a property {@code "t"}, "none", "req",
 * "ack", "roce" or "bts" (for {@link NoHeader}, a constant written as a string, Jackson wraps type and value in an
 * array instead).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "t")
@JsonSubTypes({@JsonSubTypes.Type(value = NoHeader.class, name = "none"),
        @JsonSubTypes.Type(value = PdsRequest.class, name = "req"),
        @JsonSubTypes.Type(value = PdsAck.class, name = "ack"),
        @JsonSubTypes.Type(value = RoceHeader.class, name = "roce"),
        @JsonSubTypes.Type(value = BtsHeader.class, name = "bts")})
interface TransportHeaderMixin {
}
