package io.fabricemu.run;

import io.fabricemu.time.Ps;
import io.fabricemu.topology.Topology;
import java.util.ArrayList;
import java.util.List;

/**
 * The few lines a run across JVMs prints about its {@link PartitionPlan}, e.g.
 * <pre>
 * partition: 2 members x 2 shards, 10240 elements, fingerprint 5d1c0a7e93f2b8c4
 * member 0: shards 0-1, 512 hosts, 64 tor + 64 agg + 32 core, 5120 elements (2560 + 2560)
 * member 1: shards 2-3, 512 hosts, 64 tor + 64 agg + 32 core, 5120 elements (2560 + 2560)
 * pods: 16, kept whole on one member: 16, on one shard: 16
 * cut between members: 512 cables (0-1: 512), smallest delay 250.000 ns (250000 ps)
 * cut between shards of a member: 512 cables (member 0: 256, member 1: 256)
 * </pre>
 * Switch roles are the prefixes of switch names ({@code tor0.1} is a {@code tor}), in tier order. Beyond
 * {@link #MEMBER_LINES} members the member lines give way to one line of least and most; beyond
 * {@link #PAIR_LIST} members the pairs to the busiest and quietest pair.
 */
final class PlanText {
    /** Most members that get a line each. */
    static final int MEMBER_LINES = 16;
    /** Most members whose every pair of cut cables is listed. */
    static final int PAIR_LIST = 4;
    /** Most shards per member whose element counts are listed one by one. */
    private static final int SHARD_LIST = 8;

    private PlanText() {
    }

    static String of(PartitionPlan plan, Topology t, SwitchSequence sequence) {
        int members = plan.members();
        int perMember = plan.shardsPerMember();
        int[] shardOf = plan.shardOf();
        int[] elementsOfShard = new int[plan.shards()];
        for (int s : shardOf) {
            elementsOfShard[s]++;
        }
        List<String> roles = new ArrayList<>();
        List<Integer> roleTiers = new ArrayList<>();
        for (int n = t.hostCount(); n < t.nodeCount(); n++) {
            String role = role(t.name(n));
            if (!roles.contains(role)) {
                int at = 0;
                while (at < roles.size() && roleTiers.get(at) <= t.tier(n)) {
                    at++;
                }
                roles.add(at, role);
                roleTiers.add(at, t.tier(n));
            }
        }
        int[][] switchesOfRole = new int[members][roles.size()];
        int[] hostsOf = new int[members];
        for (int n = 0; n < t.nodeCount(); n++) {
            int m = plan.shardOfNode(n) / perMember;
            if (t.isHost(n)) {
                hostsOf[m]++;
            } else {
                switchesOfRole[m][roles.indexOf(role(t.name(n)))]++;
            }
        }
        StringBuilder out = new StringBuilder();
        out.append("partition: ").append(members).append(members == 1 ? " member x " : " members x ")
                .append(perMember).append(perMember == 1 ? " shard, " : " shards, ").append(shardOf.length)
                .append(" elements, fingerprint ").append(String.format("%016x", plan.fingerprint())).append('\n');
        if (members <= MEMBER_LINES) {
            for (int m = 0; m < members; m++) {
                out.append("member ").append(m).append(": ").append(perMember == 1 ? "shard " : "shards ")
                        .append(m * perMember).append(perMember == 1 ? "" : "-" + ((m + 1) * perMember - 1))
                        .append(", ").append(hostsOf[m]).append(" hosts, ");
                for (int r = 0; r < roles.size(); r++) {
                    out.append(r == 0 ? "" : " + ").append(switchesOfRole[m][r]).append(' ').append(roles.get(r));
                }
                out.append(", ").append(plan.elementsOf(m)).append(" elements");
                if (perMember > 1) {
                    out.append(" (").append(shardList(elementsOfShard, m * perMember, perMember)).append(')');
                }
                out.append('\n');
            }
        } else {
            out.append("members 0-").append(members - 1).append(": hosts ").append(range(hostsOf))
                    .append(", switches ").append(range(sums(switchesOfRole))).append(", elements ")
                    .append(range(elementsOfMembers(elementsOfShard, members, perMember)))
                    .append(" per member; elements ").append(range(elementsOfShard)).append(" per shard\n");
        }
        out.append(podLine(plan, sequence));
        out.append("cut between members: ").append(plan.cutLinks()).append(" cables");
        if (plan.cutLinks() > 0) {
            out.append(" (").append(pairs(plan)).append("), smallest delay ")
                    .append(Ps.format(plan.cutLookaheadPs())).append(" (").append(plan.cutLookaheadPs())
                    .append(" ps)");
        }
        out.append('\n');
        if (perMember > 1) {
            int inside = 0;
            int[] byMember = new int[members];
            for (int m = 0; m < members; m++) {
                byMember[m] = plan.cutLinksInside(m);
                inside += byMember[m];
            }
            out.append("cut between shards of a member: ").append(inside).append(" cables");
            if (members <= PAIR_LIST) {
                out.append(" (");
                for (int m = 0; m < members; m++) {
                    out.append(m == 0 ? "" : ", ").append("member ").append(m).append(": ").append(byMember[m]);
                }
                out.append(')');
            } else {
                out.append(" (").append(range(byMember)).append(" per member)");
            }
            out.append('\n');
        }
        return out.toString();
    }

