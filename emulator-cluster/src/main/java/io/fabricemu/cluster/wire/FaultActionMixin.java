package io.fabricemu.cluster.wire;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.fabricemu.fault.Flap;
import io.fabricemu.fault.LinkState;
import io.fabricemu.fault.LossChange;
import io.fabricemu.fault.RateChange;

/**
 * Jackson mix-in for {@link io.fabricemu.fault.FaultAction}, which a run's result carries in its faults: a property
 * {@code "t"} names the action, so a field declared by the sealed interface can be read back.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "t")
@JsonSubTypes({
        @JsonSubTypes.Type(value = LinkState.class, name = "state"),
        @JsonSubTypes.Type(value = Flap.class, name = "flap"),
        @JsonSubTypes.Type(value = RateChange.class, name = "rate"),
        @JsonSubTypes.Type(value = LossChange.class, name = "loss")})
interface FaultActionMixin {
}
