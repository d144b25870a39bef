package io.fabricemu.scenario.bind;

import io.fabricemu.fault.FaultAction;
import io.fabricemu.fault.Flap;
import io.fabricemu.fault.LinkState;
import io.fabricemu.fault.LossEffect;
import io.fabricemu.fault.RateChange;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.scenario.yaml.Units;
import java.util.List;

/**
 * What an entry of the {@code faults} list does to its target from its time {@code at} on. It has exactly one of:
 * <pre>
 *   state: down                                   # or up: the link goes dark, or comes back
 *   flap: {period: 100us, down: 20us, until: 1ms}  # down for down at the start of every period; until: stop
 *   rate: 25Gbps                                  # serializes at this rate (a degraded lane)
 *   loss: 0.1%                                    # or none, or a bursty channel ({@link LossBinder})
 *   corrupt: 0.1%                                 # the same forms; the receiver discards what it picks
 * </pre>
 */
final class FaultActions {
    static final List<String> KEYS = List.of("state", "flap", "rate", "loss", "corrupt");
    static final List<String> STATES = List.of("down", "up");

    /** The action, and how the entry's label says what it does (before its time: {@code down}, {@code at 25Gbps}). */
    record Action(FaultAction action, String what) {
    }

    private FaultActions() {
    }

    /**
     * The entry's action; {@code atPs} is its time, or -1 when that is in error; {@code stopPs} the run's stop time
     * ({@link Long#MAX_VALUE} when it is in error). Null, with nothing reported, when it gives none beside an
     * unknown field ({@code knownFields} false): that field is most likely the action, misspelt.
     */
    static Action bind(Section entry, long atPs, long stopPs, boolean knownFields) throws ScenarioException {
        String given = OneKey.of(entry, KEYS, knownFields, "a fault needs an action, one of state: down or up,"
                + " flap: {period, down, until}, rate: RATE, loss: PROBABILITY or corrupt: PROBABILITY",
                "a fault does one thing", "give each its own entry (at the same time, if need be)");
        if (given == null) {
            return null;
        }
        return switch (given) {
            case "state" -> {
                String state = entry.requiredOneOf("state", STATES);
                yield new Action(new LinkState(state.equals("down")), state);
            }
            case "flap" -> flap(entry.optional("flap").asSection(), atPs, stopPs);
            case "rate" -> {
                long rateBps = entry.requiredRateBps("rate", 1, Long.MAX_VALUE);
                yield new Action(new RateChange(rateBps), "at " + Units.exactRate(rateBps));
            }
            case "loss" -> LossBinder.bind(entry, "loss", LossEffect.LOSS);
            case "corrupt" -> LossBinder.bind(entry, "corrupt", LossEffect.CORRUPTION);
            default -> throw new AssertionError(given);
        };
    }

    private static Action flap(Section flap, long atPs, long stopPs) throws ScenarioException {
        flap.declare("period", "down", "until");
        flap.rejectUnknownFields();
        long periodPs = flap.requiredTimePs("period", 1, Limits.MAX_TIME_PS);
        long downPs = flap.requiredTimePs("down", 1, Limits.MAX_TIME_PS);
        long untilPs = flap.optionalTimePs("until", Math.min(stopPs, Limits.MAX_TIME_PS), 1, Limits.MAX_TIME_PS);
        if (downPs >= periodPs) {
            throw flap.error("down", "'" + flap.optional("down").text() + "' must be shorter than period ('"
                    + flap.optional("period").text() + "'): the link is down for down at the start of every"
                    + " period, then up for the rest of it");
        }
        if (flap.has("until") && untilPs > stopPs) {
            throw flap.error("until", "'" + flap.optional("until").text() + "' is after stop ("
                    + Units.formatTimePs(stopPs) + "); end the flap at or before stop, or raise stop");
        }
        if (atPs >= 0 && untilPs <= atPs) {
            String detail = " must be after at (" + time(atPs) + "): the flap starts at at and starts no new period"
                    + " from until on";
            throw flap.has("until") ? flap.error("until", "'" + flap.optional("until").text() + "'" + detail)
                    : flap.error("until (by default stop)" + detail);
        }
        return new Action(new Flap(periodPs, downPs, untilPs), "flap every " + time(periodPs) + " ("
                + time(downPs) + " down)");
    }

    /** A time as labels write it: exactly, in the largest unit that divides it; zero as {@code 0ns}. */
    static String time(long ps) {
        return ps == 0 ? "0ns" : Units.exactTime(ps);
    }
}
