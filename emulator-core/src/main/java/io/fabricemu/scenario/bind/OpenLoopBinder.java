package io.fabricemu.scenario.bind;

import io.fabricemu.scenario.workload.CdfText;
import io.fabricemu.scenario.workload.FlowCounts;
import io.fabricemu.scenario.workload.FlowSizeCdf;
import io.fabricemu.scenario.workload.HostRange;
import io.fabricemu.scenario.workload.HostRates;
import io.fabricemu.scenario.workload.OpenLoop;
import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.ScenarioFiles;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.scenario.yaml.Units;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Binds {@code kind: open-loop} ({@link OpenLoop}): {@code load} (a fraction of each host's link rate, 0.3 or 30%),
 * {@code sizes} (a built-in CDF, {@code websearch} or {@code hadoop}, or a CDF file read by {@link CdfText}),
 * {@code hosts} (a range such as {@code 0..15} or a list; every host by default), {@code duration} and
 * {@code start}. The window must end by the run's stop time, since a flow starting then would never send, and
 * it must hold at least one flow.
 */
final class OpenLoopBinder {
    static final String[] FIELDS = {"kind", "load", "sizes", "hosts", "duration", "start"};
    private static final Pattern RANGE = Pattern.compile("([0-9]+)\\s*\\.\\.\\s*([0-9]+)");
    private static final String HOSTS = "a range such as 0..15 or a list of hosts such as [0, 2, 4]";

    private OpenLoopBinder() {
    }

    static OpenLoop bind(Section s, int hostCount, int payloadBytes, HostRates rates, ScenarioFiles files,
                         long stopPs) throws ScenarioException {
        s.declare(FIELDS);
        s.rejectUnknownFields("for kind open-loop");
        int loadPpm = Probabilities.ppm(s, "load", "");
        if (loadPpm == 0) {
            throw s.error("load", "a load of 0 starts no flow; give a fraction of the host link rate above 0, such as"
                    + " 0.3 or 30%");
        }
        Field sizesField = s.required("sizes", "a built-in CDF (" + String.join(", ", CdfText.BUILT_IN)
                + ") or a CDF file");
        FlowSizeCdf sizes = CdfText.read(sizesField, files);
        if (sizes.maxBytes() > Limits.MAX_FLOW_BYTES) {
            throw sizesField.error(sizes.name() + " reaches " + Units.formatBytes(sizes.maxBytes()) + "; a flow may"
                    + " be at most " + Units.formatBytes(Limits.MAX_FLOW_BYTES));
        }
        if (sizes.maxBytes() / payloadBytes >= Limits.MAX_PACKETS_PER_FLOW) {
            throw sizesField.error(sizes.name() + " reaches " + Units.formatBytes(sizes.maxBytes()) + ", more than "
                    + Units.formatCount(Limits.MAX_PACKETS_PER_FLOW) + " packets of " + payloadBytes + " B of payload;"
                    + " give a larger transport.mtu");
        }
        List<Integer> hosts = hosts(s, hostCount);
        long durationPs = s.requiredTimePs("duration", 1, Limits.MAX_TIME_PS);
        long startPs = s.optionalTimePs("start", 0, 0, Limits.MAX_TIME_PS);
        if (startPs > stopPs - durationPs) {
            throw s.error("duration", "the window from start (" + Units.formatTimePs(startPs) + ") for "
                    + Units.formatTimePs(durationPs) + " ends after stop (" + Units.formatTimePs(stopPs)
                    + "): flows starting then would never send; shorten it, or raise stop");
        }
        List<Long> rateBps = new ArrayList<>(hosts.size());
        for (int host : hosts) {
            rateBps.add(rates.rateBps(host));
        }
        OpenLoop load = new OpenLoop(loadPpm, sizes, hosts, rateBps, startPs, durationPs);
        long flows = load.flowCount(hostCount);
        if (flows == 0) {
            throw s.error("duration", Units.formatTimePs(durationPs) + " at this load holds no flow: a host starts one"
                    + " every " + Units.formatTimePs(meanGapPs(load)) + " on average; give a longer duration or a"
                    + " higher load");
        }
        if (flows > FlowCounts.MAX_FLOWS) {
            throw s.error("duration", "the window holds " + Units.formatCount(flows) + " flows; at most "
                    + Units.formatCount(FlowCounts.MAX_FLOWS) + " can be listed: give a shorter duration");
        }
        return load;
    }

    /** A host's mean time between flows, for the message on an empty window. */
    private static long meanGapPs(OpenLoop load) {
        double flowsPerSecond = load.loadPpm() / 1e6 * load.rateBps().get(0) / 8.0 / load.sizes().meanBytes();
        return (long) Math.min(Limits.MAX_TIME_PS, 1e12 / flowsPerSecond);
    }

    private static List<Integer> hosts(Section s, int hostCount) throws ScenarioException {
        Field field = s.optional("hosts");
        List<Integer> hosts = new ArrayList<>();
        if (field == null) {
            for (int h = 0; h < hostCount; h++) {
                hosts.add(h);
            }
        } else if (field.isList()) {
            for (Field item : field.asList(HOSTS)) {
                int host = HostRange.host(item, hostCount);
                if (hosts.contains(host)) {
                    throw item.error("host " + host + " is listed twice; list each host once");
                }
                hosts.add(host);
            }
        } else {
            String text = field.asText(Pattern.compile(".*"), HOSTS);
            Matcher m = RANGE.matcher(text);
            if (!m.matches()) {
                throw field.error("'" + text + "' is not a set of hosts; use " + HOSTS);
            }
            BigInteger from = new BigInteger(m.group(1));
            BigInteger to = new BigInteger(m.group(2));
            if (from.compareTo(to) > 0) {
                throw field.error("the range " + text + " runs backwards; write the lower host first, e.g. " + to
                        + ".." + from);
            }
            if (to.compareTo(BigInteger.valueOf(hostCount)) >= 0) {
                throw field.error("host " + to + " does not exist; " + HostRange.describe(hostCount));
            }
            for (int h = from.intValueExact(); h <= to.intValueExact(); h++) {
                hosts.add(h);
            }
        }
        if (hosts.size() < 2) {
            throw s.error(field == null ? "kind" : "hosts", "an open-loop load needs at least 2 hosts, each sending"
                    + " to the others; " + (field == null ? HostRange.describe(hostCount)
                    : "this one has " + hosts.size()));
        }
        return hosts;
    }
}
