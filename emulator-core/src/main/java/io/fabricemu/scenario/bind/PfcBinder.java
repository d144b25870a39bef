package io.fabricemu.scenario.bind;

import io.fabricemu.net.PfcFrame;
import io.fabricemu.pfc.PfcSettings;
import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.scenario.yaml.Units;

/**
 * Binds the optional {@code switch.pfc} section: priority flow control (IEEE 802.1Qbb) on every switch.
 * Absent means no PFC.
 *
 * <pre>
 * pfc:
 *   classes: [0]          # lossless classes, default [0] (data); never the control class
 *   xoff: 64KiB           # pause above this many bytes per (ingress port, class)
 *   xon: 32KiB            # resume at or below, &lt;= xoff
 *   headroom: auto        # bytes accepted above xoff, or auto (from each port's cable and rate)
 *   quanta: 65535         # pause time, 1..65535 quanta of 512 bit times
 *   responseBitTimes: 3840  # upstream response time for automatic headroom
 *   deadlockTimeout: 5ms  # a class paused this long with packets waiting counts as stuck
 * </pre>
 */
final class PfcBinder {
    static final long DEFAULT_XOFF_BYTES = 64 * 1024;
    static final long DEFAULT_XON_BYTES = 32 * 1024;
    static final long DEFAULT_RESPONSE_BIT_TIMES = 3840;
    static final long DEFAULT_DEADLOCK_TIMEOUT_PS = 5_000_000_000L;

    private PfcBinder() {
    }

    static PfcSettings bind(Section sw, int trafficClasses, int mtuBytes) throws ScenarioException {
        if (sw.optional("pfc") == null) {
            return PfcSettings.NONE;
        }
        Section p = sw.requiredSection("pfc");
        p.declare("classes", "xoff", "xon", "headroom", "quanta", "responseBitTimes", "deadlockTimeout");
        p.rejectUnknownFields();
        int mask = classes(p, trafficClasses);
        long xoff = p.optionalBytes("xoff", DEFAULT_XOFF_BYTES, 1, Limits.MAX_BUFFER_BYTES);
        long xon = p.optionalBytes("xon", Math.min(DEFAULT_XON_BYTES, xoff), 0, Limits.MAX_BUFFER_BYTES);
        if (xon > xoff) {
            throw p.error("xon", "'" + p.optional("xon").text() + "' must be at most xoff ("
                    + Units.exactBytes(xoff) + "): the count must fall below the pause threshold to resume");
        }
        long headroom = headroom(p);
        int quanta = p.optionalInt("quanta", PfcFrame.MAX_QUANTA, 0, PfcFrame.MAX_QUANTA);
        if (quanta == 0) {
            throw p.error("quanta", "0 would make every pause frame a resume; use 1..65535 quanta of 512 bit times");
        }
        long response = p.optionalLong("responseBitTimes", DEFAULT_RESPONSE_BIT_TIMES, 0, 1L << 40);
        long timeout = p.optionalTimePs("deadlockTimeout", DEFAULT_DEADLOCK_TIMEOUT_PS, 1, Limits.MAX_TIME_PS);
        return new PfcSettings(mask, xoff, xon, headroom, quanta, response, mtuBytes, timeout);
    }

    private static int classes(Section p, int trafficClasses) throws ScenarioException {
        Field field = p.optional("classes");
        if (field == null) {
            return 1;
        }
        int control = trafficClasses - 1;
        int mask = 0;
        for (Field item : field.asList("a list of traffic classes such as [0]")) {
            int c = item.asInt(0, trafficClasses - 1);
            if (c == control) {
                throw item.error("class " + c + " is the control class (ACKs, NACKs, trimmed headers), which must"
                        + " stay lossy; lossless classes are 0.." + (control - 1));
            }
            if ((mask & (1 << c)) != 0) {
                throw item.error("class " + c + " is listed twice");
            }
            mask |= 1 << c;
        }
        if (mask == 0) {
            throw field.error("name at least one lossless class, or leave out switch.pfc for no PFC");
        }
        return mask;
    }

    private static long headroom(Section p) throws ScenarioException {
        Field field = p.optional("headroom");
        if (field == null || "auto".equals(field.text())) {
            return PfcSettings.AUTO_HEADROOM;
        }
        return field.asBytes(0, Limits.MAX_BUFFER_BYTES);
    }
}
