package io.fabricemu.cluster.wire;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.DatabindContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.jsontype.impl.TypeIdResolverBase;

/**
 * Jackson type ids of the signals, taken from {@link WireSignals}: the same closed list as the compact format, so
 * both serializers accept and refuse the same signals. Jackson's default for an unregistered subtype would be to
 * write its simple class name and fail only on the reading member; this fails on the writing one.
 */
final class SignalTypeIds extends TypeIdResolverBase {

    /** Jackson instantiates this by reflection. */
    SignalTypeIds() {
    }

    @Override
    public String idFromValue(Object value) {
        return WireSignals.nameOf(value.getClass());
    }

    @Override
    public String idFromValueAndType(Object value, Class<?> suggestedType) {
        return WireSignals.nameOf(value != null ? value.getClass() : suggestedType);
    }

    @Override
    public JavaType typeFromId(DatabindContext context, String id) {
        return context.constructType(WireSignals.byName(id));
    }

    @Override
    public JsonTypeInfo.Id getMechanism() {
        return JsonTypeInfo.Id.CUSTOM;
    }
}
