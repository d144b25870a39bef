package io.fabricemu.fault;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Turns a run's faults into the timeline of every link direction ({@link LinkTimeline}).
 *
 * <p>Each fault becomes changes of one part of a direction's state at given times: a {@link LinkState} one change,
 * a {@link Flap} a down and an up per period, a {@link RateChange} or a {@link LossChange} one change. Changes to
 * the same part apply in time order, and at the same time in the order of the faults in the list, the later
 * winning. A down that finds the link already down changes nothing (the first fault keeps the blame); an up that
 * finds it up neither.
 */
public final class FaultTimelines {
    private FaultTimelines() {
    }

    /** A change of one part of one direction's state. */
    private record Change(long atPs, int fault, int order, FaultAction action) {
    }

    /**
     * The timeline of every one of {@code directions} link directions under {@code plan};
     * {@link LinkTimeline#HEALTHY} for those it does not touch.
     */
    public static LinkTimeline[] of(FaultPlan plan, int directions) {
        List<List<Change>> byDirection = new ArrayList<>(directions);
        for (int d = 0; d < directions; d++) {
            byDirection.add(null);
        }
        for (Fault f : plan.faults()) {
            for (int k = 0; k < f.directionCount(); k++) {
                int d = f.direction(k);
                if (d >= directions) {
                    throw new IllegalArgumentException(f + " names link direction " + d + " of " + directions);
                }
                if (byDirection.get(d) == null) {
                    byDirection.set(d, new ArrayList<>());
                }
                expand(f, byDirection.get(d));
            }
        }
        LinkTimeline[] out = new LinkTimeline[directions];
        Arrays.fill(out, LinkTimeline.HEALTHY);
        for (int d = 0; d < directions; d++) {
            List<Change> changes = byDirection.get(d);
            if (changes != null) {
                changes.sort(Comparator.comparingLong(Change::atPs).thenComparingInt(Change::fault)
                        .thenComparingInt(Change::order));
                out[d] = timeline(changes);
            }
        }
        return out;
    }

    private static void expand(Fault f, List<Change> into) {
        if (f.action() instanceof Flap flap) {
            int order = 0;
            for (long startPs = f.atPs(); startPs < flap.untilPs(); startPs += flap.periodPs()) {
                into.add(new Change(startPs, f.index(), order++, new LinkState(true)));
                into.add(new Change(startPs + flap.downPs(), f.index(), order++, new LinkState(false)));
            }
        } else {
            into.add(new Change(f.atPs(), f.index(), 0, f.action()));
        }
    }

    private static LinkTimeline timeline(List<Change> changes) {
        List<long[]> down = new ArrayList<>();
        List<Integer> downFault = new ArrayList<>();
        long[] rateFrom = new long[changes.size()];
        long[] rate = new long[changes.size()];
        int[] rateFault = new int[changes.size()];
        int rates = 0;
        List<List<Change>> losses = List.of(new ArrayList<>(), new ArrayList<>());
        long downSincePs = -1;
        int downBy = -1;
        for (Change c : changes) {
            FaultAction a = c.action();
            if (a instanceof LinkState s && s.down()) {
                if (downSincePs < 0) {
                    downSincePs = c.atPs();
                    downBy = c.fault();
                }
            } else if (a instanceof LinkState) {
                if (downSincePs >= 0 && c.atPs() > downSincePs) {
                    down.add(new long[] {downSincePs, c.atPs()});
                    downFault.add(downBy);
                }
                downSincePs = -1;
            } else if (a instanceof RateChange r) {
                if (rates > 0 && rateFrom[rates - 1] == c.atPs()) {
                    rates--;
                }
                rateFrom[rates] = c.atPs();
                rate[rates] = r.rateBps();
                rateFault[rates] = c.fault();
                rates++;
            } else if (a instanceof LossChange l) {
                losses.get(l.effect().ordinal()).add(c);
            } else {
                throw new IllegalStateException("flaps are expanded before: " + a);
            }
        }
        if (downSincePs >= 0) {
            down.add(new long[] {downSincePs, Long.MAX_VALUE});
            downFault.add(downBy);
        }
        long[] from = new long[down.size()];
        long[] until = new long[down.size()];
        int[] by = new int[down.size()];
        for (int i = 0; i < down.size(); i++) {
            from[i] = down.get(i)[0];
            until[i] = down.get(i)[1];
            by[i] = downFault.get(i);
        }
        return new LinkTimeline(from, until, by, Arrays.copyOf(rateFrom, rates), Arrays.copyOf(rate, rates),
                Arrays.copyOf(rateFault, rates), new LossSegments[] {segments(losses.get(0)), segments(losses.get(1))});
    }

    private static LossSegments segments(List<Change> changes) {
        if (changes.isEmpty()) {
            return LossSegments.NONE;
        }
        List<Change> kept = new ArrayList<>();
        for (Change c : changes) {
            if (!kept.isEmpty() && kept.get(kept.size() - 1).atPs() == c.atPs()) {
                kept.remove(kept.size() - 1);
            }
            kept.add(c);
        }
        long[] from = new long[kept.size()];
        LossModel[] models = new LossModel[kept.size()];
        int[] faults = new int[kept.size()];
        for (int i = 0; i < kept.size(); i++) {
            from[i] = kept.get(i).atPs();
            models[i] = ((LossChange) kept.get(i).action()).model();
            faults[i] = kept.get(i).fault();
        }
        return new LossSegments(from, models, faults);
    }
}
