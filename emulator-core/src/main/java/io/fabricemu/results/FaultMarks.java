package io.fabricemu.results;

import io.fabricemu.fault.Fault;
import io.fabricemu.fault.FaultPlan;
import io.fabricemu.fault.FaultTimelines;
import io.fabricemu.fault.LinkTimeline;
import io.fabricemu.fault.LossChange;
import io.fabricemu.fault.NoLoss;
import io.fabricemu.fault.RateChange;
import io.fabricemu.report.LinkMark;
import io.fabricemu.report.TimeMark;
import java.util.ArrayList;
import java.util.List;

/**
 * How a run's faults show in its report: a mark on every plot over time per fault (a red line where a link goes
 * down, with a band until the fault's links are all back up, or to the plot's end; a band over a flap's cycles; a
 * green line where links come back up; an orange line where a rate, loss or corruption changes), labelled
 * {@code f<index>}; and, in the picture of the fabric, each cable a fault took down or degraded by the run's end.
 */
final class FaultMarks {
    static final String DOWN = "#d62728";
    static final String UP = "#2ca02c";
    static final String DEGRADED = "#ff7f0e";

    private FaultMarks() {
    }

    /** One mark per fault, in list order. */
    static List<TimeMark> of(FaultOutcome outcome) {
        if (outcome.isEmpty()) {
            return List.of();
        }
        LinkTimeline[] timelines = timelines(outcome, 0);
        List<TimeMark> marks = new ArrayList<>();
        for (Fault f : outcome.faults()) {
            String kind = FaultCost.kind(f.action());
            String colour = switch (kind) {
                case "down", "flap" -> DOWN;
                case "up" -> UP;
                default -> DEGRADED;
            };
            long untilPs = f.atPs();
            for (int k = 0; k < f.directionCount(); k++) {
                LinkTimeline t = timelines[f.direction(k)];
                for (int i = 0; i < t.downIntervals(); i++) {
                    if (t.downFault(i) == f.index()) {
                        untilPs = Math.max(untilPs, t.downUntilPs(i));
                    }
                }
            }
            marks.add(new TimeMark("f" + f.index(), colour, f.atPs(), untilPs,
                    "fault " + f.index() + ": " + f.label()));
        }
        return marks;
    }

    /**
     * Each cable of {@code map} (by cable id) as the picture draws it: {@link LinkMark#DOWN} when a direction of it
     * was down at some moment up to {@code endPs}, {@link LinkMark#DEGRADED} when not but a fault by then lowered its
     * rate or made it lose or corrupt packets, else {@link LinkMark#NONE}.
     */
    static LinkMark[] links(FaultOutcome outcome, FabricMap map, long endPs) {
        LinkMark[] marks = new LinkMark[map.links().size()];
        java.util.Arrays.fill(marks, LinkMark.NONE);
        if (outcome.isEmpty()) {
            return marks;
        }
        LinkTimeline[] timelines = timelines(outcome, 2 * marks.length);
        for (int c = 0; c < marks.length; c++) {
            for (int d = 2 * c; d <= 2 * c + 1; d++) {
                if (timelines[d].downIntervals() > 0 && timelines[d].downFromPs(0) <= endPs) {
                    marks[c] = LinkMark.DOWN;
                }
            }
        }
        for (Fault f : outcome.faults()) {
            for (int k = 0; k < f.directionCount() && f.atPs() <= endPs; k++) {
                int c = f.direction(k) / 2;
                if (c < marks.length && marks[c] == LinkMark.NONE && degrades(f, map.links().get(c).rateBps())) {
                    marks[c] = LinkMark.DEGRADED;
                }
            }
        }
        return marks;
    }

    /** Whether {@code f} slows a link of {@code nominalBps} or makes it lose or corrupt packets. */
    private static boolean degrades(Fault f, long nominalBps) {
        if (f.action() instanceof RateChange r) {
            return r.rateBps() < nominalBps;
        }
        return f.action() instanceof LossChange l && !(l.model() instanceof NoLoss);
    }

    /** The faults that name a direction of cable {@code cable}, for its hover text ("" when none). */
    static String about(FaultOutcome outcome, int cable) {
        StringBuilder out = new StringBuilder();
        for (Fault f : outcome.faults()) {
            for (int k = 0; k < f.directionCount(); k++) {
                if (f.direction(k) / 2 == cable) {
                    out.append("; fault ").append(f.index()).append(": ").append(f.label());
                    break;
                }
            }
        }
        return out.toString();
    }

    /** Every direction's timeline, at least {@code directions} of them. */
    private static LinkTimeline[] timelines(FaultOutcome outcome, int directions) {
        int n = directions;
        for (Fault f : outcome.faults()) {
            n = Math.max(n, f.direction(f.directionCount() - 1) + 1);
        }
        return FaultTimelines.of(new FaultPlan(outcome.faults()), n);
    }
}
