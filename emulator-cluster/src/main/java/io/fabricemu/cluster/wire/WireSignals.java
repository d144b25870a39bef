package io.fabricemu.cluster.wire;

import io.fabricemu.engine.Signal;
import io.fabricemu.fault.RouteNotice;
import io.fabricemu.host.DependencyMet;
import io.fabricemu.net.Arrival;
import io.fabricemu.net.OnWire;
import io.fabricemu.net.PfcArrival;
import io.fabricemu.net.PfcOnWire;
import io.fabricemu.pfc.PfcReleased;
import io.fabricemu.pfc.PfcStuckChanged;
import io.fabricemu.switching.Forward;
import java.util.List;

/**
 * The signals that may cross a shard boundary, and so a JVM boundary: those one element sends to another
 * ({@code ctx.send}), each with a one-byte tag for the compact batch format and a short name for Jackson. Timers
 * ({@code ctx.schedule}) and the switch-internal signals (buffer leases, end of transmission) stay with their
 * element, and a switch is never split, so encoding one is a bug in the sharding: it fails naming the class.
 *
 * <p>A tag is a position in {@link #ALL} plus one; append new signals at the end so tags of existing ones keep
 * their meaning between members built at different times.
 */
final class WireSignals {

    /** A signal class and its short name. */
    record Kind(Class<? extends Signal> type, String name) {
    }

    /** Every signal that crosses shards, in tag order (tag = index + 1). */
    static final List<Kind> ALL = List.of(
            new Kind(OnWire.class, "OnWire"),
            new Kind(Arrival.class, "Arrival"),
            new Kind(Forward.class, "Forward"),
            new Kind(PfcOnWire.class, "PfcOnWire"),
            new Kind(PfcArrival.class, "PfcArrival"),
            new Kind(PfcReleased.class, "PfcReleased"),
            new Kind(PfcStuckChanged.class, "PfcStuckChanged"),
            new Kind(DependencyMet.class, "DependencyMet"),
            new Kind(RouteNotice.class, "RouteNotice"));

    private WireSignals() {
    }

    /** The tag of {@code type} (1..{@code ALL.size()}); fails naming the class for one that never crosses shards. */
    static int tagOf(Class<?> type) {
        for (int i = 0; i < ALL.size(); i++) {
            if (ALL.get(i).type() == type) {
                return i + 1;
            }
        }
        throw notOnWire(type);
    }

    /** The short name of {@code type}; fails naming the class for one that never crosses shards. */
    static String nameOf(Class<?> type) {
        return ALL.get(tagOf(type) - 1).name();
    }

    /** The class named {@code name}, or a failure listing the names known. */
    static Class<? extends Signal> byName(String name) {
        for (Kind k : ALL) {
            if (k.name().equals(name)) {
                return k.type();
            }
        }
        throw new IllegalArgumentException("unknown signal type id '" + name + "': expected one of "
                + ALL.stream().map(Kind::name).toList());
    }

    static IllegalArgumentException notOnWire(Class<?> type) {
        return new IllegalArgumentException("signal " + type.getName() + " cannot cross a JVM boundary: only "
                + ALL.stream().map(Kind::name).toList() + " go between shards (timers and switch-internal "
                + "signals stay with their element; register a new cross-shard signal in WireSignals)");
    }
}