    /** How many pods stayed whole on one member, and on one shard. */
    private static String podLine(PartitionPlan plan, SwitchSequence sequence) {
        int[] line = sequence.nodes();
        int[] pods = sequence.pods();
        int podCount = 0;
        int wholeOnMember = 0;
        int wholeOnShard = 0;
        int from = 0;
        while (from < line.length) {
            int to = from;
            boolean oneMember = true;
            boolean oneShard = true;
            int shard = plan.shardOfNode(line[from]);
            while (to < line.length && pods[to] == pods[from]) {
                int s = plan.shardOfNode(line[to]);
                oneShard &= s == shard;
                oneMember &= plan.memberOf(s) == plan.memberOf(shard);
                to++;
            }
            if (pods[from] < sequence.podCount()) {
                podCount++;
                wholeOnMember += oneMember ? 1 : 0;
                wholeOnShard += oneShard ? 1 : 0;
            }
            from = to;
        }
        return "pods: " + podCount + ", kept whole on one member: " + wholeOnMember + ", on one shard: "
                + wholeOnShard + "\n";
    }

    private static String pairs(PartitionPlan plan) {
        int members = plan.members();
        StringBuilder out = new StringBuilder();
        if (members <= PAIR_LIST) {
            for (int a = 0; a < members; a++) {
                for (int b = a + 1; b < members; b++) {
                    if (plan.cutLinksBetween(a, b) > 0) {
                        out.append(out.length() == 0 ? "" : ", ").append(a).append('-').append(b).append(": ")
                                .append(plan.cutLinksBetween(a, b));
                    }
                }
            }
            return out.toString();
        }
        int pairs = 0;
        int least = Integer.MAX_VALUE;
        int most = 0;
        for (int a = 0; a < members; a++) {
            for (int b = a + 1; b < members; b++) {
                int c = plan.cutLinksBetween(a, b);
                if (c > 0) {
                    pairs++;
                    least = Math.min(least, c);
                    most = Math.max(most, c);
                }
            }
        }
        return pairs + " of " + (members * (members - 1) / 2) + " pairs, " + least + "-" + most + " per pair";
    }

    private static String shardList(int[] elementsOfShard, int first, int count) {
        if (count > SHARD_LIST) {
            int[] slice = new int[count];
            System.arraycopy(elementsOfShard, first, slice, 0, count);
            return range(slice) + " per shard";
        }
        StringBuilder out = new StringBuilder();
        for (int s = first; s < first + count; s++) {
            out.append(s == first ? "" : " + ").append(elementsOfShard[s]);
        }
        return out.toString();
    }

    private static int[] elementsOfMembers(int[] elementsOfShard, int members, int perMember) {
        int[] out = new int[members];
        for (int s = 0; s < elementsOfShard.length; s++) {
            out[s / perMember] += elementsOfShard[s];
        }
        return out;
    }

    private static int[] sums(int[][] rows) {
        int[] out = new int[rows.length];
        for (int i = 0; i < rows.length; i++) {
            for (int v : rows[i]) {
                out[i] += v;
            }
        }
        return out;
    }

    /** "least-most", or the one value when they agree. */
    private static String range(int[] values) {
        int least = Integer.MAX_VALUE;
        int most = Integer.MIN_VALUE;
        for (int v : values) {
            least = Math.min(least, v);
            most = Math.max(most, v);
        }
        return least == most ? Integer.toString(least) : least + "-" + most;
    }

    /** A switch's role: its name up to the first digit ({@code tor0.1} is a {@code tor}). */
    private static String role(String name) {
        int end = 0;
        while (end < name.length() && !Character.isDigit(name.charAt(end))) {
            end++;
        }
        return name.substring(0, end);
    }
}
