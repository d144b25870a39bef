package io.fabricemu.scenario.bind;

import io.fabricemu.engine.Sampling;
import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.scenario.yaml.Units;

/**
 * Binds the optional {@code sampling} section: how often every port and flow records its state in virtual
 * time, for the report's plots and the {@code series-*.csv} files.
 *
 * <pre>
 * sampling:
 *   interval: 1us        # 1ns..1s, or off (nothing recorded: no plots, no series files' rows)
 *   maxPoints: 200       # 2..100000; the interval doubles whenever the run would need more ticks
 * </pre>
 * Absent means {@link Sampling#DEFAULT}. {@code interval: off} is the only way to turn recording off; with it
 * {@code maxPoints} may not be given, since it would mean nothing.
 */
public final class SamplingBinder {
    static final long MIN_INTERVAL_PS = 1_000;
    static final long MAX_INTERVAL_PS = 1_000_000_000_000L;
    static final int MAX_POINTS = 100_000;

    private SamplingBinder() {
    }

    public static Sampling bind(Section s) throws ScenarioException {
        s.declare("interval", "maxPoints");
        s.rejectUnknownFields();
        Field interval = s.optional("interval");
        if (interval != null && "off".equals(interval.text())) {
            if (s.has("maxPoints")) {
                throw s.error("maxPoints", "not allowed with interval: off (nothing is recorded); remove it, or give"
                        + " interval a time from 1ns to 1s");
            }
            return Sampling.OFF;
        }
        long intervalPs = Sampling.DEFAULT.intervalPs();
        if (interval != null) {
            try {
                Units.parseTimePs(interval.text());
            } catch (IllegalArgumentException notTime) {
                throw interval.error("'" + interval.text() + "' is neither a time nor off; use a time from 1ns to 1s"
                        + " (e.g. 1us, 5us) or off to record nothing");
            }
            intervalPs = interval.asTimePs(MIN_INTERVAL_PS, MAX_INTERVAL_PS);
        }
        int maxPoints = s.optionalInt("maxPoints", Sampling.DEFAULT.maxPoints(), 2, MAX_POINTS);
        return new Sampling(intervalPs, maxPoints);
    }
}
