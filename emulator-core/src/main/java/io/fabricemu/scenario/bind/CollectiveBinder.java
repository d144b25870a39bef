package io.fabricemu.scenario.bind;

import io.fabricemu.scenario.workload.Collective;
import io.fabricemu.scenario.workload.HostRange;
import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.yaml.Limits;
import io.fabricemu.scenario.yaml.MapNode;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Binds a collective workload ({@link Collective}): {@code kind}, {@code algorithm}, {@code ranks} (a range such as
 * {@code 0..7}, a list of hosts, or {@code {rail: G}}, GPU G of every node of a rail-optimised fabric; every host by
 * default), {@code bytes}, {@code chunks}, {@code iterations}, {@code computeGap}, {@code start} and {@code skew},
 * each error at its own line.
 */
final class CollectiveBinder {
    static final String[] FIELDS = {"kind", "algorithm", "ranks", "bytes", "chunks", "iterations", "computeGap",
            "start", "skew"};
    static final int MAX_CHUNKS = 1024;
    static final int MAX_ITERATIONS = 100_000;
    private static final Pattern RANGE = Pattern.compile("([0-9]+)\\s*\\.\\.\\s*([0-9]+)");
    private static final String RANKS = "a range such as 0..7, a list of hosts such as [0, 2, 4, 6], or {rail: 0} on"
            + " a rail-optimised fabric";

    private CollectiveBinder() {
    }

    /**
     * @param gpusPerNode GPUs per node of a rail-optimised fabric, 0 for any other topology
     * @param bytesOf     the binder's check of {@code bytes} against the packets a flow may have
     * @param startOf     the binder's check of {@code start} against the run's stop time
     */
    static Collective bind(Section s, String kind, int hostCount, int gpusPerNode, SectionValue bytesOf,
                           SectionValue startOf) throws ScenarioException {
        s.declare(FIELDS);
        s.rejectUnknownFields("for kind " + kind + " (a collective)");
        String algorithm = s.optionalOneOf("algorithm", Collective.algorithms(kind).get(0),
                Collective.algorithms(kind));
        List<Integer> ranks = ranks(s, hostCount, gpusPerNode);
        if (algorithm.equals("halving-doubling") && Integer.bitCount(ranks.size()) != 1) {
            throw s.error(s.has("ranks") ? "ranks" : "algorithm", "halving-doubling pairs ranks by halves, so it"
                    + " needs a power of two ranks (2, 4, 8, ...); there are " + ranks.size() + ": use ring or"
                    + " another set of ranks");
        }
        int chunks = s.optionalInt("chunks", 1, 1, MAX_CHUNKS);
        long bytes = bytesOf.read(s);
        long smallest = Collective.minBytes(ranks.size(), chunks);
        if (bytes < smallest) {
            throw s.error("bytes", "'" + s.optional("bytes").text() + "' is too few for " + ranks.size() + " ranks in "
                    + chunks + " chunk" + (chunks == 1 ? "" : "s") + ": every chunk of every step needs a byte, so"
                    + " at least " + smallest + "B");
        }
        int iterations = s.optionalInt("iterations", 1, 1, MAX_ITERATIONS);
        long computeGapPs = s.optionalTimePs("computeGap", 0, 0, Limits.MAX_TIME_PS);
        long startPs = startOf.read(s);
        Section skew = s.has("skew") ? s.optionalSection("skew") : null;
        long skewMaxPs = 0;
        boolean prePosted = false;
        if (skew != null) {
            skew.declare("max", "receives");
            skew.rejectUnknownFields();
            // 0: the ranks in step, every receive posted in time, as with no skew: what a skew sweep compares to
            skewMaxPs = skew.requiredTimePs("max", 0, Limits.MAX_TIME_PS);
            prePosted = skew.optionalOneOf("receives", "on-step", List.of("on-step", "pre-posted"))
                    .equals("pre-posted") && skewMaxPs > 0;
        }
        try {
            return new Collective(kind, algorithm, ranks, bytes, chunks, iterations, computeGapPs, startPs, skewMaxPs,
                    prePosted);
        } catch (IllegalArgumentException invalid) {
            throw s.error(invalid);
        }
    }

    /** A field read with a check shared with the other workloads (bytes, start). */
    interface SectionValue {
        long read(Section s) throws ScenarioException;
    }

    private static List<Integer> ranks(Section s, int hostCount, int gpusPerNode) throws ScenarioException {
        return ranks(s, "ranks", hostCount, gpusPerNode);
    }

    /** The hosts field {@code name} of {@code s} lists (all hosts when absent), at least 2. */
    static List<Integer> ranks(Section s, String name, int hostCount, int gpusPerNode) throws ScenarioException {
        Field field = s.optional(name);
        List<Integer> ranks = new ArrayList<>();
        if (field == null) {
            for (int h = 0; h < hostCount; h++) {
                ranks.add(h);
            }
        } else if (field.isList()) {
            for (Field item : field.asList(RANKS)) {
                int host = HostRange.host(item, hostCount);
                int earlier = ranks.indexOf(host);
                if (earlier >= 0) {
                    throw item.error("host " + host + " is listed twice (also at " + field.path() + "[" + earlier
                            + "]); a host is one rank");
                }
                ranks.add(host);
            }
        } else if (field.node() instanceof MapNode) {
            Section rail = field.asSection();
            rail.declare("rail");
            rail.rejectUnknownFields();
            if (gpusPerNode == 0) {
                throw field.error("{rail: G} picks GPU G of every node of a rail-optimised fabric, and this"
                        + " topology is not one; give a range such as 0..7 or a list of hosts");
            }
            int gpu = rail.requiredInt("rail", 0, gpusPerNode - 1);
            for (int h = gpu; h < hostCount; h += gpusPerNode) {
                ranks.add(h);
            }
        } else {
            String text = field.asText(Pattern.compile(".*"), RANKS);
            Matcher m = RANGE.matcher(text);
            if (!m.matches()) {
                throw field.error("'" + text + "' is not a set of ranks; use " + RANKS);
            }
            BigInteger from = new BigInteger(m.group(1));
            BigInteger to = new BigInteger(m.group(2));
            if (from.compareTo(to) > 0) {
                throw field.error("the range " + text + " runs backwards; write the lower host first, e.g. "
                        + to + ".." + from);
            }
            if (to.compareTo(BigInteger.valueOf(hostCount)) >= 0) {
                throw field.error("host " + to + " does not exist; " + HostRange.describe(hostCount));
            }
            for (int h = from.intValueExact(); h <= to.intValueExact(); h++) {
                ranks.add(h);
            }
        }
        if (ranks.size() < 2) {
            throw s.error(name, "a collective needs at least 2 ranks, this one has " + ranks.size());
        }
        return ranks;
    }

}
