package io.fabricemu.scenario.workload;

import io.fabricemu.fabric.FlowSpec;
import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.scenario.yaml.Suggestion;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The entries of a {@code flows} list with their dependencies: each entry may be named ({@code id}) and wait for
 * named entries of the same list ({@code after: [ids]}, then {@code gap}). Resolves the names to indices, and
 * reports a duplicate id, an unknown or repeated name, a flow waiting for itself, a gap without anything to wait
 * for, and a cycle of waits, each at the line of the field at fault. An entry of several messages ({@code messages})
 * becomes one flow per message ({@link FlowMessages}).
 */
public final class FlowEntries {
    /** Binds one entry, given its dependencies as indices into the list. */
    public interface EntryBinder {
        FlowSpec bind(Section entry, int[] after) throws ScenarioException;
    }

    /** The fields of an entry, in the order messages list them. */
    public static final String[] FIELDS = {"src", "dst", "bytes", "start", "id", "after", "gap", "recvPosted",
        "recvDelay", "messages", "recvEvery"};
    static final Pattern ID = Pattern.compile("[A-Za-z0-9_.:-]+");
    static final String ID_RULE = "an id of letters, digits, '-', '_', '.' and ':' such as step-1";
    private static final int[] NONE = new int[0];

    private final List<Section> entries;
    private final EntryBinder binder;

    public FlowEntries(List<Section> entries, EntryBinder binder) {
        this.entries = entries;
        this.binder = binder;
    }

    public List<FlowSpec> bind() throws ScenarioException {
        List<String> ids = ids();
        java.util.Map<String, Integer> indexOf = new java.util.HashMap<>();
        for (int i = 0; i < ids.size(); i++) {
            if (!ids.get(i).isEmpty()) {
                indexOf.put(ids.get(i), i);
            }
        }
        List<FlowSpec> flows = new ArrayList<>(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            Section entry = entries.get(i);
            int[] after = after(entry, i, ids, indexOf);
            if (after.length == 0 && entry.has("gap")) {
                throw entry.error("gap", "gap is the wait after the flows named in after, and this flow names none;"
                        + " give after: [ids] or leave gap out");
            }
            flows.add(binder.bind(entry, after));
        }
        List<Integer> cycle = FlowDependencies.cycle(flows);
        if (!cycle.isEmpty()) {
            StringBuilder chain = new StringBuilder("'" + ids.get(cycle.get(0)) + "' waits for ");
            for (int k = 1; k < cycle.size(); k++) {
                chain.append("'").append(ids.get(cycle.get(k))).append("', which waits for ");
            }
            chain.append("'").append(ids.get(cycle.get(0))).append("'");
            throw entries.get(cycle.get(0)).error("after", chain + ": a cycle, so none of these flows would ever"
                    + " start; remove one of the waits");
        }
        return FlowMessages.split(entries, flows);
    }

    /** Each entry's id, "" for one without. */
    private List<String> ids() throws ScenarioException {
        List<String> ids = new ArrayList<>(entries.size());
        java.util.Map<String, Integer> first = new java.util.HashMap<>();
        for (Section entry : entries) {
            entry.declare(FIELDS);
            entry.rejectUnknownFields();
            String id = entry.has("id") ? entry.requiredText("id", ID, ID_RULE) : "";
            Integer seen = id.isEmpty() ? null : first.putIfAbsent(id, ids.size());
            int earlier = seen == null ? -1 : seen;
            if (earlier >= 0) {
                throw entry.error("id", "id '" + id + "' is also given to " + entries.get(earlier).label()
                        + "; give each flow its own id");
            }
            ids.add(id);
        }
        return ids;
    }

    private int[] after(Section entry, int self, List<String> ids, java.util.Map<String, Integer> indexOf)
            throws ScenarioException {
        Field list = entry.optional("after");
        if (list == null) {
            return NONE;
        }
        String expected = "a list of flow ids such as [step-1, step-2]";
        List<Field> items = list.asList(expected);
        if (items.isEmpty()) {
            throw list.error("the list is empty; name the ids of the flows this one waits for, or leave after out");
        }
        int[] after = new int[items.size()];
        for (int k = 0; k < items.size(); k++) {
            Field item = items.get(k);
            String id = item.asText(ID, ID_RULE);
            Integer found = indexOf.get(id);
            int index = found == null ? -1 : found;
            if (index < 0) {
                throw item.error("no flow of this list has id '" + id + "'; " + known(ids)
                        + Suggestion.closest(id, named(ids)));
            }
            if (index == self) {
                throw item.error("a flow cannot wait for itself ('" + id + "' is this flow's id)");
            }
            for (int j = 0; j < k; j++) {
                if (after[j] == index) {
                    throw item.error("'" + id + "' is listed twice; name each flow once");
                }
            }
            after[k] = index;
        }
        return after;
    }

    private static List<String> named(List<String> ids) {
        List<String> named = new ArrayList<>();
        for (String id : ids) {
            if (!id.isEmpty()) {
                named.add(id);
            }
        }
        return named;
    }

    private static String known(List<String> ids) {
        List<String> named = named(ids);
        if (named.isEmpty()) {
            return "no flow has an id yet: give the flow to wait for one (id: ...)";
        }
        if (named.size() > 20) {
            return "the ids are " + String.join(", ", named.subList(0, 20)) + " and " + (named.size() - 20) + " more";
        }
        return "the ids are " + String.join(", ", named);
    }
}
