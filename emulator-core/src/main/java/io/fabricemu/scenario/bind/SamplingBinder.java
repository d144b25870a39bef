package io.fabricemu.scenario.bind;

import io.fabricemu.engine.Sampling;
import io.fabricemu.fabric.FlowPick;
import io.fabricemu.fabric.PortPick;
import java.util.ArrayList;
import java.util.List;
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
 *   flows: [7, 10-20, group=incast, collective=ring, src=0-7, dst=15]   # recorded one by one (FlowPick)
 *   ports: [leaf1:p36, switch=spine0, tier=2]           # ports written and plotted besides the hottest (PortPick)
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
        s.declare("interval", "maxPoints", "flows", "ports");
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

    private static final java.util.regex.Pattern RANGE = java.util.regex.Pattern.compile("(\\d{1,9})(?:-(\\d{1,9}))?");
    private static final String FORMS = "a flow id (7), a range of ids (10-20), group=NAME (a mix part),"
            + " collective=NAME (a collective, as collectives.csv names it), src=HOSTS or dst=HOSTS (a host or a range"
            + " of hosts, 0-7)";

    /**
     * The {@code flows} field: which flows are recorded one by one ({@link FlowPick}); absent means the even
     * spread. Hosts are checked against the topology's {@code hostCount}; ids and groups against the workload when
     * the run is prepared.
     */
    public static FlowPick flows(Section s, int hostCount) throws ScenarioException {
        s.declare("interval", "maxPoints", "flows", "ports");
        Field field = s.optional("flows");
        if (field == null) {
            return FlowPick.SPREAD;
        }
        if (!field.isList()) {
            throw field.error("a list of flow selectors, each " + FORMS + "; e.g. flows: [7, group=incast]");
        }
        List<FlowPick.Selector> selectors = new ArrayList<>();
        for (Field item : field.asList("a flow selector")) {
            selectors.add(selector(item, hostCount));
        }
        if (selectors.isEmpty()) {
            throw field.error("an empty list chooses nothing; leave flows out for the even spread, or give " + FORMS);
        }
        return new FlowPick(selectors);
    }

    private static FlowPick.Selector selector(Field item, int hostCount) throws ScenarioException {
        String text = item.text().trim();
        int eq = text.indexOf('=');
        if (eq < 0) {
            int[] r = range(item, text, "flow id", Integer.MAX_VALUE);
            return new FlowPick.Ids(r[0], r[1]);
        }
        String key = text.substring(0, eq).trim();
        String value = text.substring(eq + 1).trim();
        switch (key) {
            case "group":
                if (value.isEmpty()) {
                    throw item.error("group= needs the name of a mix part");
                }
                return new FlowPick.Group(value);
            case "collective":
                if (value.isEmpty()) {
                    throw item.error("collective= needs the name of a collective (its mix part's name, else its"
                            + " kind, as collectives.csv names it)");
                }
                return new FlowPick.Collective(value);
            case "src": {
                int[] r = range(item, value, "host", hostCount);
                return new FlowPick.Source(r[0], r[1]);
            }
            case "dst": {
                int[] r = range(item, value, "host", hostCount);
                return new FlowPick.Destination(r[0], r[1]);
            }
            default:
                throw item.error("'" + key + "=' is not a flow selector; use " + FORMS);
        }
    }

    /** {@code N} or {@code A-B} with A at most B, both below {@code limit}. */
    private static int[] range(Field item, String text, String what, int limit) throws ScenarioException {
        java.util.regex.Matcher m = RANGE.matcher(text);
        if (!m.matches()) {
            throw item.error("'" + text + "' is not a " + what + " or a range of them; use " + FORMS);
        }
        int from = Integer.parseInt(m.group(1));
        int to = m.group(2) == null ? from : Integer.parseInt(m.group(2));
        if (to < from) {
            throw item.error("'" + text + "' is an empty range; write the smaller " + what + " first");
        }
        if (to >= limit) {
            throw item.error(what + " " + to + " does not exist; the topology has hosts 0.." + (limit - 1));
        }
        return new int[] {from, to};
    }

    private static final java.util.regex.Pattern PORT_ID = java.util.regex.Pattern.compile("[A-Za-z0-9._-]{1,64}:[A-Za-z0-9._-]{1,64}");
    private static final java.util.regex.Pattern NODE = java.util.regex.Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final String PORT_FORMS = "a port as ports.csv names it (leaf1:p36, h7:nic), switch=NAME (a switch's"
            + " or host's ports), tier=0..3 or all";

    /**
     * The {@code ports} field: which ports {@code series-ports.csv} and the queue plot show besides the hottest
     * ({@link PortPick}); absent means the hottest only. A name that matches no port writes nothing for it.
     */
    public static PortPick ports(Section s) throws ScenarioException {
        s.declare("interval", "maxPoints", "flows", "ports");
        Field field = s.optional("ports");
        if (field == null) {
            return PortPick.HOTTEST;
        }
        if (!field.isList()) {
            throw field.error("a list of port selectors, each " + PORT_FORMS + "; e.g. ports: [leaf1:p36, tier=2]");
        }
        List<PortPick.Selector> selectors = new ArrayList<>();
        for (Field item : field.asList("a port selector")) {
            String text = item.text().trim();
            if (text.equals("all")) {
                selectors.add(new PortPick.All());
            } else if (text.startsWith("switch=") && NODE.matcher(text.substring(7)).matches()) {
                selectors.add(new PortPick.Node(text.substring(7)));
            } else if (text.matches("tier=[0-3]")) {
                selectors.add(new PortPick.Tier(text.charAt(5) - '0'));
            } else if (PORT_ID.matcher(text).matches()) {
                selectors.add(new PortPick.Name(text));
            } else {
                throw item.error("'" + (text.length() > 40 ? text.substring(0, 40) + "..." : text)
                        + "' is not a port selector; use " + PORT_FORMS);
            }
        }
        if (selectors.isEmpty()) {
            throw field.error("an empty list chooses nothing; leave ports out for the hottest, or give " + PORT_FORMS);
        }
        return new PortPick(selectors);
    }
}
