package io.fabricemu.cluster.wire;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.fabricemu.net.PdsAck;
import io.fabricemu.net.PdsRequest;

/** Jackson mix-in for the sealed {@link io.fabricemu.net.PdsHeader}: a property {@code "t"}, "req" or "ack". */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "t")
@JsonSubTypes({@JsonSubTypes.Type(value = PdsRequest.class, name = "req"),
        @JsonSubTypes.Type(value = PdsAck.class, name = "ack")})
interface PdsHeaderMixin {
}
