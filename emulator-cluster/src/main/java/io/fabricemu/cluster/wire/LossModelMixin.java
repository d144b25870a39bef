package io.fabricemu.cluster.wire;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.fabricemu.fault.GilbertElliott;
import io.fabricemu.fault.NoLoss;
import io.fabricemu.fault.RandomLoss;

/** Jackson mix-in for {@link io.fabricemu.fault.LossModel}: a property {@code "t"} names the model. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "t")
@JsonSubTypes({
        @JsonSubTypes.Type(value = NoLoss.class, name = "none"),
        @JsonSubTypes.Type(value = RandomLoss.class, name = "random"),
        @JsonSubTypes.Type(value = GilbertElliott.class, name = "gilbert-elliott")})
interface LossModelMixin {
}
